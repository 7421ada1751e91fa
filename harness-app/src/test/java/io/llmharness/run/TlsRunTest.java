package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.report.RunOutputs;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code https://} against a real TLS server: Debian's nginx terminating TLS in front of the simulator, with a CA and
 * server certificate the test makes. Streamed (Server) and non-streamed (Offline) runs go through it; a CA that did
 * not sign the server's certificate is one clear error line. Skipped only when nginx is not installed ({@code .ci/run}
 * installs it).
 */
@Tag("slow")
class TlsRunTest {

    @TempDir
    Path dir;

    private SimulatorServer sim;
    private TlsFixture.Nginx nginx;
    private TlsFixture.Certificates certs;

    @BeforeEach
    void start() throws Exception {
        Path program = TlsFixture.nginx();
        assumeTrue(
                program != null,
                "nginx is not installed (apt-get install -y nginx; .ci/run installs it when it is missing)");
        certs = TlsFixture.make(dir.resolve("pki"), "llm-harness test CA", true);
        sim = SimulatorServer.start(SimulatorOptions.defaults().with(Latency.fixed(5, 2)));
        nginx = TlsFixture.Nginx.start(program, dir.resolve("nginx"), certs, sim.baseUrl());
    }

    @AfterEach
    void stop() throws Exception {
        if (nginx != null) {
            nginx.close();
            assertThat(ProcessHandle.of(nginx.pid()).map(ProcessHandle::isAlive).orElse(false))
                    .as("nginx left running")
                    .isFalse();
        }
        if (sim != null) {
            sim.close();
        }
    }

    private RunFixture.Outcome run(String scenario, String... more) {
        List<String> a = new ArrayList<>(List.of(
                "run",
                "--model-category",
                "llama3.1-8b",
                "--dataset-path",
                RunFixture.dataset(dir, 16).toString(),
                "--scenario",
                scenario,
                "--user-conf",
                RunFixture.conf(
                                dir,
                                "t.conf",
                                "llama3_1-8b.Server.min_query_count = 48",
                                "llama3_1-8b.Server.min_duration = 500",
                                "llama3_1-8b.Server.target_qps = 40",
                                "llama3_1-8b.Offline.min_query_count = 48",
                                "llama3_1-8b.Offline.min_duration = 0")
                        .toString(),
                "--generation-config",
                RunFixture.shortOutputs(dir, 8).toString(),
                "--api-server-url",
                nginx.url(),
                "--warmup-requests",
                "0",
                "--progress",
                "off",
                "--output-dir",
                dir.resolve("out").toString()));
        a.addAll(List.of(more));
        return RunFixture.harness(a.toArray(String[]::new));
    }

    /** Every request through nginx succeeded; streamed ones arrived in several chunks (nginx does not buffer). */
    private List<RequestRecord> allSucceeded(RunFixture.Outcome o) {
        assertThat(o.exit()).as(o.out() + o.err()).isIn(ExitCodes.OK, ExitCodes.RESULT_INVALID);
        Path run = RunFixture.runDir(dir.resolve("out"));
        JsonNode samples = RunFixture.summary(run).at("/mlperf/samples");
        assertThat(samples.get("failed").asLong()).isZero();
        assertThat(samples.get("completed").asLong())
                .isEqualTo(samples.get("issued").asLong());
        List<RequestRecord> records = RunOutputs.readRecords(run).requests();
        assertThat(records).isNotEmpty().allMatch(r -> r.outcome().isOk());
        assertThat(records).allMatch(r -> r.endpointUrl().startsWith("https://127.0.0.1:"));
        return records;
    }

    @Test
    void aStreamedServerRunTrustsTheServerThroughItsCa() {
        List<RequestRecord> records =
                allSucceeded(run("Server", "--ca-cert", certs.caPem().toString()));
        assertThat(records).allMatch(RequestRecord::stream);
        assertThat(records).allMatch(r -> r.chunks() >= 2);
    }

    @Test
    void aNonStreamedOfflineRunWithInsecureAcceptsTheCertificate() {
        RunFixture.Outcome o = run("Offline", "--insecure");
        List<RequestRecord> records = allSucceeded(o);
        assertThat(records).noneMatch(RequestRecord::stream);
        assertThat(o.err()).doesNotContain("has no effect");
    }

    @Test
    void aCaThatDidNotSignTheCertificateIsOneClearLine() throws Exception {
        TlsFixture.Certificates other = TlsFixture.make(dir.resolve("other"), "some other CA", false);
        for (List<String> trust : List.of(List.of("--ca-cert", other.caPem().toString()), List.<String>of())) {
            RunFixture.Outcome o = run("Server", trust.toArray(String[]::new));
            assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
            assertThat(o.errorLines()).as(o.err()).hasSize(1);
            assertThat(o.errorLines().get(0))
                    .startsWith("harness: cannot reach the server at " + nginx.url())
                    .contains(
                            "TLS handshake failed: the server's certificate is not signed by a trusted CA",
                            "--ca-cert FILE",
                            "--insecure");
            assertThat(o.err()).doesNotContain("\tat ", "Exception");
            assertThat(dir.resolve("out")).as("no run directory").doesNotExist();
        }
    }
}
