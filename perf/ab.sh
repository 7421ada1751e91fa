#!/usr/bin/env bash
# Interleaved A/B of two sets of `harness run` arguments on the perf/run.sh set-up (simulator at zero latency pinned to
# SIM_CPUS, harness on HARNESS_CPUS): for each repetition and each rate, a Server run with streamed 100-token answers
# under A then under B, then (e) client-added TTFT at 1,000 QPS under A then B. One line per run: TTFT p50/p99, loop
# lag p99, JIT CPU in the window, verdict. Interleaving puts the machine's drift on both sides alike; compare medians
# over repetitions, not single runs.
# Usage: perf/ab.sh "ARGS A" "ARGS B" [RATES (default "550 1050 1800")] [REPS (default 2)]
#        e.g. perf/ab.sh "--jit-nice 0" "--jit-nice 10"
# Env:   as perf/run.sh (SIM_CPUS, HARNESS_CPUS, PORT, SKIP_BUILD, SECONDS_PER_RUN, JAVA_OPTS); A_JAVA_OPTS and
#        B_JAVA_OPTS add JVM options to one side only (e.g. B_JAVA_OPTS=-XX:+DisableExplicitGC, with "" "" as the
#        argument sets).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
[ $# -ge 2 ] || { echo 'usage: perf/ab.sh "ARGS A" "ARGS B" [RATES] [REPS]' >&2; exit 2; }
a_args="$1"
b_args="$2"
rates="${3:-550 1050 1800}"
reps="${4:-2}"
sim_cpus="${SIM_CPUS:-0}"
harness_cpus="${HARNESS_CPUS:-1}"
port="${PORT:-18652}"
seconds="${SECONDS_PER_RUN:-8}"
lib="$root/perf/lib/perf.py"
# shellcheck source=lib/common.sh
. "$root/perf/lib/common.sh"
perf_setup ab
start_sim() { perf_zero_latency_sim "$port" "$@"; }
python3 "$lib" dataset "$work/ds.json" 2000
echo '{"max_new_tokens": 100, "ignore_eos": true}' >"$work/gen100.json"
python3 "$lib" body "$work/ds.json" 100 true >"$work/body-stream.json"
warm_sim() { BODY="$(cat "$work/body-stream.json")" taskset -c "$harness_cpus" wrk -t1 -c64 "-d${1}s" \
  -s "$root/perf/post.lua" "http://127.0.0.1:$port/v1/completions" >/dev/null; }
n=0
one() { # side args rate -> one line
  local side="$1" args="$2" rate="$3" name side_opts
  n=$((n + 1)); name="$n-$side-$rate"
  if [ "$side" = A ]; then side_opts="${A_JAVA_OPTS:-}"; else side_opts="${B_JAVA_OPTS:-}"; fi
  # shellcheck disable=SC2086
  harness run --model-category llama3.1-8b --dataset-path "$work/ds.json" --api-server-url "http://127.0.0.1:$port" \
    --output-dir "$work/runs/$name" --progress off --set "min_duration_ms=$((seconds * 1000))" \
    --set min_query_count=100 --max-consecutive-failures 0 --scenario Server --server-target-qps "$rate" \
    --generation-config "$work/gen100.json" --request-id-prefix "r$n-" $args >"$work/$name.txt" 2>&1 || true
  local dir; dir="$(ls -d "$work/runs/$name"/*/ | head -n 1)"
  python3 - "$(python3 "$lib" run "$dir")" "$side" "$rate" "$args" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
f = lambda v: "-" if v is None else ("%.2f" % v if isinstance(v, float) else str(v))
print(f"{sys.argv[2]} {sys.argv[3]:>5} QPS: TTFT p50 {f(r['ttft_p50_ms'])} p99 {f(r['ttft_p99_ms'])} ms, loop lag p99 "
      f"{f(r['loop_lag_p99_ms'])} ms, JIT {f(r['jit_ms'])} ms, CPU {f(r['cpu_cores'])}, failed {r['failed']}, "
      f"GC max {f(r['gc_pause_max_ms'])} ms, {r['health']} [{sys.argv[4]}] load {sys.argv[5]}")
PY
  echo "$dir r$n-" >"$work/last-dir"
}
start_sim
warm_sim 12
for rep in $(seq 1 "$reps"); do
  for rate in $rates; do
    one A "$a_args" "$rate"
    one B "$b_args" "$rate"
  done
done
start_sim --record-timings --timings-capacity $((1000 * seconds * 3 * 2 * reps))
warm_sim 6
for rep in $(seq 1 "$reps"); do
  for side in A B; do
    args="$a_args"; [ "$side" = B ] && args="$b_args"
    one "$side" "$args" 1000 >/dev/null
    read -r dir prefix <"$work/last-dir"
    e="$(python3 "$lib" added "$dir" "$port" "$prefix")"
    echo "$side (e) 1000 QPS client-added TTFT: $e [$args]"
  done
done
echo "perf/ab.sh: raw outputs in $work"
