package io.llmharness.backend;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The folder where {@code harness server start} records running servers, one {@code NAME.json} per config
 * (default {@code ./.harness/servers/}). Files are replaced atomically.
 */
public final class ServerStateStore {

    /** Default state folder, relative to the current folder. */
    public static final Path DEFAULT_DIR = Path.of(".harness", "servers");

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Path dir;

    public ServerStateStore(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** The file of a record. */
    public Path fileOf(String name) {
        return dir.resolve(name + ".json");
    }

    /** Writes (or replaces) a record. */
    public void write(ServerState state) {
        Path target = fileOf(state.name());
        try {
            Files.createDirectories(dir);
            // createTempFile makes it 0600: the record holds the fingerprints of the servers' secrets
            Path tmp = Files.createTempFile(dir, state.name(), ".tmp");
            JSON.writeValue(tmp.toFile(), state);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw HarnessException.execution(
                    "cannot write the server state " + target + ": " + e.getMessage() + "; check --state-dir", e);
        }
    }

    /** Reads a record, if there is one. */
    public Optional<ServerState> read(String name) {
        Path f = fileOf(name);
        if (!Files.exists(f)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(f.toFile(), ServerState.class));
        } catch (IOException e) {
            throw HarnessException.execution("server state " + f + " is unreadable (" + e.getMessage()
                    + "); stop the processes by hand and delete the file");
        }
    }

    /** Deletes a record (no error when absent). */
    public void delete(String name) {
        try {
            Files.deleteIfExists(fileOf(name));
        } catch (IOException e) {
            throw HarnessException.execution("cannot delete " + fileOf(name) + ": " + e.getMessage());
        }
    }
}
