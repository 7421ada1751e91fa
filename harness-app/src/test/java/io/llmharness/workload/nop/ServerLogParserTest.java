package io.llmharness.workload.nop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The figures and phases of the hand-written logs, with the values worked out by hand from their timestamps. */
class ServerLogParserTest {

    private static List<String> titles(List<Category> categories) {
        return categories.stream().map(Category::title).toList();
    }

    @Test
    void figuresOfADebugLog() {
        ServerLoad s = Fixtures.server(Fixtures.V1_DEBUG);
        assertThat(s.engineVersion()).isEqualTo("0.10.1.1");
        assertThat(s.sleepMode()).isTrue();
        assertThat(s.loadFormat()).isEqualTo("safetensors");
        assertThat(s.args())
                .containsEntry("model", "meta-llama/Llama-3.1-8B-Instruct")
                .containsEntry("max_model_len", 8192L);
        assertThat(s.argsProblem()).isNull();
        assertThat(s.value(Scalar.LOAD_SIZE)).isEqualTo(14.9889);
        assertThat(s.value(Scalar.LOAD_TIME)).isEqualTo(5.123456);
        assertThat(s.transferRate()).isCloseTo(14.9889 / 5.123456, within(1e-9));
        assertThat(s.value(Scalar.DYNAMO_BYTECODE_TRANSFORM)).isEqualTo(7.31);
        assertThat(s.value(Scalar.COMPILE_GRAPH)).isEqualTo(24.38);
        assertThat(s.scalars()).doesNotContainKey(Scalar.LOAD_CACHED_COMPILED_GRAPH);
        assertThat(s.value(Scalar.TORCH_COMPILE)).isEqualTo(31.69);
        assertThat(s.value(Scalar.INITIAL_FREE)).isEqualTo(78.52);
        assertThat(s.value(Scalar.AFTER_FREE)).isEqualTo(62.31);
        assertThat(s.value(Scalar.MEMORY_PROFILING_TIME)).isEqualTo(3.46);
        assertThat(s.value(Scalar.SLEEP_TIME)).isEqualTo(2.143);
        assertThat(s.value(Scalar.SLEEP_GPU_FREED)).isEqualTo(62.10);
        assertThat(s.value(Scalar.SLEEP_GPU_IN_USE)).isEqualTo(1.37);
        assertThat(s.value(Scalar.WAKE)).isEqualTo(0.871);
        assertThat(s.gpus())
                .containsExactly(
                        new Gpu("GPU-3f2a9c1e-77b0-4d5e-9a61-0c4b2e8d1f70", "NVIDIA H100 80GB HBM3", "9.0", "Enabled"),
                        new Gpu("GPU-8d41e0b2-1c9f-4a3e-b7d2-5e6f7a8b9c0d", "NVIDIA H100 80GB HBM3", "9.0", "Enabled"));
    }

    @Test
    void phasesOfADebugLog() {
        ServerLoad s = Fixtures.server(Fixtures.V1_DEBUG);
        List<Category> c = s.categories();
        assertThat(titles(c))
                .containsExactly(
                        "Detect Platform",
                        "LLM Imports",
                        "Uncategorized",
                        "Get Model Info",
                        "Uncategorized",
                        "Worker Initialization",
                        "Model Loading",
                        "Uncategorized",
                        "Pytorch Compilation",
                        "CUDA Graph Capture",
                        "Uncategorized",
                        "API Server Starts");
        assertThat(c.stream().mapToDouble(Category::elapsedSeconds).toArray())
                .containsExactly(1, 3, 1, 6, 7, 4, 6, 1, 40, 11, 2, 1);
        assertThat(c.stream().mapToDouble(Category::elapsedSeconds).sum())
                .as("14:02:11 to 14:03:34")
                .isEqualTo(83);
        assertThat(c.get(0).process()).isNull();
        assertThat(c.get(3).process()).isEqualTo(new ProcessTag("APIServer", 4242));
        assertThat(c.get(6).process()).isEqualTo(new ProcessTag("EngineCore_0", 4310));
        assertThat(c.get(6).startLine().text()).contains("Starting to load model");
        assertThat(c.get(6).endLine().text()).contains("Model loading took");
        Category compile = c.get(8);
        assertThat(titles(compile.children())).containsExactly("Dynamo", "Inductor");
        assertThat(compile.children().get(0).elapsedSeconds()).isEqualTo(7);
        assertThat(compile.children().get(1).elapsedSeconds()).isEqualTo(33);
        assertThat(s.missingCategories()).isEmpty();
    }

    @Test
    void infoLogWithWorkerProcesses() {
        ServerLoad s = Fixtures.server(Fixtures.TP2_INFO);
        assertThat(s.engineVersion()).isEqualTo("0.9.2");
        assertThat(s.loadFormat()).isEqualTo("runai_streamer");
        assertThat(s.sleepMode()).as("not in the args: the log does not say").isNull();
        assertThat(s.value(Scalar.LOAD_TIME)).as("the latest line wins").isEqualTo(15.002207);
        assertThat(s.value(Scalar.LOAD_CACHED_COMPILED_GRAPH))
                .as("the number after 'took'")
                .isEqualTo(5.12);
        assertThat(s.scalars()).doesNotContainKeys(Scalar.MEMORY_PROFILING_TIME, Scalar.SLEEP_TIME, Scalar.WAKE);
        assertThat(s.missingCategories()).containsExactly("Detect Platform", "Pytorch Compilation");
        assertThat(s.debugLines()).isFalse();

        Category imports = byTitle(s, "LLM Imports");
        assertThat(imports.endLine()).isNull();
        assertThat(imports.elapsedSeconds()).isZero();
        Category loading = byTitle(s, "Model Loading");
        assertThat(loading.process())
                .as("first process (in order of appearance) wins")
                .isEqualTo(new ProcessTag("VllmWorker rank=0", 934));
        assertThat(loading.elapsedSeconds()).isEqualTo(16);
        Category workers = byTitle(s, "Worker Initialization");
        assertThat(workers.error())
                .isEqualTo("starts in process EngineCore_0 pid=912 (line 6) but its end marker is in process"
                        + " VllmWorker rank=0 pid=934 (line 8)");
        assertThat(workers.elapsedSeconds()).isZero();
        assertThat(byTitle(s, "CUDA Graph Capture").error()).contains("VllmWorker rank=0", "EngineCore_0");
    }

    @Test
    void preRunIsSkippedForPhasesButFiguresAreTheLatest() {
        ServerLoad s = Fixtures.server(Fixtures.TENSORIZER);
        assertThat(s.loadFormat()).isEqualTo("tensorizer");
        assertThat(s.value(Scalar.LOAD_TIME)).isEqualTo(1.53);
        Category loading = byTitle(s, "Model Loading");
        assertThat(loading.startLine().number()).isEqualTo(14);
        assertThat(loading.elapsedSeconds()).isEqualTo(2);
        assertThat(byTitle(s, "Detect Platform").elapsedSeconds()).isZero();
        assertThat(byTitle(s, "LLM Imports").elapsedSeconds()).isEqualTo(2);
        assertThat(s.args())
                .containsEntry(
                        "model_loader_extra_config",
                        java.util.Map.of("tensorizer_uri", "/models/llama-1b/model.tensors"));
    }

    @Test
    void loadFormatSpellings() {
        assertThat(ServerLogParser.loadFormat("LoadFormat.SAFETENSORS")).isEqualTo("safetensors");
        assertThat(ServerLogParser.loadFormat(" runai_streamer")).isEqualTo("runai_streamer");
        assertThat(ServerLogParser.loadFormat("'tensorizer'")).isEqualTo("tensorizer");
        assertThat(ServerLogParser.loadFormat("")).isNull();
        assertThat(ServerLogParser.loadFormat(null)).isNull();
    }

    @Test
    void notAVllmLog() {
        ServerLoad s = ServerLogParser.parse(
                "x", "x.log", VllmLog.parse(List.of("hello", "2026-11-24 10:00:00 some other server started"), 2026));
        assertThat(s.isEmpty()).isTrue();
        assertThat(s.missingCategories()).hasSize(8);
    }

    private static Category byTitle(ServerLoad s, String title) {
        return s.categories().stream()
                .filter(c -> c.title().equals(title))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no category " + title + " in " + titles(s.categories())));
    }
}
