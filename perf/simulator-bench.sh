#!/usr/bin/env bash
# Throughput of the simulator at zero latency, measured with wrk against `harness sim` on this machine.
# Prints requests/s for: the trivial /sim/hello endpoint (baseline: the HTTP stack's own ceiling), non-streaming
# /v1/completions (16 tokens) and streaming /v1/completions (100 tokens, SSE) with a short text prompt, non-streaming
# /v1/completions with a 128-token-id prompt and return_token_ids (the request the harness and perf/run.sh send: the
# prompt is validated and echoed id by id, a path the text prompt does not reach), plus each ratio to the baseline.
#
# The machine may be shared, so the three endpoints are measured in interleaved rounds: each round runs the baseline,
# then the two simulator endpoints, for a few seconds each; per endpoint the median and best of the rounds are
# printed, and the ratio to the baseline is the median of the per-round ratios (baseline measured minutes apart would
# not be comparable under a fluctuating load).
#
# Usage: perf/simulator-bench.sh [seconds per run, default 5] [connections, default 64] [rounds, default 5]
# Env:   EVENT_LOOPS (default 1), SERVER_CPUS / WRK_CPUS (taskset lists, default "0" and "1": server and load
#        generator on separate cores of a 2-core machine), PORT (default 18555).
# Needs: wrk (Debian package `wrk`), a built harness-app/target/llm-harness.jar (./mvnw -DskipTests package).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
duration="${1:-5}"
conns="${2:-64}"
rounds="${3:-5}"
port="${PORT:-18555}"
loops="${EVENT_LOOPS:-1}"
server_cpus="${SERVER_CPUS:-0}"
wrk_cpus="${WRK_CPUS:-1}"
lua="$root/perf/post.lua"

command -v wrk >/dev/null || { echo "simulator-bench: wrk not found (apt-get install wrk)" >&2; exit 1; }
# shellcheck source=../scripts/find-jdk.sh
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

run() { # path body -> prints req/s
  BODY="$2" taskset -c "$wrk_cpus" wrk -t1 -c"$conns" -d"${duration}s" -s "$lua" "http://127.0.0.1:$port$1" \
    | awk '/Requests\/sec/ {print $2}'
}

nonstream='{"model":"sim-model","prompt":"Hello world, this is a benchmark prompt.","max_tokens":16,"ignore_eos":true}'
stream='{"model":"sim-model","prompt":"Hello world, this is a benchmark prompt.","max_tokens":100,"ignore_eos":true,"stream":true}'
ids="$(seq 1000 997 128000 | head -n 128 | paste -sd, -)"
tokens='{"model":"sim-model","prompt":['"$ids"'],"max_tokens":16,"ignore_eos":true,"return_token_ids":true}'

echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# server cpus=$server_cpus event-loops=$loops, wrk cpus=$wrk_cpus -t1 -c$conns, $rounds rounds of ${duration}s"
run /sim/hello "$nonstream" >/dev/null # warm-up
run /v1/completions "$nonstream" >/dev/null
run /v1/completions "$stream" >/dev/null
run /v1/completions "$tokens" >/dev/null
results=""
for r in $(seq 1 "$rounds"); do
  b="$(run /sim/hello "$nonstream")"
  n="$(run /v1/completions "$nonstream")"
  s="$(run /v1/completions "$stream")"
  t="$(run /v1/completions "$tokens")"
  echo "# round $r: baseline $b, non-streaming-16 $n, streaming-100 $s, token-ids-16 $t req/s"
  results="$results$b $n $s $t"$'\n'
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk 'function median(a, n,   i, j, t) {
       for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
       return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
     function best(a, n,   i, m) { m = a[1]; for (i = 2; i <= n; i++) if (a[i] > m) m = a[i]; return m }
     NF == 4 { k++; b[k] = $1; n[k] = $2; s[k] = $3; t[k] = $4; rn[k] = $2 / $1; rs[k] = $3 / $1; rt[k] = $4 / $1 }
     END {
       printf "%-18s %12s %12s %10s\n", "endpoint", "median req/s", "best req/s", "x baseline"
       printf "%-18s %12.0f %12.0f %10.2f\n", "baseline", median(b, k), best(b, k), 1
       printf "%-18s %12.0f %12.0f %10.2f\n", "non-streaming-16", median(n, k), best(n, k), median(rn, k)
       printf "%-18s %12.0f %12.0f %10.2f\n", "streaming-100", median(s, k), best(s, k), median(rs, k)
       printf "%-18s %12.0f %12.0f %10.2f\n", "token-ids-16", median(t, k), best(t, k), median(rt, k)
       printf "# streaming-100 median = %.0f output tokens/s\n", median(s, k) * 100
     }' <<<"$results"
