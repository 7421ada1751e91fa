package io.llmharness.k8s.cli;

import io.llmharness.k8s.K8sRunSpec;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** The results PVC: llm-d's {@code -k} and its size, access mode and storage class. */
final class StorageFlags {

    @Option(
            names = {"-k", "--pvc"},
            paramLabel = "NAME",
            description = "The results PVC, mounted at /requests; created when missing and kept (default:"
                    + " LLMDBENCH_HARNESS_PVC_NAME, else workload-pvc).")
    String pvc;

    @Option(
            names = "--pvc-size",
            paramLabel = "QUANTITY",
            description = "Its size when created (default: LLMDBENCH_HARNESS_PVC_SIZE, else 20Gi).")
    String size;

    @Option(
            names = "--pvc-access-mode",
            paramLabel = "MODE",
            description = "Its access mode when created: ReadWriteMany (default, for launchers on several nodes),"
                    + " ReadWriteOnce, ReadWriteOncePod. Default from LLMDBENCH_VLLM_COMMON_PVC_ACCESS_MODE.")
    String accessMode;

    @Option(
            names = "--storage-class",
            paramLabel = "CLASS",
            description = "Its storage class when created (default: LLMDBENCH_VLLM_COMMON_PVC_STORAGE_CLASS, else"
                    + " the cluster's default class).")
    String storageClass;

    K8sRunSpec.Storage storage(Map<String, String> env) {
        Pick sc = Pick.of(storageClass, "--storage-class", env, null, "LLMDBENCH_VLLM_COMMON_PVC_STORAGE_CLASS");
        return new K8sRunSpec.Storage(
                Checks.objectName(Pick.of(pvc, "--pvc", env, "workload-pvc", "LLMDBENCH_HARNESS_PVC_NAME")),
                Checks.quantity(Pick.of(size, "--pvc-size", env, "20Gi", "LLMDBENCH_HARNESS_PVC_SIZE")),
                Checks.oneOf(
                        Pick.of(
                                accessMode,
                                "--pvc-access-mode",
                                env,
                                "ReadWriteMany",
                                "LLMDBENCH_VLLM_COMMON_PVC_ACCESS_MODE"),
                        List.of("ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod")),
                sc.value() == null || sc.value().equals("default") ? null : Checks.objectName(sc));
    }
}
