package io.llmharness.run.bench;

import io.llmharness.simulator.SimulatorServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One fast simulator ({@link BenchFixture#fastSimulator}: 5 ms to the first token, 0.5 ms per token) for all tests of
 * a class, started before the first and closed after the last:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final FastSimulator sim = new FastSimulator();
 * ... "--endpoint", sim.baseUrl() ...
 * }</pre>
 */
final class FastSimulator implements BeforeAllCallback, AfterAllCallback {

    private SimulatorServer server;

    @Override
    public void beforeAll(ExtensionContext context) {
        server = BenchFixture.fastSimulator();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (server != null) {
            server.close();
            server = null;
        }
    }

    /** The running simulator. */
    SimulatorServer server() {
        if (server == null) {
            throw new IllegalStateException("the simulator runs only while the test class does");
        }
        return server;
    }

    /** Its base URL, {@code http://127.0.0.1:PORT}. */
    String baseUrl() {
        return server().baseUrl();
    }
}
