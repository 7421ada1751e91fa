#!/usr/bin/env bash
# Throughput of the simulator at zero latency, measured with wrk against `harness sim` on this machine.
# Prints requests/s for: the trivial /sim/hello endpoint (baseline: the HTTP stack's own ceiling), non-streaming
# /v1/completions (16 tokens) and streaming /v1/completions (100 tokens, SSE), plus each ratio to the baseline.
#
# Usage: tools/bench/simulator-bench.sh [seconds per run, default 10] [connections, default 64]
# Env:   EVENT_LOOPS (default 1), SERVER_CPUS / WRK_CPUS (taskset lists, default "0" and "1": server and load
#        generator on separate cores of a 2-core machine), PORT (default 18555).
# Needs: wrk (Debian package `wrk`), a built harness-app/target/llm-harness.jar (./mvnw -DskipTests package).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
duration="${1:-10}"
conns="${2:-64}"
port="${PORT:-18555}"
loops="${EVENT_LOOPS:-1}"
server_cpus="${SERVER_CPUS:-0}"
wrk_cpus="${WRK_CPUS:-1}"
lua="$root/tools/bench/post.lua"

command -v wrk >/dev/null || { echo "simulator-bench: wrk not found (apt-get install wrk)" >&2; exit 1; }
# shellcheck source=../../scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
harness_find_jdk
jar="$root/harness-app/target/llm-harness.jar"
[ -f "$jar" ] || { echo "simulator-bench: build first: ./mvnw -DskipTests package" >&2; exit 1; }

taskset -c "$server_cpus" "$JAVA_HOME/bin/java" -Xms256m -Xmx256m -jar "$jar" sim --port "$port" \
  --ttft 0 --itl 0 --event-loops "$loops" --no-worker-processes --no-enable-prefix-caching >/dev/null 2>&1 &
server=$!
trap 'kill -TERM $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/health" >/dev/null && break
  sleep 0.1
done

run() { # name path body -> prints "name req/s"
  local name="$1" path="$2" body="$3" rps
  BODY="$body" taskset -c "$wrk_cpus" wrk -t1 -c"$conns" -d2s -s "$lua" "http://127.0.0.1:$port$path" >/dev/null
  rps="$(BODY="$body" taskset -c "$wrk_cpus" wrk -t1 -c"$conns" -d"${duration}s" -s "$lua" \
    "http://127.0.0.1:$port$path" | awk '/Requests\/sec/ {print $2}')"
  echo "$name $rps"
}

nonstream='{"model":"sim-model","prompt":"Hello world, this is a benchmark prompt.","max_tokens":16,"ignore_eos":true}'
stream='{"model":"sim-model","prompt":"Hello world, this is a benchmark prompt.","max_tokens":100,"ignore_eos":true,"stream":true}'

echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# server cpus=$server_cpus event-loops=$loops, wrk cpus=$wrk_cpus -t1 -c$conns -d${duration}s"
base="$(run baseline /sim/hello "$nonstream")"
ns="$(run non-streaming-16 /v1/completions "$nonstream")"
st="$(run streaming-100 /v1/completions "$stream")"
b="${base#* }"
for line in "$base" "$ns" "$st"; do
  awk -v b="$b" '{printf "%-18s %10.0f req/s   %.2f x baseline\n", $1, $2, $2 / b}' <<<"$line"
done
echo "# streaming-100 = $(awk -v r="${st#* }" 'BEGIN {printf "%.0f", r * 100}') tokens/s"
