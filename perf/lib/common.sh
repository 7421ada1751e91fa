# Shared set-up of the perf scripts (sourced by perf/run.sh, perf/ab.sh and perf/trace-replay.sh after they set
# $root): the JDK, a work folder, the build, the jar, the launcher's JVM options, and the simulator's start and stop.

# perf_setup NAME: finds the JDK (java), makes the work folder (work: a temporary harness-NAME.XXXXXX), builds the
# jar unless SKIP_BUILD=1 (jar), reads the launcher's JVM options (jvm_options: scripts/jvm-options.sh, as ./harness
# starts the harness) and stops the simulator when the script exits.
perf_setup() {
  # shellcheck source=../../scripts/find-jdk.sh
  . "$root/scripts/find-jdk.sh"
  harness_find_jdk
  java="$JAVA_HOME/bin/java"
  work="$(mktemp -d -t "harness-$1.XXXXXX")"
  if [ "${SKIP_BUILD:-}" != 1 ]; then
    echo "$(basename "$0"): building (./mvnw -DskipTests package)" >&2
    (cd "$root" && ./mvnw -B -q -DskipTests -Dspotless.check.skip=true package) >"$work/build.txt" 2>&1 \
      || { tail -n 30 "$work/build.txt" >&2; exit 1; }
  fi
  jar="$root/harness-app/target/llm-harness.jar"
  # shellcheck source=../../scripts/jvm-options.sh
  . "$root/scripts/jvm-options.sh"
  mapfile -t jvm_options < <(harness_jvm_options)
  sim_pid=""
  trap perf_sim_stop EXIT
}

perf_sim_stop() {
  if [ -n "${sim_pid:-}" ]; then
    kill -TERM "$sim_pid" 2>/dev/null
    wait "$sim_pid" 2>/dev/null || true
  fi
  sim_pid=""
}

# perf_sim_start PORT SIM-ARGS...: (re)starts `harness sim --port PORT SIM-ARGS...` in the background, output in
# $work/sim.txt, and waits up to 15 s for its /health. The arrays sim_launch (what runs the JVM, e.g. taskset -c 0)
# and sim_jvm (its JVM options) come first; both may be empty.
perf_sim_start() {
  local port="$1"
  shift
  perf_sim_stop
  "${sim_launch[@]}" "$java" "${sim_jvm[@]}" -jar "$jar" sim --port "$port" "$@" >"$work/sim.txt" 2>&1 &
  sim_pid=$!
  for _ in $(seq 1 150); do
    curl -sf "http://127.0.0.1:$port/health" >/dev/null && return 0
    sleep 0.1
  done
  echo "$(basename "$0"): the simulator did not start; see $work/sim.txt" >&2
  exit 1
}
sim_launch=()
sim_jvm=()

# harness ARGS...: the harness CLI on HARNESS_CPUS (default 1) with the launcher's JVM options, JAVA_OPTS and, for
# perf/ab.sh's sides, side_opts, as ./harness would start it.
harness() {
  # shellcheck disable=SC2086 # JAVA_OPTS and side_opts are lists of options
  taskset -c "${harness_cpus:-1}" "$java" --enable-native-access=ALL-UNNAMED "${jvm_options[@]}" ${JAVA_OPTS:-} \
    ${side_opts:-} -jar "$jar" "$@"
}

# perf_zero_latency_sim PORT [SIM-ARGS...]: the simulator of perf/run.sh and perf/ab.sh: zero latency, pinned to
# SIM_CPUS (default 0), a 2 GiB ParallelGC heap that does not stall it, no prefix cache, no batch limit.
perf_zero_latency_sim() {
  local port="$1"
  shift
  sim_launch=(taskset -c "${sim_cpus:-0}")
  sim_jvm=(-XX:+UseParallelGC -Xms2g -Xmx2g -Xmn1g)
  perf_sim_start "$port" --ttft 0 --itl 0 --no-worker-processes --no-enable-prefix-caching --max-num-seqs 1000000 "$@"
}
