package io.llmharness.loadgen;

/**
 * One sample instance issued by LoadGen.
 *
 * @param id opaque response id created by LoadGen for this issued instance; echo it back unchanged in the
 *     {@link QuerySampleResponse}. Unique within one {@code startTest}.
 * @param index index of the sample in the {@link QuerySampleLibrary} (0-based)
 */
public record QuerySample(long id, long index) {}
