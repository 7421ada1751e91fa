package io.llmharness.secret;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;

/**
 * Fingerprints of secret values, so that a later process can redact them from a text without the values being
 * written anywhere: {@code harness server start} records them beside its servers, {@code harness server stop} (another
 * JVM, which never saw the key) redacts the servers' logs with them.
 *
 * <p>Each value is kept as its length, a salted SHA-256 and a 31-bit rolling hash (Rabin-Karp, random base); a text
 * is scanned window by window with the rolling hash and a candidate is confirmed by the SHA-256, so a log is read in
 * linear time and only a true match is replaced by {@value Secrets#REDACTED}. As with any hash, a short or guessable
 * secret could be found again by trying candidates: the record file stays private ({@code 0600}).
 *
 * @param salt hex salt of the SHA-256 (and seed of nothing else)
 * @param base the rolling hash's base
 * @param prints one per value
 */
public record SecretPrints(String salt, long base, List<Print> prints) {

    /** The rolling hash's modulus: the Mersenne prime {@code 2^31 - 1}. */
    private static final long MOD = (1L << 31) - 1;

    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * One value.
     *
     * @param length its length in UTF-8 bytes
     * @param rolling its rolling hash
     * @param sha256 hex SHA-256 of salt and the value's UTF-8 bytes
     */
    public record Print(int length, long rolling, String sha256) {}

    public SecretPrints {
        prints = prints == null ? List.of() : List.copyOf(prints);
    }

    /** Fingerprints of these values; those shorter than {@link Secrets#MIN_SEARCH_LENGTH} are left out. */
    public static SecretPrints of(Collection<String> values) {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        long base = (1 << 16) + RANDOM.nextInt((int) MOD - (1 << 17));
        String hexSalt = HexFormat.of().formatHex(salt);
        List<Print> prints = new ArrayList<>();
        for (String value : values) {
            // a log is read byte for byte (ISO-8859-1): so is the value, from its UTF-8 bytes
            String v = value == null
                    ? null
                    : new String(value.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
            if (v != null && v.length() >= Secrets.MIN_SEARCH_LENGTH) {
                prints.add(new Print(v.length(), rolling(v, 0, v.length(), base), sha256(hexSalt, v)));
            }
        }
        return new SecretPrints(hexSalt, base, prints);
    }

    /** Fingerprints of every value {@link Secrets} knows now. */
    public static SecretPrints ofRegistered() {
        return of(Secrets.registered());
    }

    /**
     * The text with every fingerprinted value replaced by {@value Secrets#REDACTED}, then {@link Secrets#redact}. The
     * text is one read byte for byte (ISO-8859-1), as {@link PrivateFiles#redactInPlace} reads a log; an ASCII value
     * (every API key) is also found in any other text.
     */
    public String redact(String text) {
        if (text == null || prints.isEmpty()) {
            return Secrets.redact(text);
        }
        boolean[] hidden = null;
        for (Print p : prints) {
            hidden = mark(text, p, hidden);
        }
        return Secrets.redact(hidden == null ? text : replace(text, hidden));
    }

    /** Marks the chars of every occurrence of one value; returns the marks (created on the first match). */
    private boolean[] mark(String text, Print p, boolean[] hidden) {
        int n = p.length();
        if (text.length() < n) {
            return hidden;
        }
        long high = 1; // base^(n-1)
        for (int i = 1; i < n; i++) {
            high = high * base % MOD;
        }
        long h = rolling(text, 0, n, base);
        for (int i = 0; ; i++) {
            if (h == p.rolling() && sha256(salt, text.substring(i, i + n)).equals(p.sha256())) {
                if (hidden == null) {
                    hidden = new boolean[text.length()];
                }
                java.util.Arrays.fill(hidden, i, i + n, true);
            }
            if (i + n >= text.length()) {
                return hidden;
            }
            h = (h + MOD - text.charAt(i) * high % MOD) % MOD;
            h = (h * base + text.charAt(i + n)) % MOD;
        }
    }

    private static String replace(String text, boolean[] hidden) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            if (!hidden[i]) {
                sb.append(text.charAt(i));
            } else if (i == 0 || !hidden[i - 1]) {
                sb.append(Secrets.REDACTED);
            }
        }
        return sb.toString();
    }

    private static long rolling(String s, int from, int to, long base) {
        long h = 0;
        for (int i = from; i < to; i++) {
            h = (h * base + s.charAt(i)) % MOD;
        }
        return h;
    }

    private static String sha256(String salt, String value) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(salt.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d.digest(value.getBytes(StandardCharsets.ISO_8859_1)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
