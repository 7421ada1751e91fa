package io.llmharness.simulator.tokens;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulator's deterministic, lossless tokenizer. It stands in for a model's real tokenizer so that prompt
 * token counts, {@code /tokenize}, context-length checks, prefix-cache hashing and output token ids all agree.
 *
 * <p>The rule (documented in {@code docs/simulator.md}):
 *
 * <ul>
 *   <li>The vocabulary has {@link #VOCAB_SIZE} ids: 16 special tokens ({@code <unk>}=0, {@code <s>}=1,
 *       {@code </s>}=2 (EOS), chat role markers and media placeholders), 256 byte tokens (id 16 + byte value), then
 *       ASCII "word pieces" of at most four characters: a space followed by 1–3 lowercase letters, 2–3 lowercase
 *       letters, a space followed by a capital and 0–2 lowercase letters, a capital followed by 1–2 lowercase
 *       letters, a space followed by 1–3 digits, 2–3 digits, and runs of 2–4 spaces.
 *   <li>Encoding is greedy longest match (up to four characters) over the word pieces; any other character becomes
 *       its UTF-8 bytes, one byte token each. English text comes out at roughly three characters per token.
 *   <li>Decoding concatenates the pieces' bytes and skips special tokens, so {@code decode(encode(s)) == s} for
 *       every string. Ids at or above the vocabulary size (from clients that pre-tokenised with a real tokenizer)
 *       decode to a lowercase word piece chosen by {@code id mod 18278}.
 * </ul>
 *
 * <p>Immutable and thread-safe; use {@link #INSTANCE}.
 */
public final class SimTokenizer {

    public static final int UNK = 0;
    public static final int BOS = 1;
    public static final int EOS = 2;
    public static final int ROLE_SYSTEM = 3;
    public static final int ROLE_USER = 4;
    public static final int ROLE_ASSISTANT = 5;
    public static final int ROLE_TOOL = 6;
    public static final int ROLE_DEVELOPER = 7;
    public static final int END_OF_MESSAGE = 8;
    public static final int IMAGE = 9;
    public static final int AUDIO = 10;
    public static final int VIDEO = 11;
    /** First byte token; byte {@code b} is id {@code BYTE_BASE + b}. */
    public static final int BYTE_BASE = 16;
    /** First word piece: the lowercase words with a leading space that generated output is made of. */
    public static final int WORD_BASE = BYTE_BASE + 256;
    /** Number of lowercase words with a leading space (" a" … " zzz"). */
    public static final int LOWER_WORDS = 26 + 26 * 26 + 26 * 26 * 26;

    private static final String[] SPECIALS = {
        "<unk>",
        "<s>",
        "</s>",
        "<|system|>",
        "<|user|>",
        "<|assistant|>",
        "<|tool|>",
        "<|developer|>",
        "<|end|>",
        "<|image|>",
        "<|audio|>",
        "<|video|>",
        "<|reserved_12|>",
        "<|reserved_13|>",
        "<|reserved_14|>",
        "<|reserved_15|>"
    };

    public static final SimTokenizer INSTANCE = new SimTokenizer();

    /** Total number of ids this tokenizer defines. */
    public static final int VOCAB_SIZE = INSTANCE.pieces.length;

    private final String[] pieces;
    private final byte[][] pieceBytes;
    private final PackedTable table;

    private SimTokenizer() {
        List<String> words = new ArrayList<>();
        addWords(words, " ", Alphabet.LOWER, 1, 3);
        addWords(words, "", Alphabet.LOWER, 2, 3);
        addCapitalised(words, " ", 0, 2);
        addCapitalised(words, "", 1, 2);
        addWords(words, " ", Alphabet.DIGITS, 1, 3);
        addWords(words, "", Alphabet.DIGITS, 2, 3);
        words.addAll(List.of("  ", "   ", "    "));
        pieces = new String[WORD_BASE + words.size()];
        pieceBytes = new byte[pieces.length][];
        for (int i = 0; i < SPECIALS.length; i++) {
            pieces[i] = SPECIALS[i];
            pieceBytes[i] = new byte[0];
        }
        for (int b = 0; b < 256; b++) {
            pieces[BYTE_BASE + b] = b < 128 ? String.valueOf((char) b) : String.format("<0x%02X>", b);
            pieceBytes[BYTE_BASE + b] = new byte[] {(byte) b};
        }
        table = new PackedTable(1 << 18);
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            pieces[WORD_BASE + i] = w;
            pieceBytes[WORD_BASE + i] = w.getBytes(StandardCharsets.US_ASCII);
            table.put(pack(w, 0, w.length()), WORD_BASE + i);
        }
    }

    private enum Alphabet {
        LOWER('a', 26),
        DIGITS('0', 10);

        final char first;
        final int size;

        Alphabet(char first, int size) {
            this.first = first;
            this.size = size;
        }
    }

    private static void addWords(List<String> out, String prefix, Alphabet alphabet, int minLen, int maxLen) {
        for (int len = minLen; len <= maxLen; len++) {
            int combos = (int) Math.pow(alphabet.size, len);
            char[] chars = new char[len];
            for (int c = 0; c < combos; c++) {
                int rest = c;
                for (int p = len - 1; p >= 0; p--) {
                    chars[p] = (char) (alphabet.first + rest % alphabet.size);
                    rest /= alphabet.size;
                }
                out.add(prefix + new String(chars));
            }
        }
    }

    private static void addCapitalised(List<String> out, String prefix, int minTail, int maxTail) {
        for (char cap = 'A'; cap <= 'Z'; cap++) {
            List<String> tails = new ArrayList<>();
            if (minTail == 0) {
                tails.add("");
            }
            addWords(tails, "", Alphabet.LOWER, Math.max(1, minTail), maxTail);
            for (String tail : tails) {
                out.add(prefix + cap + tail);
            }
        }
    }

    /** Packs up to four ASCII chars (none of them NUL) into one int key. */
    private static int pack(CharSequence s, int from, int to) {
        int key = 0;
        for (int i = from; i < to; i++) {
            key |= (s.charAt(i) & 0x7F) << (8 * (i - from));
        }
        return key;
    }

    /** Appends the ids of {@code text} to {@code out}. */
    public void encode(CharSequence text, IntList out) {
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c < 128 && c != 0) {
                int ascii = 1;
                int key = c;
                while (ascii < 4 && i + ascii < n) {
                    char d = text.charAt(i + ascii);
                    if (d >= 128 || d == 0) {
                        break;
                    }
                    key |= d << (8 * ascii);
                    ascii++;
                }
                int matched = -1;
                for (int len = ascii; len >= 2; len--) {
                    int k = len == 4 ? key : key & ((1 << (8 * len)) - 1);
                    int id = table.get(k);
                    if (id >= 0) {
                        out.add(id);
                        matched = len;
                        break;
                    }
                }
                if (matched < 0) {
                    out.add(BYTE_BASE + c);
                    matched = 1;
                }
                i += matched;
            } else {
                int cp = Character.codePointAt(text, i);
                int width = Character.charCount(cp);
                if (Character.isSurrogate(c) && width == 1) {
                    cp = 0xFFFD;
                }
                appendUtf8(cp, out);
                i += width;
            }
        }
    }

    /** Returns the ids of {@code text}. */
    public int[] encode(CharSequence text) {
        IntList out = new IntList(text.length() / 2 + 4);
        encode(text, out);
        return out.toArray();
    }

    /** Number of tokens {@code text} encodes to. */
    public int count(CharSequence text) {
        IntList out = new IntList(text.length() / 2 + 4);
        encode(text, out);
        return out.size();
    }

    private static void appendUtf8(int cp, IntList out) {
        if (cp < 0x80) {
            out.add(BYTE_BASE + cp);
        } else if (cp < 0x800) {
            out.add(BYTE_BASE + (0xC0 | (cp >> 6)));
            out.add(BYTE_BASE + (0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            out.add(BYTE_BASE + (0xE0 | (cp >> 12)));
            out.add(BYTE_BASE + (0x80 | ((cp >> 6) & 0x3F)));
            out.add(BYTE_BASE + (0x80 | (cp & 0x3F)));
        } else {
            out.add(BYTE_BASE + (0xF0 | (cp >> 18)));
            out.add(BYTE_BASE + (0x80 | ((cp >> 12) & 0x3F)));
            out.add(BYTE_BASE + (0x80 | ((cp >> 6) & 0x3F)));
            out.add(BYTE_BASE + (0x80 | (cp & 0x3F)));
        }
    }

    /** The UTF-8 bytes id {@code id} contributes to decoded text (empty for special tokens). */
    public byte[] bytesOf(int id) {
        return pieceBytes[canonical(id)];
    }

    /** The display string of one id ({@code token_strs} in /tokenize). */
    public String pieceOf(int id) {
        return pieces[canonical(id)];
    }

    /** True when the id's text is plain ASCII (word pieces, ASCII bytes) or empty (special tokens). */
    public boolean isAsciiPiece(int id) {
        int c = canonical(id);
        return c < BYTE_BASE + 128 || c >= WORD_BASE;
    }

    /** The decoded text of one id on its own: "" for special tokens, the piece otherwise (shared instances). */
    public String textOf(int id) {
        int c = canonical(id);
        return c < BYTE_BASE ? "" : pieces[c];
    }

    /** True for the 16 special ids (BOS, EOS, role markers, media placeholders). */
    public static boolean isSpecial(int id) {
        return id >= 0 && id < BYTE_BASE;
    }

    private int canonical(int id) {
        if (id >= 0 && id < pieces.length) {
            return id;
        }
        return WORD_BASE + Math.floorMod(id, LOWER_WORDS);
    }

    /** Decodes ids to text, skipping special tokens; invalid UTF-8 becomes U+FFFD. */
    public String decode(int[] ids) {
        Detokenizer d = new Detokenizer();
        StringBuilder sb = new StringBuilder();
        for (int id : ids) {
            sb.append(d.append(id));
        }
        sb.append(d.flush());
        return sb.toString();
    }

    /** Open-addressing int→int map for the packed word pieces. */
    private static final class PackedTable {
        private final int[] keys;
        private final int[] values;
        private final int mask;

        PackedTable(int capacity) {
            keys = new int[capacity];
            values = new int[capacity];
            mask = capacity - 1;
        }

        private int slot(int key) {
            return (key * 0x9E3779B9) >>> 14 & mask;
        }

        void put(int key, int value) {
            int s = slot(key);
            while (keys[s] != 0) {
                s = (s + 1) & mask;
            }
            keys[s] = key;
            values[s] = value;
        }

        int get(int key) {
            int s = slot(key);
            while (true) {
                int k = keys[s];
                if (k == key) {
                    return values[s];
                }
                if (k == 0) {
                    return -1;
                }
                s = (s + 1) & mask;
            }
        }
    }
}
