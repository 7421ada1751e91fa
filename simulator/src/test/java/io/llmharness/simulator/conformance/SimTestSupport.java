package io.llmharness.simulator.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.simulator.TestClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;

/** Starts servers for a test and closes them afterwards; small JSON helpers. */
abstract class SimTestSupport {
    private final List<SimulatorServer> servers = new ArrayList<>();

    SimulatorServer start(SimulatorOptions options) {
        SimulatorServer s = SimulatorServer.start(options);
        servers.add(s);
        return s;
    }

    TestClient client(SimulatorServer s) {
        return new TestClient(s.baseUrl());
    }

    @AfterEach
    void closeServers() {
        for (SimulatorServer s : servers) {
            s.close();
        }
        servers.clear();
    }

    static ObjectNode obj() {
        return TestClient.JSON.createObjectNode();
    }

    static ObjectNode completion(String prompt, int maxTokens) {
        ObjectNode n = obj();
        n.put("model", "sim-model");
        n.put("prompt", prompt);
        n.put("max_tokens", maxTokens);
        n.put("ignore_eos", true);
        n.put("seed", 1234);
        return n;
    }

    static ObjectNode chat(String user, int maxTokens) {
        ObjectNode n = obj();
        n.put("model", "sim-model");
        n.putArray("messages").addObject().put("role", "user").put("content", user);
        n.put("max_completion_tokens", maxTokens);
        n.put("ignore_eos", true);
        n.put("seed", 1234);
        return n;
    }

    static ObjectNode streaming(ObjectNode body) {
        ObjectNode n = body.deepCopy();
        n.put("stream", true);
        n.putObject("stream_options").put("include_usage", true);
        return n;
    }

    /** Metric value of the first series whose line starts with {@code prefix} (name plus label text). */
    static double metric(String scrape, String prefix) {
        for (String line : scrape.split("\n")) {
            if (line.startsWith(prefix)) {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        throw new AssertionError("no series " + prefix + " in\n" + scrape);
    }

    static String text(JsonNode n) {
        return n.isNull() ? null : n.asText();
    }
}
