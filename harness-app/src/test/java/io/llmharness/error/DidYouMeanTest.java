package io.llmharness.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DidYouMeanTest {

    @Test
    void suggestsCloseNamesOnly() {
        List<String> keys = List.of("heartbeat_interval", "heartbeat_timeout", "port", "model");
        assertThat(DidYouMean.closest("heartbeat_intervall", keys)).contains("heartbeat_interval");
        assertThat(DidYouMean.closest("prot", keys)).contains("port");
        assertThat(DidYouMean.closest("Model", keys)).contains("model");
        assertThat(DidYouMean.closest("tensor_parallel", keys)).isEmpty();
        assertThat(DidYouMean.hint("xyz", keys)).isEmpty();
    }

    @Test
    void distanceIsLevenshtein() {
        assertThat(DidYouMean.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(DidYouMean.distance("", "abc")).isEqualTo(3);
    }
}
