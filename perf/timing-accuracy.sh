#!/usr/bin/env bash
# Benchmark (not a test): how closely the simulator keeps its latency model over HTTP and how closely the client
# measures what the simulator wrote, on this machine under its current load (the simulator's /sim/timings is the
# ground truth, same JVM clock). The tests assert only what no load can break (nothing early, nothing read before it
# was written); the figures they used to bound are measured here. Prints one table in milliseconds:
#   * fixed latency, concurrency 1 and 8: first/last token written - scheduled, mean gap between tokens; client
#     first token read - written, E2E from send - model, mean chunk gap;
#   * continuous batching (10 ms + 2 ms per extra sequence): mean step alone and among eight.
#
# Usage: perf/timing-accuracy.sh [requests per row, default 40]
# Env:   TTFT_MS (default 100), ITL_MS (default 12), TOKENS (default 128).
# Needs: a JDK >= 21 (scripts/find-jdk.sh finds it) and the offline Maven repository the build uses.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
requests="${1:-40}"
work="$(mktemp -d -t timing-accuracy.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# shellcheck source=../scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
harness_find_jdk

(cd "$root" && ./mvnw -o -q -pl harness-app -am test-compile dependency:build-classpath \
  -Dmdep.outputFile="$work/deps.txt" -Dmdep.includeScope=test) >"$work/build.txt" 2>&1 \
  || { cat "$work/build.txt" >&2; exit 1; }
cp="$root/harness-app/target/test-classes:$root/harness-app/target/classes:$root/loadgen/target/classes"
cp="$cp:$root/simulator/target/classes:$(cat "$work/deps.txt")"

"$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$cp" io.llmharness.bench.TimingAccuracyBench \
  --requests "$requests" --ttft-ms "${TTFT_MS:-100}" --itl-ms "${ITL_MS:-12}" --tokens "${TOKENS:-128}"
