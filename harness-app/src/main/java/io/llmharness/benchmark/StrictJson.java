package io.llmharness.benchmark;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** The package's JSON mapper: rejects duplicate keys so a config file cannot silently say two things. */
final class StrictJson {
    static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .build();

    private StrictJson() {}
}
