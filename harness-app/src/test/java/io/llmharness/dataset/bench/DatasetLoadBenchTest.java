package io.llmharness.dataset.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark leaves nothing behind in the temporary directory, whether it finishes or a load fails. */
class DatasetLoadBenchTest {

    @TempDir
    Path tmp;

    @Test
    void deletesItsFolderWhenDone() throws Exception {
        DatasetLoadBench.measureAll(tmp, new String[] {"20"});

        assertThat(tmp).isEmptyDirectory();
    }

    @Test
    void deletesItsFolderWhenALoadFails() {
        String missing = tmp.resolveSibling(tmp.getFileName() + "-none.json").toString();

        assertThatThrownBy(() -> DatasetLoadBench.measureAll(tmp, new String[] {"20", missing}))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("not found");
        assertThat(tmp).isEmptyDirectory();
    }
}
