package io.llmharness.submission;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * What MLCommons' {@code truncate_accuracy_log.py} does to an {@code accuracy/} directory, done while packing:
 * the SHA-256 of the whole {@code mlperf_log_accuracy.json} is appended to {@code accuracy.txt} as a blank line
 * and {@code hash=<hex>}, then the log is cut to its first 4096 and last 4096 characters joined by
 * {@code "\n\n...\n\n"} (logs under 4096 bytes stay whole). An {@code accuracy.txt} that already has a hash line
 * beside a log under 10240 bytes is taken as done, as the tool does.
 */
final class AccuracyLogTruncation {

    /** Characters kept from each end. */
    static final int VIEWABLE = 4096;

    /** The checker's largest accepted accuracy log. */
    static final long MAX_LOG_BYTES = 10240;

    private static final Pattern HASH_LINE = Pattern.compile("^hash=\\w+$", Pattern.MULTILINE);

    private AccuracyLogTruncation() {}

    /**
     * Hashes and truncates in place.
     *
     * @param accuracyTxt the accuracy.txt to append the hash to (must exist)
     * @param log the mlperf_log_accuracy.json to truncate
     * @return the hash written, or null when the pair was already done
     */
    static String apply(Path accuracyTxt, Path log) throws IOException {
        long size = Files.size(log);
        String text = Files.readString(accuracyTxt, StandardCharsets.UTF_8);
        if (HASH_LINE.matcher(text).find() && size < MAX_LOG_BYTES) {
            return null;
        }
        String hash = sha256(log);
        Files.writeString(accuracyTxt, "\nhash=" + hash + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        truncate(log, size);
        return hash;
    }

    /**
     * Hashes and truncates a TEST07 or TEST09 log in place: {@code accuracy.txt} beside it is (over)written with
     * {@code hash=<hex>} alone, as the official tool does for these tests.
     *
     * @return the hash written
     */
    static String applyCompliance(Path accuracyTxt, Path log) throws IOException {
        long size = Files.size(log);
        String hash = sha256(log);
        Files.writeString(accuracyTxt, "hash=" + hash + "\n", StandardCharsets.UTF_8);
        truncate(log, size);
        return hash;
    }

    /** Lower-case hex SHA-256 of a file's bytes. */
    static String sha256(Path file) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static void truncate(Path log, long size) throws IOException {
        if (size < VIEWABLE) {
            return;
        }
        byte[] head = new byte[VIEWABLE];
        byte[] tail = new byte[VIEWABLE];
        try (var ch = Files.newByteChannel(log)) {
            readFully(ch, head);
            ch.position(size - VIEWABLE);
            readFully(ch, tail);
        }
        byte[] middle = "\n\n...\n\n".getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[head.length + middle.length + tail.length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(middle, 0, out, head.length, middle.length);
        System.arraycopy(tail, 0, out, head.length + middle.length, tail.length);
        Files.write(log, out);
    }

    private static void readFully(java.nio.channels.SeekableByteChannel ch, byte[] into) throws IOException {
        var buf = java.nio.ByteBuffer.wrap(into);
        while (buf.hasRemaining()) {
            if (ch.read(buf) < 0) {
                throw new IOException("file shorter than expected");
            }
        }
    }
}
