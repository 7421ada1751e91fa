#!/usr/bin/env bash
# Benchmark (not a test): how long the report of a large run takes and how big report.html gets. Writes a synthetic
# run of N requests (three stages over two servers, streamed, 2 % failures, server scrapes every second), then times
# the end-of-run report (view, report.html, charts/*.png) twice and `harness report DIR` once.
# Targets (issue: reports): under 10 s for a 1M-request run, report.html under 5 MB.
#
# Usage: perf/report-bench.sh [requests, default 1000000]
# Env:   BENCH_JAVA_OPTS (extra JVM options, e.g. -Xmx4g), KEEP=1 keeps the run directory.
# Needs: a JDK >= 21 (scripts/find-jdk.sh finds it) and the Maven repository the build uses.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
requests="${1:-1000000}"
work="$(mktemp -d -t report-bench.XXXXXX)"
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$work"' EXIT

# shellcheck source=../scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
harness_find_jdk
java="$JAVA_HOME/bin/java"

(cd "$root" && ./mvnw -o -q -pl harness-app -am test-compile dependency:build-classpath \
  -Dmdep.outputFile="$work/deps.txt" -Dmdep.includeScope=test) >"$work/build.txt" 2>&1 \
  || { cat "$work/build.txt" >&2; exit 1; }
cp="$root/harness-app/target/test-classes:$root/harness-app/target/classes:$root/loadgen/target/classes"
cp="$cp:$root/simulator/target/classes:$(cat "$work/deps.txt")"

echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
# shellcheck disable=SC2086
"$java" --enable-native-access=ALL-UNNAMED ${BENCH_JAVA_OPTS:-} -cp "$cp" io.llmharness.bench.ReportBench \
  "$requests" "$work/run"
