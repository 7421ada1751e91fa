package io.llmharness.loadgen.log;

/** JSON string escaping and hex dumps for the log files. */
public final class LogText {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private LogText() {}

    /** {@code s} as a quoted JSON string. */
    public static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    /** Upper-case hex, two digits per byte in memory order. */
    public static void appendHex(StringBuilder b, byte[] data) {
        for (byte x : data) {
            b.append(HEX[(x >> 4) & 0xF]).append(HEX[x & 0xF]);
        }
    }
}
