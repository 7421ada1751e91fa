package io.llmharness.dataset.cache;

import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.column.TableCodec;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cached binary form of parsed dataset tables ({@link TableCodec}), one file per source named {@code
 * <source-name>.<key>.lhds}. The key hashes the source's absolute path, size and modification time, the reader
 * options ({@code variant}) and the cache format version; the full key text is also stored in the file and
 * compared on load. Writes go to a temporary file that is moved into place, so a crashed run leaves no half entry.
 * A cache that cannot be read or written is logged and bypassed, never fatal.
 */
public final class DatasetCache {
    private static final Logger LOG = LoggerFactory.getLogger(DatasetCache.class);
    /** Bump when the codec or any reader changes what a file parses to. */
    static final int VERSION = 2;

    private static final String SUFFIX = ".lhds";

    private final Path dir;

    /** A cache in this directory (created on first write). */
    public DatasetCache(Path dir) {
        this.dir = dir;
    }

    /** The directory. */
    public Path dir() {
        return dir;
    }

    /** What a load did. */
    public enum Outcome {
        /** The table came from the cache. */
        HIT,
        /** The table was parsed and then written to the cache. */
        STORED,
        /** The table was parsed; the cache could not be used. */
        BYPASSED
    }

    /**
     * A table and how it was obtained.
     *
     * @param problem why the cache was bypassed, in words; null otherwise
     */
    public record Result(Table table, Outcome outcome, Path entry, String problem) {}

    /**
     * The table of {@code source}: from the cache when a matching entry exists, else from {@code parse}, which is
     * then stored.
     *
     * @param variant the reader options that change the parse (e.g. a forced format)
     */
    public Result load(Path source, String variant, Supplier<Table> parse) {
        String key;
        try {
            key = key(source, variant);
        } catch (IOException e) {
            return new Result(parse.get(), Outcome.BYPASSED, null, "cannot read the source to key it: " + e);
        }
        Path entry = entryPath(source, key);
        Optional<Table> cached = read(entry, key);
        if (cached.isPresent()) {
            return new Result(cached.get(), Outcome.HIT, entry, null);
        }
        Table table = parse.get();
        try {
            write(source, entry, key, table);
            return new Result(table, Outcome.STORED, entry, null);
        } catch (IOException | RuntimeException e) {
            LOG.info("Dataset cache {} not written: {}", entry, e.toString());
            return new Result(table, Outcome.BYPASSED, null, "cannot write " + entry + " (" + e + ")");
        }
    }

    /** The entry file a source would use now. */
    public Path entryFor(Path source, String variant) throws IOException {
        return entryPath(source, key(source, variant));
    }

    private Path entryPath(Path source, String key) {
        return dir.resolve(source.getFileName() + "." + hash(key) + SUFFIX);
    }

    static String key(Path source, String variant) throws IOException {
        BasicFileAttributes a = Files.readAttributes(source, BasicFileAttributes.class);
        return "v" + VERSION + "|" + source.toAbsolutePath().normalize() + "|" + a.size() + "|"
                + a.lastModifiedTime().toMillis() + "|" + variant;
    }

    private static String hash(String key) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private Optional<Table> read(Path entry, String key) {
        if (!Files.isRegularFile(entry)) {
            return Optional.empty();
        }
        try (FileChannel ch = FileChannel.open(entry, StandardOpenOption.READ)) {
            long size = ch.size();
            TableCodec.Reader reader = size < Integer.MAX_VALUE
                    ? new TableCodec.Reader(ch.map(FileChannel.MapMode.READ_ONLY, 0, size))
                    : new TableCodec.Reader(ch);
            if (!Arrays.equals(reader.header(), key.getBytes(StandardCharsets.UTF_8))) {
                return Optional.empty();
            }
            return Optional.of(reader.table());
        } catch (IOException | RuntimeException e) {
            LOG.warn("Dataset cache {} unreadable, parsing the source again: {}", entry, e.toString());
            return Optional.empty();
        }
    }

    private void write(Path source, Path entry, String key, Table table) throws IOException {
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, entry.getFileName().toString(), ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                TableCodec.write(table, key.getBytes(StandardCharsets.UTF_8), ch);
            }
            try {
                Files.move(tmp, entry, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, entry, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        deleteStale(source, entry);
    }

    private void deleteStale(Path source, Path keep) {
        String prefix = source.getFileName() + ".";
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(p -> !p.equals(keep))
                    .filter(p -> {
                        String n = p.getFileName().toString();
                        return n.startsWith(prefix)
                                && n.endsWith(SUFFIX)
                                && n.length() == prefix.length() + 16 + SUFFIX.length();
                    })
                    .forEach(p -> {
                        try {
                            Files.deleteIfExists(p);
                        } catch (IOException e) {
                            LOG.debug("cannot delete stale cache entry {}", p, e);
                        }
                    });
        } catch (IOException e) {
            LOG.debug("cannot list cache directory {}", dir, e);
        }
    }
}
