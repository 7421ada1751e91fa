package io.llmharness.backend;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.backend.config.Backend;
import io.llmharness.backend.config.CaptureMode;
import io.llmharness.backend.config.ProfileSettings;
import io.llmharness.backend.config.ProfilerTool;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SmallPartsTest {

    @Test
    void parsesVllmAndSglangModelLists() {
        assertThat(HealthProbe.parseModels(
                        "{\"object\":\"list\",\"data\":[{\"id\":\"llama-8b\",\"max_model_len\":8192},{\"id\":\"x\"}]}"))
                .isEqualTo(new ModelInfo("llama-8b", 8192));
        assertThat(HealthProbe.parseModels("{\"data\":[{\"id\":\"m\"}]}")).isEqualTo(new ModelInfo("m", null));
        assertThat(HealthProbe.parseModels("not json")).isEqualTo(ModelInfo.UNKNOWN);
    }

    @Test
    void sglangStartProfileBodyDependsOnTheTool() {
        ProfileSettings nsys = new ProfileSettings(
                ProfilerTool.NSYS,
                Path.of("p"),
                List.of(),
                "nsys",
                CaptureMode.ENDPOINTS,
                Duration.ofMinutes(30),
                null);
        assertThat(new ProfilerClient(List.of(), Backend.SGLANG, nsys).startBody())
                .isEqualTo("{\"activities\":[\"CUDA_PROFILER\"]}");
        assertThat(new ProfilerClient(List.of(), Backend.VLLM, nsys).startBody())
                .isNull();
        ProfileSettings torch = new ProfileSettings(
                ProfilerTool.PYTORCH,
                Path.of("p"),
                List.of(),
                null,
                CaptureMode.ENDPOINTS,
                Duration.ofMinutes(30),
                null);
        assertThat(new ProfilerClient(List.of(), Backend.SGLANG, torch).startBody())
                .isNull();
        assertThat(torch.usesEndpoints()).isTrue();
        assertThat(ProfileSettings.OFF.usesEndpoints()).isFalse();
    }

    @Test
    void failureMessageIsOneLineWithTheLastLogLines() {
        ServerFailure f = new ServerFailure(
                "vllm[0]",
                "http://127.0.0.1:8000",
                "exited with code 1",
                1,
                Path.of("run/server.log"),
                List.of("a", "b", "c", "d", "e", "f", "g"));
        assertThat(f.message())
                .isEqualTo("server at http://127.0.0.1:8000 died: exited with code 1 (log: run/server.log); last log"
                        + " lines: c | d | e | f | g");
        assertThat(f.toException().exitCode()).isEqualTo(1);
    }

    @Test
    void profileOutcomeSummarises() {
        ProfileOutcome ok = new ProfileOutcome(
                "start_profile", List.of(new ProfileOutcome.Result("http://a", ProfileOutcome.Status.OK, null)));
        assertThat(ok.summary()).isEqualTo("start_profile: ok on 1 server(s)");
        ProfileOutcome off = new ProfileOutcome(
                "start_profile",
                List.of(new ProfileOutcome.Result("http://a", ProfileOutcome.Status.NOT_ENABLED, "its switch is off")));
        assertThat(off.allOk()).isFalse();
        assertThat(off.summary()).isEqualTo("start_profile: http://a answered 404: its switch is off");
    }

    @Test
    void exitStatusNamesSignals() {
        assertThat(ExitStatus.describe(1)).isEqualTo("1");
        assertThat(ExitStatus.describe(137)).startsWith("137 (killed by SIGKILL");
    }
}
