# Sourced by ./harness and the bench scripts. Finds the newest installed JDK whose major version is >= 21 and exports
# JAVA_HOME to it. Looks at $HARNESS_JAVA_HOME, $JAVA_HOME, the `java` on PATH and the usual install folders.
# On failure prints one line saying what was found and how to fix it, and returns 1.

harness_jdk_major() { # <java home> -> major version on stdout, or nothing
  local home="$1" v=""
  [ -x "$home/bin/java" ] || return 0
  if [ -f "$home/release" ]; then
    v="$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$home/release")"
  fi
  if [ -z "$v" ]; then
    v="$("$home/bin/java" -version 2>&1 | sed -n 's/.*version "\([^"]*\)".*/\1/p' | head -n 1)"
  fi
  v="${v#1.}"
  printf '%s\n' "${v%%[.+-]*}"
}

harness_find_jdk() {
  local min=21 best="" best_major=0 seen="" cand major
  local candidates=()
  [ -n "${HARNESS_JAVA_HOME:-}" ] && candidates+=("$HARNESS_JAVA_HOME")
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if command -v java >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  fi
  # HARNESS_JDK_DIRS (colon-separated folders holding JDKs) replaces the usual install folders.
  local dirs=(/usr/lib/jvm /usr/java /opt/java /opt "$HOME/.sdkman/candidates/java" "$HOME/.jdks" \
      /Library/Java/JavaVirtualMachines)
  [ -n "${HARNESS_JDK_DIRS:-}" ] && IFS=: read -r -a dirs <<<"$HARNESS_JDK_DIRS"
  for d in "${dirs[@]}"; do
    for cand in "$d"/* "$d"/*/Contents/Home; do
      [ -d "$cand" ] && candidates+=("$cand")
    done
  done
  for cand in "${candidates[@]}"; do
    major="$(harness_jdk_major "$cand")"
    [ -n "$major" ] || continue
    seen="${seen:+$seen,} Java $major at $cand"
    # An explicit HARNESS_JAVA_HOME wins when it is new enough.
    if [ "$cand" = "${HARNESS_JAVA_HOME:-}" ] && [ "$major" -ge "$min" ]; then
      best="$cand"; best_major="$major"; break
    fi
    if [ "$major" -ge "$min" ] && [ "$major" -gt "$best_major" ]; then
      best="$cand"; best_major="$major"
    fi
  done
  if [ -z "$best" ]; then
    echo "harness: needs a JDK $min or newer, found${seen:- none}; install one (Debian: apt install openjdk-21-jdk-headless, or any Temurin $min+) or set HARNESS_JAVA_HOME to it" >&2
    return 1
  fi
  export JAVA_HOME="$best"
}
