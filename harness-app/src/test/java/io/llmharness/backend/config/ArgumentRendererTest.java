package io.llmharness.backend.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.error.HarnessException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArgumentRendererTest {

    /** Parsed the way config files are, so the nodes are those the renderer gets from a real config. */
    private static List<String> render(String yaml, Backend backend) throws Exception {
        JsonNode node = YamlSource.YAML.readTree(yaml);
        return ArgumentRenderer.render(node, backend, "f.yaml: key 'config.args'");
    }

    @Test
    void seedVllmListAndMappingFormsGiveTheSameArguments() throws Exception {
        List<String> list = render("""
                - --tensor-parallel-size
                - "8"
                - --gpu-memory-utilization
                - "0.9"
                """, Backend.VLLM);
        List<String> mapping = render("""
                tensor-parallel-size: 8
                gpu-memory-utilization: 0.9
                """, Backend.VLLM);
        assertThat(list).containsExactly("--tensor-parallel-size", "8", "--gpu-memory-utilization", "0.9");
        assertThat(mapping).isEqualTo(list);
    }

    @Test
    void seedSglangListAndMappingFormsGiveTheSameArguments() throws Exception {
        List<String> list = render("[--tp, \"8\", --context-length, \"32768\"]", Backend.SGLANG);
        List<String> mapping = render("{tp: 8, context-length: 32768}", Backend.SGLANG);
        assertThat(mapping).isEqualTo(list).containsExactly("--tp", "8", "--context-length", "32768");
    }

    @Test
    void seedDictionaryExampleRendersFlagsAndJson() throws Exception {
        // The seed's VLLMServer example: strings, a flag, and a nested dict that is JSON encoded.
        List<String> args = render("""
                tensor-parallel-size: '4'
                trust-remote-code: true
                kv-cache-dtype: {auto: fp8}
                """, Backend.VLLM);
        assertThat(args)
                .containsExactly(
                        "--tensor-parallel-size", "4", "--trust-remote-code", "--kv-cache-dtype", "{\"auto\":\"fp8\"}");
    }

    @Test
    void keysAcceptDashesAndUnderscoresLikeTheSeed() throws Exception {
        assertThat(render("{--max-model-len: 8192, tensor_parallel_size: 2, -x: 1}", Backend.VLLM))
                .containsExactly("--max-model-len", "8192", "--tensor-parallel-size", "2", "--x", "1");
    }

    @Test
    void falseIsNegatedForVllmAndLeftOutForSglang() throws Exception {
        assertThat(render("{enable-prefix-caching: false, enforce-eager: true}", Backend.VLLM))
                .containsExactly("--no-enable-prefix-caching", "--enforce-eager");
        assertThat(render("{disable-radix-cache: false, enable-metrics: true}", Backend.SGLANG))
                .containsExactly("--enable-metrics");
    }

    @Test
    void emptyValueIsABareFlag() throws Exception {
        assertThat(render("{enforce-eager: , seed: 1}", Backend.VLLM))
                .containsExactly("--enforce-eager", "--seed", "1");
    }

    @Test
    void aKeyWithoutValueInABlockMappingIsABareFlag() throws Exception {
        // The form the docs show (`enforce-eager:` on a line of its own), not only the flow form above.
        assertThat(render("""
                        enforce-eager:
                        seed: 1
                        """, Backend.VLLM)).containsExactly("--enforce-eager", "--seed", "1");
        assertThat(render("""
                        enable-metrics:
                        tp: 2
                        """, Backend.SGLANG)).containsExactly("--enable-metrics", "--tp", "2");
    }

    @Test
    void aQuotedEmptyValueIsStillPassedAsAnEmptyArgument() throws Exception {
        assertThat(render("{chat-template: ''}", Backend.VLLM)).containsExactly("--chat-template", "");
    }

    @Test
    void anEmptyListElementIsAnErrorNotAnEmptyArgument() {
        assertThatThrownBy(() -> render("""
                        - --enforce-eager
                        -
                        - --seed
                        - "1"
                        """, Backend.VLLM))
                .isInstanceOf(HarnessException.class)
                .hasMessage("f.yaml: key 'config.args'[1]: expected a string, got no value; quote it or use the"
                        + " mapping form");
    }

    @Test
    void listsRepeatTheFlag() throws Exception {
        assertThat(render("{middleware: [a.B, c.D]}", Backend.VLLM))
                .containsExactly("--middleware", "a.B", "--middleware", "c.D");
    }

    @Test
    void dottedSubOptionsKeepTheirUnderscoresAndPassBooleansAsText() throws Exception {
        assertThat(render("""
                        profiler-config.profiler: torch
                        profiler-config.torch_profiler_dir: traces
                        profiler-config.torch_profiler_with_stack: false
                        """, Backend.VLLM))
                .containsExactly(
                        "--profiler-config.profiler",
                        "torch",
                        "--profiler-config.torch_profiler_dir",
                        "traces",
                        "--profiler-config.torch_profiler_with_stack",
                        "false");
    }

    @Test
    void nestedMappingsBecomeCompactJson() throws Exception {
        assertThat(render("{compilation-config: {level: 3, cudagraph_capture_sizes: [1, 2]}}", Backend.VLLM))
                .containsExactly("--compilation-config", "{\"level\":3,\"cudagraph_capture_sizes\":[1,2]}");
    }

    @Test
    void listElementsMustBeScalars() {
        assertThatThrownBy(() -> render("[--tp, [8]]", Backend.VLLM))
                .isInstanceOf(HarnessException.class)
                .hasMessage("f.yaml: key 'config.args'[1]: expected a string, got a list; quote it or use the"
                        + " mapping form");
    }

    @Test
    void aPlainStringIsRejectedWithTheTwoForms() {
        assertThatThrownBy(() -> render("\"--tp 8\"", Backend.VLLM))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("f.yaml: key 'config.args': expected a list (- --tp, - \"8\") or a mapping");
    }

    @Test
    void nullMeansNoArguments() throws Exception {
        assertThat(render("~", Backend.VLLM)).isEmpty();
    }
}
