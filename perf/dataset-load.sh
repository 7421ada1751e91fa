#!/usr/bin/env bash
# Benchmark (not a test): dataset load times of docs/datasets.md, on the JDK the launcher finds (the default
# `java` may be older than 21). Modes:
#   perf/dataset-load.sh fresh [RUNS, default 5] [ROWS, default 13368]
#       writes a cnn_eval.json-shaped JSON (13368 rows: 146 MB), then loads it RUNS times, each in a new JVM:
#       parse without a cache, then the same with a cache (first load fills it, the rest read it). One line each.
#   perf/dataset-load.sh warm [ROWS] [extra files...]
#       DatasetLoadBench in one JVM: median of 5 loads of JSON, JSON Lines, Parquet and the cache.
#   perf/dataset-load.sh once FILE [CACHE_DIR]
#       one fresh-JVM load of FILE.
# Needs: a JDK >= 21 (scripts/find-jdk.sh finds it) and the Maven repository the build uses.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
mode="${1:-fresh}"
work="$(mktemp -d -t dataset-load.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# shellcheck source=../scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
harness_find_jdk
java="$JAVA_HOME/bin/java"

# The bench main lives in the test sources: compile them and take the full test class path.
(cd "$root" && JAVA_HOME="$JAVA_HOME" ./mvnw -o -q -pl harness-app -am test-compile dependency:build-classpath \
  -Dmdep.outputFile="$work/deps.txt" -Dmdep.includeScope=test) >"$work/build.txt" 2>&1 \
  || { cat "$work/build.txt" >&2; exit 1; }
cp="$root/harness-app/target/test-classes:$root/harness-app/target/classes:$root/loadgen/target/classes"
cp="$cp:$root/simulator/target/classes:$(cat "$work/deps.txt")"
bench=(io.llmharness.dataset.bench.DatasetLoadBench)
run() { "$java" --enable-native-access=ALL-UNNAMED -cp "$cp" "${bench[@]}" "$@"; }

echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)," \
  "$("$java" -version 2>&1 | head -1)"
case "$mode" in
  fresh)
    runs="${2:-5}"
    rows="${3:-13368}"
    run generate "$rows" "$work/cnn_eval.json"
    echo "# $(du -m "$work/cnn_eval.json" | cut -f1) MB JSON, $rows rows"
    for i in $(seq 1 "$runs"); do echo "parse, fresh JVM #$i: $(run once "$work/cnn_eval.json")"; done
    run once "$work/cnn_eval.json" "$work/cache" >/dev/null
    for i in $(seq 1 "$runs"); do echo "cache, fresh JVM #$i: $(run once "$work/cnn_eval.json" "$work/cache")"; done
    ;;
  warm) shift; run "$@" ;;
  once) shift; run once "$@" ;;
  *) echo "usage: perf/dataset-load.sh fresh [RUNS] [ROWS] | warm [ROWS] [FILES...] | once FILE [CACHE_DIR]" >&2
     exit 2 ;;
esac
