package io.llmharness.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.dataset.cache.DatasetCache;
import io.llmharness.dataset.column.Table;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The binary cache returns equal tables, and is invalidated when the source changes. */
class DatasetCacheTest {
    @TempDir
    Path dir;

    @Test
    void storesThenHitsWithAnEqualTable() throws Exception {
        Path cacheDir = dir.resolve("cache");
        Path src = Files.copy(Fixtures.path("nested.pkl"), dir.resolve("nested.pkl"));
        DatasetOptions o = DatasetOptions.defaults().withCacheDir(cacheDir);

        Dataset parsed = DatasetLoader.load(src, o);
        Dataset cached = DatasetLoader.load(src, o);

        assertThat(Files.list(cacheDir)).hasSize(1);
        assertThat(cached.table()).isEqualTo(parsed.table());
        assertThat(cached.table()).isEqualTo(Dataset.load(src).table());
    }

    @Test
    void everyColumnTypeRoundTrips() throws Exception {
        Path src = Files.copy(Fixtures.path("small_lists.pkl"), dir.resolve("s.pkl"));
        DatasetCache cache = new DatasetCache(dir.resolve("c"));
        Table table = Fixtures.smallTable();

        cache.load(src, "x", () -> table);
        DatasetCache.Result again = cache.load(src, "x", () -> {
            throw new AssertionError("should come from the cache");
        });

        assertThat(again.outcome()).isEqualTo(DatasetCache.Outcome.HIT);
        assertThat(again.table()).isEqualTo(table);
        assertThat(again.table().head(2)).isEqualTo(table.head(2));
    }

    @Test
    void sourceChangeInvalidatesAndReplacesTheEntry() throws Exception {
        Path src = dir.resolve("d.json");
        Files.writeString(src, "[{\"input\": \"a\", \"tok_input\": [1]}]");
        DatasetCache cache = new DatasetCache(dir.resolve("c"));
        AtomicInteger parses = new AtomicInteger();

        cache.load(src, "v", () -> {
            parses.incrementAndGet();
            return TableReaders.read(src, DatasetFormat.JSON);
        });
        Path first = cache.entryFor(src, "v");
        Files.writeString(src, "[{\"input\": \"b\", \"tok_input\": [2, 3]}]");
        Files.setLastModifiedTime(
                src, FileTime.fromMillis(Files.getLastModifiedTime(src).toMillis() + 5000));
        DatasetCache.Result r = cache.load(src, "v", () -> {
            parses.incrementAndGet();
            return TableReaders.read(src, DatasetFormat.JSON);
        });

        assertThat(parses).hasValue(2);
        assertThat(r.outcome()).isEqualTo(DatasetCache.Outcome.STORED);
        assertThat(r.entry()).isNotEqualTo(first);
        assertThat(first).doesNotExist();
        assertThat(r.table().column("input").orElseThrow().text(0)).isEqualTo("b");
    }

    @Test
    void corruptEntryIsIgnored() throws Exception {
        Path src = Files.copy(Fixtures.path("small.json"), dir.resolve("small.json"));
        DatasetCache cache = new DatasetCache(dir.resolve("c"));
        cache.load(src, "v", () -> TableReaders.read(src, DatasetFormat.JSON));
        Path entry = cache.entryFor(src, "v");
        byte[] bytes = Files.readAllBytes(entry);
        Files.write(entry, java.util.Arrays.copyOf(bytes, bytes.length / 2));

        DatasetCache.Result r = cache.load(src, "v", () -> TableReaders.read(src, DatasetFormat.JSON));

        assertThat(r.outcome()).isEqualTo(DatasetCache.Outcome.STORED);
        assertThat(r.table()).isEqualTo(Fixtures.smallTable());
    }
}
