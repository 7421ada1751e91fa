package io.llmharness.workload.nop;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class VllmLogTest {

    @Test
    void timestampsWithAndWithoutFractions() {
        assertThat(VllmLog.timestamp("INFO 11-24 14:02:31 [api_server.py:1] x", 2026))
                .isEqualTo(LocalDateTime.of(2026, 11, 24, 14, 2, 31));
        assertThat(VllmLog.timestamp("DEBUG 11-24 14:02:31.250 [core.py:9] x", 2026))
                .isEqualTo(LocalDateTime.of(2026, 11, 24, 14, 2, 31, 250_000_000));
        assertThat(VllmLog.timestamp("(EngineCore_0 pid=1) INFO 02-29 23:59:59 x", 2028))
                .isNotNull();
        assertThat(VllmLog.timestamp("INFO:     127.0.0.1:51234 - \"POST /sleep HTTP/1.1\" 200 OK", 2026))
                .isNull();
        assertThat(VllmLog.timestamp("took 13-45 99:00:00 then 11-24 14:02:31", 2026))
                .as("an impossible date is skipped, the next match is used")
                .isEqualTo(LocalDateTime.of(2026, 11, 24, 14, 2, 31));
    }

    @Test
    void processTagIsTheLastParenthesisedGroupWithPid() {
        assertThat(ProcessTag.of("(EngineCore_0 pid=4310) INFO 11-24 14:02:29 x"))
                .isEqualTo(new ProcessTag("EngineCore_0", 4310));
        assertThat(ProcessTag.of("(VllmWorker rank=1 pid=935) INFO x"))
                .isEqualTo(new ProcessTag("VllmWorker rank=1", 935));
        assertThat(ProcessTag.of("(APIServer pid=1) (EngineCore_DP0 pid=2) INFO x"))
                .isEqualTo(new ProcessTag("EngineCore_DP0", 2));
        assertThat(ProcessTag.of("INFO 11-24 14:02:12 detected platform (no pid here)"))
                .isNull();
    }

    @Test
    void yearMovesOnWhenTheLogCrossesNewYear() {
        VllmLog log = VllmLog.parse(List.of("INFO 12-31 23:59:58 a", "untimed", "INFO 01-01 00:00:03 b"), 2026);
        assertThat(log.lines().get(0).time()).isEqualTo(LocalDateTime.of(2026, 12, 31, 23, 59, 58));
        assertThat(log.lines().get(1).time()).isNull();
        assertThat(log.lines().get(2).time()).isEqualTo(LocalDateTime.of(2027, 1, 1, 0, 0, 3));
        assertThat(log.lines().get(2).number()).isEqualTo(3);
    }

    @Test
    void aPlainStartUpIsCategorisedFromTheTop() {
        assertThat(Fixtures.log(Fixtures.V1_DEBUG).categorizeFrom()).isZero();
        assertThat(Fixtures.log(Fixtures.TP2_INFO).categorizeFrom()).isZero();
    }

    @Test
    void aPreRunIsSkipped() {
        VllmLog tensorizer = Fixtures.log(Fixtures.TENSORIZER);
        assertThat(tensorizer.lines().get(tensorizer.categorizeFrom() - 1).text())
                .contains("End model meta-llama/Llama-3.2-1B-Instruct serialization");

        VllmLog restarted = VllmLog.parse(
                List.of(
                        "(APIServer pid=1) INFO 11-24 10:00:00 [a.py:1] vLLM API server version 0.10.1",
                        "(APIServer pid=1) INFO:     Uvicorn running on http://0.0.0.0:8000",
                        "(APIServer pid=2) INFO 11-24 10:05:00 [a.py:1] vLLM API server version 0.10.1"),
                2026);
        assertThat(restarted.categorizeFrom()).isEqualTo(2);
    }

    @Test
    void debugLinesAreDetected() {
        assertThat(Fixtures.log(Fixtures.V1_DEBUG).hasDebugLines()).isTrue();
        assertThat(Fixtures.log(Fixtures.TP2_INFO).hasDebugLines()).isFalse();
    }
}
