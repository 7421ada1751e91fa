package io.llmharness.dataset.read;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** Opens dataset files, transparently decompressing gzip (recognised by its magic bytes, not the name). */
public final class Inputs {
    private static final int BUFFER = 1 << 16;

    private Inputs() {}

    /** A buffered stream of the file's (decompressed) content. */
    public static InputStream open(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), BUFFER);
        if (isGzip(raw)) {
            return new BufferedInputStream(new GZIPInputStream(raw, BUFFER), BUFFER);
        }
        return raw;
    }

    /** Whether the file starts with the gzip magic bytes. */
    public static boolean isGzip(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 4)) {
            return isGzip(in);
        }
    }

    /** The first {@code n} bytes of the (decompressed) content, fewer when the file is shorter. */
    public static byte[] head(Path file, int n) throws IOException {
        try (InputStream in = open(file)) {
            return in.readNBytes(n);
        }
    }

    /**
     * A stream that remembers whether its end was reached and the last bytes it returned, so a reader can tell a
     * file that ends early from one that is malformed inside.
     */
    public static final class Tracked extends FilterInputStream {
        private boolean ended;
        private int last = -1;
        private int lastNonBlank = -1;

        public Tracked(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b < 0) {
                ended = true;
            } else {
                last = b;
                lastNonBlank = isBlank(b) ? lastNonBlank : b;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n < 0) {
                ended = true;
            } else if (n > 0) {
                last = buffer[offset + n - 1] & 0xff;
                for (int i = offset + n - 1; i >= offset; i--) {
                    if (!isBlank(buffer[i])) {
                        lastNonBlank = buffer[i] & 0xff;
                        break;
                    }
                }
            }
            return n;
        }

        private static boolean isBlank(int b) {
            return b == ' ' || b == '\n' || b == '\r' || b == '\t';
        }

        /** Whether a read has found the end of the content. */
        public boolean ended() {
            return ended;
        }

        /** The last byte read, -1 before any. */
        public int lastByte() {
            return last;
        }

        /** The last byte read that is not a space, tab or line break, -1 before any. */
        public int lastNonBlankByte() {
            return lastNonBlank;
        }
    }

    private static boolean isGzip(InputStream in) throws IOException {
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        return b0 == 0x1f && b1 == 0x8b;
    }
}
