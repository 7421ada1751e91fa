package io.llmharness.k8s.collect;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.Map;

/**
 * Unpacks a tar stream (POSIX ustar, with GNU long names and pax {@code path} / {@code size} records, as GNU tar,
 * busybox and bsdtar write them) into a directory. Regular files and directories are written; links and devices
 * are skipped and counted. A name that is absolute or climbs out with {@code ..} stops the extraction.
 */
public final class TarExtractor {

    private static final int BLOCK = 512;
    private static final String NOT_TAR = " (the copy from the pod was cut or is not a tar stream)";

    /** What was unpacked. */
    public record Stats(long files, long bytes, long skipped) {}

    private TarExtractor() {}

    /**
     * Reads the whole stream and writes its entries under {@code dest}.
     *
     * @throws IOException on a read or write failure, or a malformed or unsafe archive
     */
    public static Stats extract(InputStream in, Path dest) throws IOException {
        Files.createDirectories(dest);
        byte[] header = new byte[BLOCK];
        long files = 0;
        long bytes = 0;
        long skipped = 0;
        String longName = null;
        Map<String, String> pax = new HashMap<>();
        while (true) {
            if (!readBlock(in, header)) {
                break; // a stream that ends without the two zero blocks: keep what was read
            }
            if (allZero(header)) {
                break;
            }
            verifyChecksum(header);
            char type = (char) header[156];
            long size = size(header);
            if (type == 'L') {
                longName = cString(readData(in, size));
                continue;
            }
            if (type == 'x') {
                pax.putAll(paxRecords(readData(in, size)));
                continue;
            }
            if (type == 'g' || type == 'K') {
                skip(in, padded(size));
                continue;
            }
            if (pax.containsKey("size")) {
                size = paxSize(pax.get("size"));
            }
            String name = pax.getOrDefault("path", longName != null ? longName : headerName(header));
            longName = null;
            pax.clear();
            Path target = safeTarget(dest, name);
            if (type == '5') {
                if (target != null) {
                    Files.createDirectories(target);
                }
                skip(in, padded(size));
            } else if ((type == '0' || type == '\0' || type == '7') && target != null) {
                Files.createDirectories(target.getParent());
                try (OutputStream out = Files.newOutputStream(target)) {
                    copy(in, out, size);
                }
                skip(in, padded(size) - size);
                long mtime = octal(header, 136, 12);
                if (mtime > 0) {
                    Files.setLastModifiedTime(target, FileTime.fromMillis(mtime * 1000));
                }
                files++;
                bytes += size;
            } else {
                skip(in, padded(size));
                if (target != null) {
                    skipped++;
                }
            }
        }
        return new Stats(files, bytes, skipped);
    }

    /** The path under {@code dest} for an entry name, or null for the archive's root ({@code ./}). */
    static Path safeTarget(Path dest, String name) throws IOException {
        String n = name;
        while (n.startsWith("./")) {
            n = n.substring(2);
        }
        if (n.isEmpty() || n.equals(".")) {
            return null;
        }
        if (n.startsWith("/") || n.contains("\\")) {
            throw new IOException("unsafe entry name in the results archive: " + name);
        }
        for (String part : n.split("/")) {
            if (part.equals("..")) {
                throw new IOException("unsafe entry name in the results archive: " + name);
            }
        }
        Path target = dest.resolve(n).normalize();
        if (!target.startsWith(dest.normalize())) {
            throw new IOException("unsafe entry name in the results archive: " + name);
        }
        return target;
    }

    private static String headerName(byte[] h) {
        String name = cString(h, 0, 100);
        boolean posix = h[257] == 'u' && h[262] == 0; // "ustar\0": the prefix field holds the path's start
        if (posix) {
            String prefix = cString(h, 345, 155);
            if (!prefix.isEmpty()) {
                return prefix + "/" + name;
            }
        }
        return name;
    }

    static long size(byte[] h) throws IOException {
        if ((h[124] & 0x80) != 0) { // GNU base-256 for sizes of 8 GiB and more
            long v = 0;
            for (int i = 125; i < 136; i++) {
                v = (v << 8) | (h[i] & 0xff);
            }
            return v;
        }
        return octal(h, 124, 12);
    }

    private static long octal(byte[] h, int off, int len) throws IOException {
        long v = 0;
        int i = off;
        int end = off + len;
        while (i < end && (h[i] == ' ' || h[i] == 0)) {
            i++;
        }
        for (; i < end && h[i] >= '0' && h[i] <= '7'; i++) {
            v = (v << 3) + (h[i] - '0');
        }
        if (i < end && h[i] != 0 && h[i] != ' ') {
            throw new IOException("malformed tar header: bad number at offset " + off + NOT_TAR);
        }
        return v;
    }

    private static void verifyChecksum(byte[] h) throws IOException {
        long stored = octal(h, 148, 8);
        long sum = 0;
        for (int i = 0; i < BLOCK; i++) {
            sum += (i >= 148 && i < 156) ? ' ' : (h[i] & 0xff);
        }
        if (sum != stored) {
            throw new IOException("malformed tar header: checksum " + stored + " != " + sum + NOT_TAR);
        }
    }

    private static long paxSize(String v) throws IOException {
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            throw new IOException("malformed pax size record: " + v);
        }
    }

    static Map<String, String> paxRecords(byte[] data) throws IOException {
        Map<String, String> out = new HashMap<>();
        int i = 0;
        while (i < data.length) {
            int sp = i;
            while (sp < data.length && data[sp] != ' ') {
                sp++;
            }
            if (sp >= data.length) {
                break;
            }
            int len;
            try {
                len = Integer.parseInt(new String(data, i, sp - i, StandardCharsets.US_ASCII));
            } catch (NumberFormatException e) {
                throw new IOException("malformed pax header record at byte " + i);
            }
            if (len <= 0 || i + len > data.length) {
                throw new IOException("malformed pax header record at byte " + i);
            }
            String record = new String(data, sp + 1, i + len - sp - 2, StandardCharsets.UTF_8);
            int eq = record.indexOf('=');
            if (eq > 0) {
                out.put(record.substring(0, eq), record.substring(eq + 1));
            }
            i += len;
        }
        return out;
    }

    private static byte[] readData(InputStream in, long size) throws IOException {
        if (size > 1 << 20) {
            throw new IOException("malformed tar stream: a " + size + "-byte header record");
        }
        byte[] data = new byte[(int) size];
        if (readFully(in, data, data.length) != size) {
            throw new EOFException("tar stream ends inside a header record");
        }
        skip(in, padded(size) - size);
        return data;
    }

    private static boolean readBlock(InputStream in, byte[] block) throws IOException {
        int n = readFully(in, block, BLOCK);
        if (n == 0) {
            return false;
        }
        if (n < BLOCK) {
            throw new EOFException("tar stream ends inside a header");
        }
        return true;
    }

    /**
     * Reads up to {@code len} bytes, fewer only at the end of the stream. Never asks the stream for 0 bytes (fabric8's
     * exec output asserts on that).
     */
    private static int readFully(InputStream in, byte[] b, int len) throws IOException {
        int n = 0;
        while (n < len) {
            int r = in.read(b, n, len - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        return n;
    }

    private static void copy(InputStream in, OutputStream out, long size) throws IOException {
        byte[] buf = new byte[64 * 1024];
        long left = size;
        while (left > 0) {
            int n = in.read(buf, 0, (int) Math.min(buf.length, left));
            if (n < 0) {
                throw new EOFException("tar stream ends inside a file (" + left + " bytes missing)");
            }
            out.write(buf, 0, n);
            left -= n;
        }
    }

    private static void skip(InputStream in, long n) throws IOException {
        long left = n;
        while (left > 0) {
            long s = in.skip(left);
            if (s <= 0) {
                if (in.read() < 0) {
                    throw new EOFException("tar stream ends early");
                }
                s = 1;
            }
            left -= s;
        }
    }

    private static long padded(long size) {
        return (size + BLOCK - 1) / BLOCK * BLOCK;
    }

    private static boolean allZero(byte[] b) {
        for (byte x : b) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    private static String cString(byte[] b) {
        return cString(b, 0, b.length);
    }

    private static String cString(byte[] b, int off, int len) {
        int end = off;
        while (end < off + len && b[end] != 0) {
            end++;
        }
        return new String(b, off, end - off, StandardCharsets.UTF_8);
    }
}
