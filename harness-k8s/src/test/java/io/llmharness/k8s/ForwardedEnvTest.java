package io.llmharness.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ForwardedEnvTest {

    @Test
    void theRunsVariablesGoToThePodsAndSecretsStayHome() {
        Map<String, String> env = Map.of(
                "LLMDBENCH_DEPLOY_CURRENT_MODEL", "meta-llama/Llama-3.2-1B-Instruct",
                "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", "http://gw.llmd.svc.cluster.local:80",
                "LLMDBENCH_RUN_DATASET_DIR", "/workspace",
                "LLMDBENCH_VLLM_COMMON_HF_TOKEN_NAME", "llm-d-hf-token",
                "LLMDBENCH_HF_TOKEN", "hf_secret",
                "LLMDBENCH_HARNESS_API_KEY", "sk-secret",
                "LLMDBENCH_BASE64_CONTEXT_CONTENTS", "a3ViZWNvbmZpZw==",
                "LLMDBENCH_RUN_EMPTY", "",
                "HOME", "/root");

        assertThat(ForwardedEnv.select(env))
                .containsOnlyKeys(
                        "LLMDBENCH_DEPLOY_CURRENT_MODEL",
                        "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL",
                        "LLMDBENCH_RUN_DATASET_DIR",
                        "LLMDBENCH_VLLM_COMMON_HF_TOKEN_NAME");
    }
}
