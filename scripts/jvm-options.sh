# Sourced by ./harness and perf/run.sh: the JVM options the launcher adds to the JVM's defaults (docs/performance.md,
# "GC"). Two:
#
# A metaspace threshold of 128 MiB (-XX:MetaspaceSize, the class-metadata size at which the JVM first collects): with
# the default 21 MiB a run's growing class metadata (about 35 MiB by the measured window, 43 MiB at the end) set off
# two full collections, "Metadata GC Threshold", the second of them inside the measured window. It reserves nothing.
# Not added when the user's options set MetaspaceSize.
#
# A young generation sized for a benchmark run. With the JVM's default young generation (about 100 MB on a 24 GB
# machine) the one-core SerialGC stops every 2,400-3,000 streamed requests for 9-35 ms, which is the client's TTFT
# tail; with 1 GiB it did not stop at all in a 12,000-request window.
#
# The young generation is 1/16 of the memory (at most 1 GiB, a quarter of the JVM's default 25 % heap), and nothing
# when that is below 256 MiB (a machine or container with less than 4 GiB keeps the JVM's defaults). Nothing either
# when JAVA_OPTS, JAVA_TOOL_OPTIONS or JDK_JAVA_OPTIONS set the heap, the young generation or the collector: the
# user's choice is then the whole story.

# <memory in KiB> <the user's JVM options> -> the young-generation option on stdout, or nothing
harness_young_gen_option() {
  local mem_kib="$1" user=" $2 " young_mib
  case "$user" in
    *" -Xmn"* | *" -Xmx"* | *" -Xms"* | *NewSize=* | *NewRatio=* | *RAMPercentage=* | *" -XX:MaxRAM="* \
      | *" -XX:+Use"*GC" "*) return 0 ;;
  esac
  [[ "$mem_kib" =~ ^[0-9]+$ ]] || return 0
  young_mib=$((mem_kib / 16 / 1024))
  [ "$young_mib" -gt 1024 ] && young_mib=1024
  [ "$young_mib" -ge 256 ] || return 0
  printf -- '-Xmn%dm\n' "$young_mib"
}

# Memory the JVM sizes its heap from, KiB: the cgroup's limit when there is one, else the machine's.
harness_memory_kib() {
  local limit="" total
  if [ -r /sys/fs/cgroup/memory.max ]; then
    limit="$(cat /sys/fs/cgroup/memory.max)"
  elif [ -r /sys/fs/cgroup/memory/memory.limit_in_bytes ]; then
    limit="$(cat /sys/fs/cgroup/memory/memory.limit_in_bytes)"
  fi
  total="$(awk '/^MemTotal:/ {print $2}' /proc/meminfo 2>/dev/null)"
  if [ -z "$total" ] && command -v sysctl >/dev/null 2>&1; then
    total="$(($(sysctl -n hw.memsize 2>/dev/null || echo 0) / 1024))"
  fi
  if [[ "$limit" =~ ^[0-9]+$ ]] && [ -n "$total" ] && [ $((limit / 1024)) -lt "$total" ]; then
    total=$((limit / 1024))
  fi
  printf '%s\n' "${total:-0}"
}

# <the user's JVM options> -> the metaspace threshold option on stdout, or nothing
harness_metaspace_option() {
  case " $1 " in
    *MetaspaceSize=*) return 0 ;;
  esac
  printf -- '-XX:MetaspaceSize=128m\n'
}

# The options the launcher adds, one per line (before JAVA_OPTS, which therefore wins).
harness_jvm_options() {
  local user="${JAVA_OPTS:-} ${JAVA_TOOL_OPTIONS:-} ${JDK_JAVA_OPTIONS:-}"
  harness_metaspace_option "$user"
  harness_young_gen_option "$(harness_memory_kib)" "$user"
}
