package io.llmharness.backend.process;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProcTableTest {

    @Test
    void parsesStatWithSpacesAndParenthesesInTheName() {
        String stat = "4242 (VLLM::Worker (TP1)) S 1 4200 4200 0 -1 4194560 100 0 0 0 5 3 0 0 20 0 12 0 987654 1 2 3";
        ProcTable.Proc p = ProcTable.parseStat(stat);
        assertThat(p).isEqualTo(new ProcTable.Proc(4242, 1, 4200, 4200, 'S', 987654, "VLLM::Worker (TP1)"));
        assertThat(p.alive()).isTrue();
        assertThat(ProcTable.parseStat(stat.replace(") S ", ") Z ")).alive()).isFalse();
    }

    @Test
    void readsTheCurrentProcess() {
        long self = ProcessHandle.current().pid();
        assertThat(ProcTable.read(self))
                .hasValueSatisfying(p -> assertThat(p.pid()).isEqualTo(self));
        assertThat(ProcTable.snapshot()).anyMatch(p -> p.pid() == self);
        assertThat(ProcTable.cmdline(self)).contains("java");
        assertThat(ProcTable.read(Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void findsEnvironmentEntriesExactly() {
        long self = ProcessHandle.current().pid();
        String path = System.getenv("PATH");
        assertThat(ProcTable.environContains(self, "PATH=" + path)).isTrue();
        assertThat(ProcTable.environContains(self, "PATH=" + path + "x")).isFalse();
        assertThat(ProcTable.environContains(self, "PATH")).isFalse();
    }
}
