package io.llmharness.backend.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.backend.LaunchPlanner;
import io.llmharness.backend.LaunchSpec;
import io.llmharness.client.EndpointType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shipped examples in configs/backends stay loadable and render the documented command lines. */
class ExampleConfigsTest {

    private static Path examples() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("configs/backends"))) {
            p = p.getParent();
        }
        assertThat(p)
                .as("configs/backends above " + Path.of("").toAbsolutePath())
                .isNotNull();
        return p.resolve("configs/backends");
    }

    private static LaunchSpec plan(String name) {
        ServerConfig cfg = ServerConfigLoader.forFile(examples().resolve(name))
                .checkHost(false)
                .load();
        return new LaunchPlanner(Map.of()).plan(cfg).get(0);
    }

    @Test
    void vllmExample() {
        LaunchSpec s = plan("vllm.yaml");
        assertThat(s.commandLine())
                .isEqualTo("vllm serve Qwen/Qwen3-VL-235B-A22B-Instruct --host 127.0.0.1 --port 8000"
                        + " --tensor-parallel-size 8 --gpu-memory-utilization 0.9");
        assertThat(ServerConfigLoader.forFile(examples().resolve("vllm.yaml"))
                        .checkHost(false)
                        .load()
                        .endpointType())
                .isEqualTo(EndpointType.CHAT_COMPLETIONS);
    }

    @Test
    void sglangExample() {
        assertThat(plan("sglang.yaml").commandLine())
                .isEqualTo("python -m sglang.launch_server --model-path openai/gpt-oss-120b --host 127.0.0.1"
                        + " --port 30000 --tp 8 --context-length 32768");
    }

    @Test
    void fakeVllmExample() {
        assertThat(plan("fake-vllm.yaml").commandLine())
                .isEqualTo("tools/fake-backends/bin/vllm serve fake/Llama-3.1-8B-Instruct --host 127.0.0.1"
                        + " --port 8000 --served-model-name llama-8b --tensor-parallel-size 2 --max-model-len 8192");
    }

    @Test
    void fakeSglangExample() {
        assertThat(plan("fake-sglang.yaml").commandLine())
                .isEqualTo("tools/fake-backends/bin/python -m sglang.launch_server --model-path fake/gpt-oss-120b"
                        + " --host 127.0.0.1 --port 30000 --served-model-name gpt-oss --tp-size 2"
                        + " --context-length 16384 --enable-metrics");
    }
}
