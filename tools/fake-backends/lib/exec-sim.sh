# Sourced by the fake backend launchers. exec_sim ARGS... replaces the shell with `harness sim ARGS...`.
# Java: $HARNESS_JAVA (a java binary or a JDK home), else the newest JDK >= 21 that scripts/find-jdk.sh finds.
# Classpath: $HARNESS_CLASSPATH (tests pass their own class path), else the built harness-app/target/llm-harness.jar.

fake_root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../../.." && pwd)"

exec_sim() {
  local java_bin="${HARNESS_JAVA:-}" cp="${HARNESS_CLASSPATH:-}"
  if [ -n "$java_bin" ] && [ -d "$java_bin" ]; then
    java_bin="$java_bin/bin/java"
  fi
  if [ -z "$java_bin" ]; then
    # shellcheck source=../../../scripts/find-jdk.sh
    . "$fake_root/scripts/find-jdk.sh"
    harness_find_jdk || exit 1
    java_bin="$JAVA_HOME/bin/java"
  fi
  if [ -z "$cp" ]; then
    cp="$fake_root/harness-app/target/llm-harness.jar"
    if [ ! -f "$cp" ]; then
      echo "$fake_name: $cp is not built; run ./mvnw -DskipTests package (or set HARNESS_CLASSPATH)" >&2
      exit 1
    fi
  fi
  exec "$java_bin" --enable-native-access=ALL-UNNAMED -cp "$cp" io.llmharness.cli.Main sim "$@"
}
