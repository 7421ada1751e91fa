package io.llmharness.simulator.request;

import java.util.Base64;

/**
 * Counts the placeholder tokens an image contributes to {@code prompt_tokens}, with a rule modelled on
 * Qwen2/3-VL (14-pixel patches merged 2×2): {@code ceil(width / 28) × ceil(height / 28)}, clamped to
 * [{@value #MIN_TOKENS}, {@value #MAX_TOKENS}]. Width and height are read from the header of a PNG, JPEG, GIF or
 * WebP {@code data:} URL (only the first {@value #HEADER_CHARS} base64 characters are decoded). Remote URLs
 * ({@code http(s)://}, {@code file://}) are not fetched and count {@value #UNKNOWN_TOKENS} tokens, as does a data URL
 * whose format is not recognised. A {@code data:} URL that is not {@code data:<mime>;base64,<payload>} with valid
 * base64 is rejected with 400, as vLLM rejects undecodable images.
 */
public final class ImageTokens {
    /** Pixels per token side (patch 14 × merge 2). */
    public static final int PIXELS_PER_TOKEN_SIDE = 28;

    public static final int MIN_TOKENS = 4;
    public static final int MAX_TOKENS = 16384;
    /** Tokens for images whose size cannot be read without fetching them. */
    public static final int UNKNOWN_TOKENS = 256;

    static final int HEADER_CHARS = 65536;

    private ImageTokens() {}

    /** Token count for one {@code image_url.url}; {@code param} names the field in errors. */
    public static int count(String url, String param) {
        if (url == null || url.isEmpty()) {
            throw ApiError.badRequest("Invalid image URL: empty", param);
        }
        if (!url.startsWith("data:")) {
            if (url.startsWith("http://") || url.startsWith("https://") || url.startsWith("file://")) {
                return UNKNOWN_TOKENS;
            }
            throw ApiError.badRequest("Invalid image URL: only http(s), file and data URLs are supported", param);
        }
        int comma = url.indexOf(',');
        if (comma < 0 || !url.substring(0, comma).endsWith(";base64")) {
            throw ApiError.badRequest("Invalid data URL: expected data:<mime>;base64,<payload>", param);
        }
        int end = Math.min(url.length(), comma + 1 + HEADER_CHARS);
        int usable = ((end - comma - 1) / 4) * 4;
        if (usable == 0) {
            throw ApiError.badRequest("Invalid data URL: empty image payload", param);
        }
        byte[] head;
        try {
            head = Base64.getDecoder().decode(url.substring(comma + 1, comma + 1 + usable));
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("Invalid data URL: payload is not valid base64", param);
        }
        int[] size = dimensions(head);
        if (size == null) {
            return UNKNOWN_TOKENS;
        }
        return tokensFor(size[0], size[1]);
    }

    /** Token count for an image of the given size in pixels. */
    public static int tokensFor(int width, int height) {
        long w = Math.max(1, (width + PIXELS_PER_TOKEN_SIDE - 1) / PIXELS_PER_TOKEN_SIDE);
        long h = Math.max(1, (height + PIXELS_PER_TOKEN_SIDE - 1) / PIXELS_PER_TOKEN_SIDE);
        return (int) Math.max(MIN_TOKENS, Math.min(MAX_TOKENS, w * h));
    }

    /** {width, height} from an image header, or null when the format is not recognised. */
    static int[] dimensions(byte[] b) {
        if (b.length >= 24 && (b[0] & 0xFF) == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G') {
            return new int[] {be32(b, 16), be32(b, 20)};
        }
        if (b.length >= 10 && b[0] == 'G' && b[1] == 'I' && b[2] == 'F') {
            return new int[] {le16(b, 6), le16(b, 8)};
        }
        if (b.length >= 30 && b[0] == 'R' && b[1] == 'I' && b[8] == 'W' && b[9] == 'E' && b[12] == 'V') {
            return webp(b);
        }
        if (b.length >= 4 && (b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xD8) {
            return jpeg(b);
        }
        return null;
    }

    private static int[] webp(byte[] b) {
        if (b[15] == ' ' && b.length >= 30) { // VP8 (lossy)
            return new int[] {le16(b, 26) & 0x3FFF, le16(b, 28) & 0x3FFF};
        }
        if (b[15] == 'L' && b.length >= 25) { // VP8L (lossless)
            int bits = (b[21] & 0xFF) | (b[22] & 0xFF) << 8 | (b[23] & 0xFF) << 16 | (b[24] & 0xFF) << 24;
            return new int[] {(bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1};
        }
        if (b[15] == 'X' && b.length >= 30) { // VP8X (extended)
            return new int[] {le24(b, 24) + 1, le24(b, 27) + 1};
        }
        return null;
    }

    private static int[] jpeg(byte[] b) {
        int i = 2;
        while (i + 9 < b.length) {
            if ((b[i] & 0xFF) != 0xFF) {
                i++;
                continue;
            }
            int marker = b[i + 1] & 0xFF;
            if (marker == 0xFF || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
                i += marker == 0xFF ? 1 : 2;
                continue;
            }
            int length = ((b[i + 2] & 0xFF) << 8) | (b[i + 3] & 0xFF);
            boolean sof = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
            if (sof) {
                int height = ((b[i + 5] & 0xFF) << 8) | (b[i + 6] & 0xFF);
                int width = ((b[i + 7] & 0xFF) << 8) | (b[i + 8] & 0xFF);
                return new int[] {width, height};
            }
            i += 2 + length;
        }
        return null;
    }

    private static int be32(byte[] b, int o) {
        return (b[o] & 0xFF) << 24 | (b[o + 1] & 0xFF) << 16 | (b[o + 2] & 0xFF) << 8 | (b[o + 3] & 0xFF);
    }

    private static int le16(byte[] b, int o) {
        return (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8;
    }

    private static int le24(byte[] b, int o) {
        return (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8 | (b[o + 2] & 0xFF) << 16;
    }
}
