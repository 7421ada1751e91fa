package io.llmharness.backend.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Asks {@code nvidia-smi} which processes hold GPU memory. Where the tool is missing (no NVIDIA GPU, or a
 * container without it) the check is skipped. Inside containers {@code nvidia-smi} may show no processes or
 * host pids; a clean answer there proves little, and the documentation says so.
 */
public final class GpuMemoryCheck {

    /**
     * A process holding GPU memory.
     *
     * @param pid process id as reported by the driver
     * @param usedMiB memory in MiB
     */
    public record GpuProcess(long pid, long usedMiB) {}

    private GpuMemoryCheck() {}

    /** The processes holding GPU memory, or empty when {@code nvidia-smi} cannot be run. */
    public static Optional<List<GpuProcess>> query() {
        ProcessBuilder pb = new ProcessBuilder(
                        "nvidia-smi", "--query-compute-apps=pid,used_memory", "--format=csv,noheader,nounits")
                .redirectErrorStream(true);
        try {
            Process p = pb.start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return Optional.empty();
            }
            return Optional.of(parse(new String(out, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Parses {@code pid, used_memory} lines; lines that are not two numbers are skipped. */
    static List<GpuProcess> parse(String csv) {
        List<GpuProcess> out = new ArrayList<>();
        for (String line : csv.split("\\R")) {
            String[] f = line.split(",");
            if (f.length != 2) {
                continue;
            }
            try {
                out.add(new GpuProcess(Long.parseLong(f[0].trim()), Long.parseLong(f[1].trim())));
            } catch (NumberFormatException e) {
                // "[N/A]" or a message: not a process line
            }
        }
        return out;
    }

    /** The entries among {@code holders} whose pid is in {@code pids}. */
    public static List<GpuProcess> heldBy(List<GpuProcess> holders, Set<Long> pids) {
        return holders.stream().filter(g -> pids.contains(g.pid())).toList();
    }
}
