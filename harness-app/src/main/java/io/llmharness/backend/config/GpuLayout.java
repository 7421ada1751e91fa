package io.llmharness.backend.config;

import io.llmharness.error.HarnessException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How many servers to start and which GPUs each may see.
 *
 * @param numGpus GPUs shared among the servers ({@code num_gpus}, default 0 = leave the visible-devices
 *     variable alone)
 * @param numProcesses number of servers, on ports {@code port}, {@code port+1}, … ({@code num_processes},
 *     default 1)
 * @param visibleDevicesEnv variable that receives each server's slice ({@code visible_devices_env}, default
 *     {@code CUDA_VISIBLE_DEVICES}; {@code HIP_VISIBLE_DEVICES} on ROCm)
 */
public record GpuLayout(int numGpus, int numProcesses, String visibleDevicesEnv) {

    /** One server, GPUs untouched. */
    public static final GpuLayout SINGLE = new GpuLayout(0, 1, "CUDA_VISIBLE_DEVICES");

    /** GPUs per server; 0 when {@code numGpus} is 0. */
    public int gpusPerProcess() {
        return numGpus / numProcesses;
    }

    /**
     * The device list for server {@code index}: its slice of {@code inherited} (a comma-separated list already
     * set for the server) when given, else of {@code 0 … numGpus-1}. Null when GPUs are not partitioned.
     */
    public String devicesFor(int index, String inherited) {
        if (numGpus == 0) {
            return null;
        }
        List<String> all = new ArrayList<>();
        if (inherited != null && !inherited.isBlank()) {
            for (String d : inherited.split(",")) {
                all.add(d.trim());
            }
        } else {
            IntStream.range(0, numGpus).forEach(i -> all.add(Integer.toString(i)));
        }
        if (all.size() < numGpus) {
            throw HarnessException.config(visibleDevicesEnv + "=" + inherited + " lists " + all.size()
                    + " devices but num_gpus is " + numGpus + "; list at least " + numGpus
                    + " devices or lower num_gpus");
        }
        int per = gpusPerProcess();
        return all.subList(index * per, (index + 1) * per).stream().collect(Collectors.joining(","));
    }
}
