#!/usr/bin/env bash
# Benchmark (not a test): what the harness itself costs on top of the server, measured against the simulator's
# ground truth (/sim/timings: when it wrote each first token, same monotonic clock). Prints one table:
#   * LoadGen alone: schedule delay of `harness loadgen` (zero-latency SUT) at the same QPS — the baseline;
#   * sequential bare socket / LlmClient: first token read - server write, one request in flight;
#   * LoadGen + HttpSut at the target QPS: schedule delay, request arrival - scheduled, first token read - server
#     write, firstTokenComplete - server write.
#
# Usage: perf/harness-cost.sh [QPS, default 1000] [seconds, default 15]
# Env:   SIM=process (default) runs the simulator as its own JVM (`harness sim`), SIM=inprocess inside the bench
#        JVM; TOKENS (default 8), TTFT_MS (default 5), ITL_MS (default 2), EVENT_LOOPS (client, default 2),
#        PORT (default 18556), BENCH_JAVA_OPTS (extra JVM options of the bench JVM, e.g. -Xlog:gc).
# Needs: a JDK >= 21 (scripts/find-jdk.sh finds it) and the offline Maven repository the build uses.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
qps="${1:-1000}"
seconds="${2:-15}"
sim_mode="${SIM:-process}"
tokens="${TOKENS:-8}"
ttft="${TTFT_MS:-5}"
itl="${ITL_MS:-2}"
loops="${EVENT_LOOPS:-2}"
port="${PORT:-18556}"
work="$(mktemp -d -t harness-cost.XXXXXX)"

# shellcheck source=../scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
harness_find_jdk
java="$JAVA_HOME/bin/java"

# Test classes (the bench main lives in the test sources) and the full test class path.
(cd "$root" && ./mvnw -o -q -pl harness-app -am test-compile dependency:build-classpath \
  -Dmdep.outputFile="$work/deps.txt" -Dmdep.includeScope=test) >"$work/build.txt" 2>&1 \
  || { cat "$work/build.txt" >&2; exit 1; }
cp="$root/harness-app/target/test-classes:$root/harness-app/target/classes:$root/loadgen/target/classes"
cp="$cp:$root/simulator/target/classes:$(cat "$work/deps.txt")"

echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"

# Baseline: LoadGen alone against the zero-latency SUT (no HTTP), same QPS and duration.
"$java" --enable-native-access=ALL-UNNAMED -cp "$cp" io.llmharness.cli.Main loadgen --scenario Server \
  --total-samples 512 --performance-samples 512 --set "server_target_qps=$qps" \
  --set "min_duration_ms=$((seconds * 1000))" --no-trace --schedule-log --output-dir "$work/loadgen" \
  >"$work/loadgen.txt" 2>&1 || true
baseline="$(tail -n +2 "$work/loadgen/schedule_delay.tsv" | cut -f4 | sort -n | awk '
  { v[NR] = $1 }
  END { if (NR == 0) { print "0 - - -"; exit }
        i50 = int(NR * 0.5); if (i50 >= NR) i50 = NR - 1
        i99 = int(NR * 0.99); if (i99 >= NR) i99 = NR - 1
        printf "%d %.1f %.1f %.1f", NR, v[i50 + 1] / 1000, v[i99 + 1] / 1000, v[NR] / 1000 }')"

sim_args=()
sim_pid=""
if [ "$sim_mode" = "process" ]; then
  capacity=$((qps * seconds * 3 / 2 + 20000))
  "$java" --enable-native-access=ALL-UNNAMED -cp "$cp" io.llmharness.cli.Main sim --port "$port" \
    --ttft "$ttft" --itl "$itl" --record-timings --timings-capacity "$capacity" --no-worker-processes \
    >"$work/sim.txt" 2>&1 &
  sim_pid=$!
  trap 'kill -TERM $sim_pid 2>/dev/null; wait $sim_pid 2>/dev/null || true' EXIT
  for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$port/health" >/dev/null && break
    sleep 0.1
  done
  sim_args=(--url "http://127.0.0.1:$port")
fi

# shellcheck disable=SC2086
"$java" ${BENCH_JAVA_OPTS:-} -cp "$cp" io.llmharness.bench.HarnessCostBench --qps "$qps" --seconds "$seconds" --tokens "$tokens" \
  --ttft-ms "$ttft" --itl-ms "$itl" --event-loops "$loops" "${sim_args[@]}" | tee "$work/bench.txt" \
  | awk -v base="$baseline" '
      /^measure/ { print; split(base, b, " ")
                   printf "%-66s %8s %10s %10s %10s\n", "LoadGen alone (zero-latency SUT): schedule delay", b[1], b[2], b[3], b[4]
                   next }
      { print }'
echo "# raw outputs in $work"
