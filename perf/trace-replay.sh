#!/usr/bin/env bash
# Schedule fidelity of trace replay (docs/bench.md, "Schedule fidelity"): bursty 10k-row Mooncake traces (bursts of 25
# rows 0.1 ms apart) replayed with `harness bench --trace` against `harness sim` (TTFT 5 ms, ITL 0.5 ms, 2 output
# tokens, streamed), the same three cases as the component test (TraceReplayTest):
#   1x   a burst every 30 ms (833 req/s on average) at its recorded pace: 25 rows within 2.5 ms, 10,000 req/s while
#        the burst lasts;
#   10x  a burst every 300 ms replayed ten times faster (the same 833 req/s, bursts 10x denser: 25 rows in 0.25 ms);
#   over a burst every 50 ms at 10x: 5,000 req/s, above what one client core sends beside the simulator;
# and two with the same average rate whose bursts stay within what two shared cores send and answer:
#   1x-1ms   a burst of 25 rows 1 ms apart every 30 ms at 1x (1,000 req/s while the burst lasts);
#   10x-1ms  a burst of 25 rows 10 ms apart every 300 ms at 10x (the same on the replayed clock).
# Each run has the bench's warm start (until the JIT is idle). Prints, per case, the schedule lag from summary.json,
# the scheduler's share of it (issued - scheduled, from requests.csv), the client-health verdict, the warm start line
# and the load average before and after. Not pinned: the replay's client and the simulator share the machine, as in
# the component test. Also per case: the lag p99 of the first, middle and last row of a burst (after the first 2 s),
# which tells a burst above the machine's capacity (lag growing along the burst) from late wake-ups (flat).
# Usage: perf/trace-replay.sh [CASES] (default "1x 10x over 1x-1ms 10x-1ms").
# Env: BENCH_ARGS (more `harness bench` options, e.g. "--jit-nice 0"), PORT (default 18651), SKIP_BUILD=1, KEEP=1
# (keep the raw outputs and print their folder).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
port="${PORT:-18651}"
cases="${1:-1x 10x over 1x-1ms 10x-1ms}"
# shellcheck source=lib/common.sh
. "$root/perf/lib/common.sh"
perf_setup replay
perf_sim_start "$port" --ttft 5 --itl 0.5 --keep-alive-timeout-ms 0

trace() { # every-ms gap-ms -> path of a 10k-row trace: bursts of 25 rows gap ms apart, a burst every every-ms
  local f="$work/bursty-$1-$2.jsonl"
  [ -f "$f" ] || python3 - "$f" "$1" "$2" <<'PY'
import json, sys
path, every, gap = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
with open(path, "w") as f:
    for i in range(10_000):
        at = (i // 25) * every + (i % 25) * gap
        f.write(json.dumps({"timestamp": round(at, 3), "input_length": 20 + i % 13, "output_length": 2,
                            "hash_ids": [i % 2, 1000 + i]}) + "\n")
PY
  echo "$f"
}

for c in $cases; do
  case "$c" in
    1x) every=30 gap=0.1 x=1 ;;
    10x) every=300 gap=0.1 x=10 ;;
    over) every=50 gap=0.1 x=10 ;;
    1x-1ms) every=30 gap=1 x=1 ;;
    10x-1ms) every=300 gap=10 x=10 ;;
    *) echo "trace-replay.sh: unknown case $c (1x, 10x, over, 1x-1ms, 10x-1ms)" >&2; exit 2 ;;
  esac
  load_before="$(cut -d' ' -f1 /proc/loadavg)"
  # shellcheck disable=SC2086 # BENCH_ARGS is a list of options
  "$java" --enable-native-access=ALL-UNNAMED -jar "$jar" bench --trace "$(trace "$every" "$gap")" --trace-format mooncake \
    --trace-block-size 16 --speedup "$x" --endpoint "http://127.0.0.1:$port" --output-dir "$work/runs-$c" ${BENCH_ARGS:-} \
    >"$work/bench-$c.txt" 2>&1 || { tail -n 20 "$work/bench-$c.txt" >&2; exit 1; }
  run="$(ls -d "$work/runs-$c"/*/ | head -n 1)"
  grep -h "warm start" "$work/bench-$c.txt" | sed "s/^/$c: /" || true
  python3 - "$run" "$c (25 rows ${gap} ms apart every ${every} ms, ${x}x)" "$load_before" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY'
import csv, json, sys, glob, os
run, x, before, after = sys.argv[1:5]
s = json.load(open(os.path.join(run, "summary.json")))
lag = s.get("schedule_lag_ms", {})
health = s.get("replay", {}).get("client_health", {})
issue, rows = [], []
for path in glob.glob(os.path.join(run, "**", "requests.csv"), recursive=True):
    for r in csv.DictReader(open(path)):
        if r.get("issued_ns") and r.get("scheduled_ns"):
            issue.append((int(r["issued_ns"]) - int(r["scheduled_ns"])) / 1e6)
        if r.get("dispatched_ns") and r.get("scheduled_ns"):
            rows.append((int(r["scheduled_ns"]), (int(r["dispatched_ns"]) - int(r["scheduled_ns"])) / 1e6,
                         int(r["sample_index"]) % 25))
issue.sort()
p = lambda v, q: v[max(0, min(len(v) - 1, int(-(-q * len(v) // 1)) - 1))] if v else float("nan")
t0 = min(t for t, _, _ in rows) if rows else 0
early = sorted(l for t, l, _ in rows if t - t0 < 2_000_000_000)
late = sorted(l for t, l, _ in rows if t - t0 >= 2_000_000_000)
at = lambda k: sorted(l for t, l, i in rows if t - t0 >= 2_000_000_000 and i == k)
print(f"{x}: schedule lag p50 {lag.get('p50')} ms, p99 {lag.get('p99')} ms, max {lag.get('max')} ms, "
      f"{lag.get('sent_within_1ms_share')} within 1 ms; scheduler (issued - due) p50 {p(issue, .5):.3f} ms, "
      f"p99 {p(issue, .99):.3f} ms; lag p99 in the first 2 s {p(early, .99):.2f} ms, after {p(late, .99):.2f} ms; health {health.get('verdict')} {health.get('reasons')}; "
      f"load average {before} -> {after}")
print(f"{x}: lag p99 by place in the burst (after 2 s): row 1 {p(at(0), .99):.2f} ms, row 13 {p(at(12), .99):.2f} ms, "
      f"row 25 {p(at(24), .99):.2f} ms")
PY
done
if [ "${KEEP:-}" = 1 ]; then
  echo "trace-replay.sh: raw outputs in $work"
else
  rm -rf "$work"
fi
