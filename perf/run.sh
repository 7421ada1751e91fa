#!/usr/bin/env bash
# The client-performance suite (a benchmark, not a test): in one run on one machine it starts the simulator at zero
# latency on one core, measures wrk on the same endpoints as the ceiling, then the harness on another core, and
# writes perf/RESULTS.md with every figure and its ratio to the same-run baseline:
#   (a) highest Server Poisson rate with streamed 100-token answers where every request succeeds and TTFT p99 <= 5 ms
#   (b) Offline back-to-back non-streamed capacity (16 tokens, 64 in flight): harness/wrk
#   (c) schedule delay at 2k and 20k QPS, harness (non-streamed 16 tokens) beside LoadGen alone (zero-latency SUT)
#   (d) heap per finished request record over a 1M-request run (RecordHeapBench)
#   (e) client-added TTFT at 1k QPS against the simulator's own timestamps (/sim/timings)
#   overload: Server at 3 x (a)'s rate with a small connection cap: no client-caused failure, flagged client-limited
# plus the client alone (ClientCapacityBench: closed loop, CPU per request).
#
# Usage: perf/run.sh            (about 12-15 minutes on 2 cores, build included)
# Env:   SIM_CPUS (default 0), HARNESS_CPUS (default 1): taskset CPU lists; PORT (default 18650); SKIP_BUILD=1;
#        RECORDS (default 1000000) for (d); SECONDS_PER_RUN (default 8); JAVA_OPTS (the harness JVM, as for ./harness).
# Needs: a JDK >= 21 (scripts/find-jdk.sh), wrk, python3, taskset, curl, and Maven Central for the first build.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
sim_cpus="${SIM_CPUS:-0}"
harness_cpus="${HARNESS_CPUS:-1}"
port="${PORT:-18650}"
records="${RECORDS:-1000000}"
seconds="${SECONDS_PER_RUN:-8}"
lib="$root/perf/lib/perf.py"

for tool in wrk python3 taskset curl; do
  command -v "$tool" >/dev/null || { echo "perf/run.sh: $tool not found (Debian: apt-get install wrk python3 util-linux curl)" >&2; exit 2; }
done
started=$(date +%s)
log() { echo "perf: [$(( $(date +%s) - started ))s] $*" >&2; }

# ---- build: the jar (perf/lib/common.sh), then the benchmark mains (test sources) against it
# shellcheck source=lib/common.sh
. "$root/perf/lib/common.sh"
perf_setup perf
cp="$jar"
for j in "$root"/harness-app/target/lib/*.jar; do cp="$cp:$j"; done
mkdir -p "$work/bench"
"$JAVA_HOME/bin/javac" -nowarn -d "$work/bench" -cp "$cp" \
  "$root"/harness-app/src/test/java/io/llmharness/bench/{ClientCapacityBench,RecordHeapBench}.java
# The harness runs as ./harness would start it (`harness` in perf/lib/common.sh); the benchmark mains beside it.
bench() { taskset -c "$harness_cpus" "$java" -cp "$work/bench:$cp" "io.llmharness.bench.$1" "${@:2}"; }

# ---- the simulator: zero latency, one core, a GC that does not stall it. Its JIT on one core needs about 20 s, so
#      it is warmed with wrk before anything is measured; one instance serves everything but (e), which needs
#      /sim/timings and gets its own.
start_sim() { perf_zero_latency_sim "$port" "$@"; }

# ---- inputs: dataset, generation configs, wrk bodies
python3 "$lib" dataset "$work/ds.json" 2000
echo '{"max_new_tokens": 100, "ignore_eos": true}' >"$work/gen100.json"
echo '{"max_new_tokens": 16, "ignore_eos": true}' >"$work/gen16.json"
python3 "$lib" body "$work/ds.json" 100 true >"$work/body-stream.json"
python3 "$lib" body "$work/ds.json" 16 false >"$work/body-plain.json"
load_before="$(cut -d' ' -f1 /proc/loadavg)"

run_harness() { # name extra-args... -> JSON of the run on stdout
  local name="$1"; shift
  harness run --model-category llama3.1-8b --dataset-path "$work/ds.json" --api-server-url "http://127.0.0.1:$port" \
    --output-dir "$work/runs/$name" --progress off --set "min_duration_ms=$((seconds * 1000))" \
    --set min_query_count=100 --max-consecutive-failures 0 "$@" >"$work/$name.txt" 2>&1 || true
  python3 "$lib" run "$(ls -d "$work/runs/$name"/*/ | head -n 1)"
}
jget() { python3 -c "import json,sys; d=json.loads(sys.argv[1]); v=d$2; print('' if v is None else v)" "$1"; }
wrk_rate() { # body-file seconds -> req/s
  BODY="$(cat "$1")" taskset -c "$harness_cpus" wrk -t1 -c64 "-d${2}s" -s "$root/perf/post.lua" \
    "http://127.0.0.1:$port/v1/completions" | awk '/Requests\/sec/ {print $2}'
}
warm_sim() { # seconds per body
  wrk_rate "$work/body-stream.json" "$1" >/dev/null
  wrk_rate "$work/body-plain.json" "$1" >/dev/null
}

# ---- ceilings: wrk on the same endpoint with the same bodies
start_sim
log "warming the simulator (wrk, 2 x 12 s)"
warm_sim 12
log "wrk ceilings"
wrk_stream="$(wrk_rate "$work/body-stream.json" 10)"
wrk_plain="$(wrk_rate "$work/body-plain.json" 10)"
log "wrk: streamed $wrk_stream req/s, non-streamed $wrk_plain req/s"

# ---- (a) Server streaming: 8 to 50 % of wrk's streamed rate; the highest rate with no failure whose completions keep
#      up with the offered rate is the sustained capacity, and the highest of those with TTFT p99 <= 5 ms is (a)'s
#      figure
steps="[]"
for f in 8 15 25 35 50; do
  rate="$(python3 -c "print(max(100, int(float('$wrk_stream') * $f / 100 / 50) * 50))")"
  log "(a) Server at $rate QPS"
  r="$(run_harness "a-$rate" --scenario Server --server-target-qps "$rate" --generation-config "$work/gen100.json")"
  steps="$(python3 "$lib" step "$steps" "$r" "$rate")"
done
best="$(python3 -c "import json,sys; s=json.loads(sys.argv[1]); print(max([x['rate'] for x in s if x['pass']] or [0]))" "$steps")"
sustained="$(python3 -c "import json,sys; s=json.loads(sys.argv[1]); print(max([x['rate'] for x in s if x['sustained']] or [0]))" "$steps")"

# ---- overload: three times the client's capacity (the most completions per second (a) saw), small connection cap
over_rate="$(python3 -c "import json,sys; s=json.loads(sys.argv[1]); print(int(3 * max([$sustained] + [x['samples_per_s'] or 0 for x in s])))" "$steps")"
log "overload: Server at $over_rate QPS, --max-connections 128"
overload="$(run_harness overload --scenario Server --server-target-qps "$over_rate" \
  --generation-config "$work/gen100.json" --max-connections 128)"

# ---- (b) Offline back-to-back, non-streamed 16 tokens, 64 in flight
log "(b) Offline back-to-back"
offline_qps="$(python3 -c "print(int(float('$wrk_plain') * 0.6))")"
b="$(run_harness b --scenario Offline --offline-back-to-back --max-in-flight 64 \
  --generation-config "$work/gen16.json" --set "offline_expected_qps=$offline_qps")"

# ---- (c) schedule delay: harness (non-streamed 16 tokens) and LoadGen alone, at 2k and 20k QPS
c="[]"
for q in 2000 20000; do
  log "(c) schedule delay at $q QPS"
  r="$(run_harness "c-$q" --scenario Server --server-target-qps "$q" --generation-config "$work/gen16.json")"
  harness loadgen --scenario Server --total-samples 1024 --performance-samples 1024 --set "server_target_qps=$q" \
    --set "min_duration_ms=$((seconds * 1000))" --no-trace --schedule-log --output-dir "$work/loadgen-$q" \
    >"$work/loadgen-$q.txt" 2>&1 || true
  c="$(python3 "$lib" sched "$c" "$r" "$work/loadgen-$q/schedule_delay.tsv" "$q")"
done

# ---- (d) heap per finished record
log "(d) heap per record over $records requests"
d_line="$(bench RecordHeapBench --url "http://127.0.0.1:$port" --requests "$records" --tokens 16 | tail -n 1)"
d_bytes="$(echo "$d_line" | sed -n 's/.* held, \([0-9.]*\) bytes.*/\1/p')"

# ---- the client alone: closed loop, CPU per request
log "client alone (ClientCapacityBench)"
cs="$(bench ClientCapacityBench --url "http://127.0.0.1:$port" --concurrency 64 --stream true --tokens 100 \
  --warmup 15 --seconds 8 | grep -E '^client capacity: (streamed|non-streamed),' | tail -n 1)"
cp_line="$(bench ClientCapacityBench --url "http://127.0.0.1:$port" --concurrency 64 --stream false --tokens 16 \
  --warmup 15 --seconds 8 | grep -E '^client capacity: (streamed|non-streamed),' | tail -n 1)"

# ---- (e) client-added TTFT at 1k QPS against /sim/timings (the measured requests are the last ones recorded)
start_sim --record-timings --timings-capacity $((1000 * seconds * 3))
warm_sim 6
log "(e) client-added TTFT at 1000 QPS"
run_harness e --scenario Server --server-target-qps 1000 --generation-config "$work/gen100.json" \
  --request-id-prefix perf- >/dev/null
e="$(python3 "$lib" added "$(ls -d "$work/runs/e"/*/ | head -n 1)" "$port" perf-)"
perf_sim_stop

# ---- RESULTS.md
python3 - "$work/figures.json" <<EOF
import json, sys
b = json.loads('''$b''')
wrk_plain = float("$wrk_plain" or 0)
fig = {
  "date": "$(date -u +%Y-%m-%dT%H:%MZ)", "cores": "$(nproc)", "sim_cpus": "$sim_cpus", "harness_cpus": "$harness_cpus",
  "load_before": "$load_before", "load_after": "$(cut -d' ' -f1 /proc/loadavg)", "work": "$work",
  "wrk": {"stream": float("$wrk_stream" or 0), "plain": wrk_plain},
  "a": {"best_rate": $best, "sustained_rate": $sustained, "steps": json.loads('''$steps''')},
  "b": dict(b, ratio=(b["samples_per_s"] / wrk_plain) if b.get("samples_per_s") and wrk_plain else None),
  "c": json.loads('''$c'''),
  "d": {"requests": $records, "bytes": float("${d_bytes:-0}") if "$d_bytes" else None},
  "e": json.loads('''$e'''),
  "overload": dict(json.loads('''$overload'''), rate=$over_rate),
  "client_stream": {"what": "LlmClient closed loop, 64 in flight, streamed 100 tokens", "line": """$cs""".replace("client capacity: ", "")},
  "client_plain": {"what": "LlmClient closed loop, 64 in flight, non-streamed 16 tokens", "line": """$cp_line""".replace("client capacity: ", "")},
}
json.dump(fig, open(sys.argv[1], "w"), indent=1)
EOF
python3 "$lib" report "$work/figures.json" "$root/perf/RESULTS.md"
log "done: perf/RESULTS.md (raw outputs in $work)"
cat "$root/perf/RESULTS.md"
