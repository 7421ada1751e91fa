package io.llmharness.backend.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BackendVersionTest {

    @Test
    void parsesReleaseAndDevVersions() {
        assertThat(BackendVersion.parse("0.13")).contains(new BackendVersion(0, 13, 0));
        assertThat(BackendVersion.parse("0.11.2")).contains(new BackendVersion(0, 11, 2));
        assertThat(BackendVersion.parse("v0.15.0rc2.dev93+g8e2a469b3")).contains(new BackendVersion(0, 15, 0));
        assertThat(BackendVersion.parse("latest")).contains(BackendVersion.LATEST);
        assertThat(BackendVersion.parse("new")).isEmpty();
    }

    @Test
    void comparesByMajorAndMinor() {
        assertThat(new BackendVersion(0, 12, 9).atLeast(0, 13)).isFalse();
        assertThat(new BackendVersion(0, 13, 0).atLeast(0, 13)).isTrue();
        assertThat(new BackendVersion(1, 0, 0).atLeast(0, 13)).isTrue();
        assertThat(BackendVersion.LATEST.atLeast(9, 9)).isTrue();
    }
}
