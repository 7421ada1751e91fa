package io.llmharness.workload.nop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PythonLiteralTest {

    @Test
    void readsTheNonDefaultArgsDict() {
        Map<String, Object> args =
                PythonLiteral.dict(" {'model': 'meta-llama/Llama-3.1-8B-Instruct', 'max_model_len': 8192,"
                        + " 'gpu_memory_utilization': 0.9, 'enable_sleep_mode': True, 'enforce_eager': False,"
                        + " 'kv_transfer_config': None, 'served_model_name': ['llama-8b'], 'cudagraph_sizes': (1, 2, 4),"
                        + " 'compilation_config': {\"level\":3,\"cudagraph_capture_sizes\":[1,2]}, 'seed': -1}");
        assertThat(args)
                .containsEntry("model", "meta-llama/Llama-3.1-8B-Instruct")
                .containsEntry("max_model_len", 8192L)
                .containsEntry("gpu_memory_utilization", 0.9)
                .containsEntry("enable_sleep_mode", true)
                .containsEntry("enforce_eager", false)
                .containsEntry("kv_transfer_config", null)
                .containsEntry("served_model_name", List.of("llama-8b"))
                .containsEntry("cudagraph_sizes", List.of(1L, 2L, 4L))
                .containsEntry("compilation_config", Map.of("level", 3L, "cudagraph_capture_sizes", List.of(1L, 2L)))
                .containsEntry("seed", -1L);
        assertThat(args.keySet()).startsWith("model", "max_model_len");
    }

    @Test
    void keepsOtherReprsAsText() {
        Map<String, Object> args = PythonLiteral.dict("{'load_format': <LoadFormat.AUTO: 'auto'>,"
                + " 'download_dir': PosixPath('/models, cache'), 'tags': {'a', 'b'}, 'inf': -inf, 'esc': 'it\\'s\\n'}");
        assertThat(args)
                .containsEntry("load_format", "<LoadFormat.AUTO: 'auto'>")
                .containsEntry("download_dir", "PosixPath('/models, cache')")
                .containsEntry("tags", Arrays.asList("a", "b"))
                .containsEntry("inf", "-inf")
                .containsEntry("esc", "it's\n");
    }

    @Test
    void anIncompleteLiteralSaysWhere() {
        assertThatThrownBy(() -> PythonLiteral.dict("{'model': 'x', 'max_model_len': 81"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at character");
        assertThatThrownBy(() -> PythonLiteral.dict("no dict here")).hasMessage("no '{' in the args");
    }
}
