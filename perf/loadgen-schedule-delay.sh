#!/usr/bin/env bash
# Benchmark (not a test): how late does the Java LoadGen issue Server queries on the real clock?
# Runs `./harness loadgen` in the Server scenario against the built-in zero-latency SUT at each target QPS and
# reports the schedule delay (issued - scheduled) percentiles from schedule_delay.tsv.
#
# Usage: perf/loadgen-schedule-delay.sh [QPS ...]          (default: 2000 20000)
# Env:   DURATION_MS (default 30000) run length per rate; OUT (default a temp dir) where the runs are kept;
#        SPIN_NANOS to override the clock's final busy-wait window (default in SystemClock: 150000).
# Targets (2 cores): p99 <= 100 us at 2k QPS, p99 <= 1 ms at 20k QPS. The machine's load average is printed
# with each run because other processes competing for the cores dominate the tail.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rates=("$@")
[ ${#rates[@]} -gt 0 ] || rates=(2000 20000)
duration="${DURATION_MS:-30000}"
out="${OUT:-$(mktemp -d -t loadgen-bench.XXXXXX)}"
java_opts=""
[ -n "${SPIN_NANOS:-}" ] && java_opts="-Dllmharness.loadgen.spinNanos=$SPIN_NANOS"

# Build once (the launcher builds on first use and when sources changed).
"$root/harness" --version >/dev/null

percentile() { # <sorted file> <count> <p> -> nearest-rank value (LoadGen style: index floor(n * p))
  local idx
  idx=$(awk -v n="$2" -v p="$3" 'BEGIN { i = int(n * p); if (i >= n) i = n - 1; print i + 1 }')
  sed -n "${idx}p" "$1"
}

echo "cores: $(nproc), duration per rate: ${duration} ms, runs kept in $out"
printf '%-8s %-10s %-10s %-10s %-10s %-10s %s\n' "qps" "queries" "p50_us" "p99_us" "p99.9_us" "max_us" "load(1m) before/after"
for qps in "${rates[@]}"; do
  dir="$out/server-$qps"
  mkdir -p "$dir"
  before=$(cut -d' ' -f1 /proc/loadavg)
  JAVA_TOOL_OPTIONS="$java_opts" HARNESS_SKIP_BUILD=1 "$root/harness" loadgen --scenario Server \
    --total-samples 1024 --performance-samples 1024 --set "server_target_qps=$qps" --set "min_duration_ms=$duration" \
    --no-trace --schedule-log --output-dir "$dir" >"$dir/stdout.txt" 2>"$dir/stderr.txt" || true
  after=$(cut -d' ' -f1 /proc/loadavg)
  tail -n +2 "$dir/schedule_delay.tsv" | cut -f4 | sort -n >"$dir/delays.sorted"
  n=$(wc -l <"$dir/delays.sorted")
  us() { awk -v v="$1" 'BEGIN { printf "%.1f", v / 1000 }'; }
  printf '%-8s %-10s %-10s %-10s %-10s %-10s %s\n' "$qps" "$n" \
    "$(us "$(percentile "$dir/delays.sorted" "$n" 0.5)")" "$(us "$(percentile "$dir/delays.sorted" "$n" 0.99)")" \
    "$(us "$(percentile "$dir/delays.sorted" "$n" 0.999)")" "$(us "$(tail -n 1 "$dir/delays.sorted")")" "$before/$after"
done
