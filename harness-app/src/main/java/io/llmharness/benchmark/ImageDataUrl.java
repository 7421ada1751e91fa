package io.llmharness.benchmark;

import io.llmharness.error.HarnessException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;

/** Encodes image bytes as a {@code data:image/<format>;base64,…} URL, the format read from the magic bytes. */
public final class ImageDataUrl {
    private ImageDataUrl() {}

    /**
     * The image format of encoded bytes: {@code png}, {@code jpeg}, {@code webp} or {@code gif}; empty for
     * anything else.
     */
    public static Optional<String> format(byte[] b) {
        if (b == null) {
            return Optional.empty();
        }
        if (startsWith(b, 0, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
            return Optional.of("png");
        }
        if (startsWith(b, 0, 0xFF, 0xD8, 0xFF)) {
            return Optional.of("jpeg");
        }
        if (startsWith(b, 0, 'R', 'I', 'F', 'F') && startsWith(b, 8, 'W', 'E', 'B', 'P')) {
            return Optional.of("webp");
        }
        if (startsWith(b, 0, 'G', 'I', 'F', '8', '7', 'a') || startsWith(b, 0, 'G', 'I', 'F', '8', '9', 'a')) {
            return Optional.of("gif");
        }
        return Optional.empty();
    }

    /**
     * The data URL of the image bytes, unchanged (no re-encoding, no resizing).
     *
     * @param where dataset, row and column for the error message
     * @throws HarnessException config error when the bytes are not PNG, JPEG, WebP or GIF
     */
    public static String of(byte[] bytes, String where) {
        String fmt = format(bytes)
                .orElseThrow(
                        () -> HarnessException.config(where + ": not a PNG, JPEG, WebP or" + " GIF image (first bytes "
                                + head(bytes) + "); the column must hold encoded image file bytes"));
        return "data:image/" + fmt + ";base64," + Base64.getEncoder().encodeToString(bytes);
    }

    private static boolean startsWith(byte[] b, int offset, int... magic) {
        if (b.length < offset + magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((b[offset + i] & 0xFF) != magic[i]) {
                return false;
            }
        }
        return true;
    }

    private static String head(byte[] b) {
        if (b == null || b.length == 0) {
            return "none";
        }
        return HexFormat.ofDelimiter(" ").formatHex(b, 0, Math.min(8, b.length));
    }
}
