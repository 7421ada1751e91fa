package io.llmharness.dataset.column;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The compact binary form of a {@link Table}, used by the dataset cache. Little-endian; after a caller-defined
 * header: column count, row count, then per column its name, type and data. Token ids are written as the one
 * {@code int[]} plus offsets they are held in, text as its UTF-8 bytes plus offsets, numbers as raw arrays, bytes
 * as lengths (−1 = null) plus concatenated bytes, so reading is a few bulk copies.
 */
public final class TableCodec {
    private TableCodec() {}

    /** Writes the table followed by nothing else; the caller writes any header first through {@code header}. */
    public static void write(Table table, byte[] header, WritableByteChannel channel) throws IOException {
        BinaryOut out = new BinaryOut(channel);
        out.putBytes(header);
        out.putInt(table.columns().size());
        out.putInt(table.rows());
        for (Column c : table.columns()) {
            out.putString(c.name());
            out.putByte(c.type().ordinal());
            switch (c) {
                case TokenIdsColumn t -> {
                    putNulls(out, t.nulls());
                    int[] off = t.offsets();
                    out.putInts(off, 0, off.length);
                    out.putInts(t.data(), off[0], off[off.length - 1]);
                }
                case LongColumn l -> {
                    putNulls(out, l.nulls());
                    out.putLongs(l.values());
                }
                case DoubleColumn d -> {
                    putNulls(out, d.nulls());
                    long[] bits = new long[d.size()];
                    for (int i = 0; i < bits.length; i++) {
                        bits[i] = Double.doubleToRawLongBits(d.get(i));
                    }
                    out.putLongs(bits);
                }
                case BooleanColumn b -> {
                    putNulls(out, b.nulls());
                    putNulls(out, b.trues());
                }
                case StringColumn s -> putTexts(out, s.rows());
                case JsonColumn j -> putTexts(out, j.rows());
                case BytesColumn b -> putBlobs(out, b.values());
            }
        }
        out.flush();
    }

    /** Reading state; create one per channel. */
    public static final class Reader {
        private final BinaryIn in;

        public Reader(ReadableByteChannel channel) {
            this.in = new BinaryIn(channel);
        }

        /** Reads from a buffer holding the whole encoded table, e.g. a memory-mapped file. */
        public Reader(java.nio.ByteBuffer whole) {
            this.in = new BinaryIn(whole);
        }

        /** The header bytes. */
        public byte[] header() throws IOException {
            return in.getBytes();
        }

        /** The table after the header. */
        public Table table() throws IOException {
            int columns = in.getInt();
            int rows = in.getInt();
            List<Column> out = new ArrayList<>(columns);
            ColumnType[] types = ColumnType.values();
            for (int k = 0; k < columns; k++) {
                String name = in.getString();
                ColumnType type = types[in.getByte()];
                out.add(readColumn(name, type, rows));
            }
            return new Table(out, rows);
        }

        private Column readColumn(String name, ColumnType type, int rows) throws IOException {
            return switch (type) {
                case TOKEN_IDS -> {
                    BitSet nulls = getNulls();
                    int[] off = new int[rows + 1];
                    in.getInts(off);
                    int base = off[0];
                    for (int i = 0; i <= rows; i++) {
                        off[i] -= base;
                    }
                    int[] data = new int[off[rows]];
                    in.getInts(data);
                    yield new TokenIdsColumn(name, data, off, nulls);
                }
                case LONG -> {
                    BitSet nulls = getNulls();
                    long[] v = new long[rows];
                    in.getLongs(v);
                    yield new LongColumn(name, v, nulls);
                }
                case DOUBLE -> {
                    BitSet nulls = getNulls();
                    long[] bits = new long[rows];
                    in.getLongs(bits);
                    double[] v = new double[rows];
                    for (int i = 0; i < rows; i++) {
                        v[i] = Double.longBitsToDouble(bits[i]);
                    }
                    yield new DoubleColumn(name, v, nulls);
                }
                case BOOLEAN -> {
                    BitSet nulls = getNulls();
                    yield new BooleanColumn(name, rows, getNulls(), nulls);
                }
                case STRING -> new StringColumn(name, getTexts(rows));
                case JSON -> new JsonColumn(name, getTexts(rows));
                case BYTES -> new BytesColumn(name, getBlobs(rows));
            };
        }

        private BitSet getNulls() throws IOException {
            long[] words = new long[in.getInt()];
            in.getLongs(words);
            return BitSet.valueOf(words);
        }

        private Utf8Strings getTexts(int rows) throws IOException {
            BitSet nulls = getNulls();
            int[] off = new int[rows + 1];
            in.getInts(off);
            int base = off[0];
            for (int i = 0; i <= rows; i++) {
                off[i] -= base;
            }
            byte[] data = new byte[off[rows]];
            in.getRaw(data);
            return new Utf8Strings(data, off, nulls);
        }

        private byte[][] getBlobs(int rows) throws IOException {
            int[] lens = new int[rows];
            in.getInts(lens);
            byte[][] out = new byte[rows][];
            for (int i = 0; i < rows; i++) {
                if (lens[i] >= 0) {
                    out[i] = new byte[lens[i]];
                    in.getRaw(out[i]);
                }
            }
            return out;
        }
    }

    private static void putNulls(BinaryOut out, BitSet bits) throws IOException {
        long[] words = bits.toLongArray();
        out.putInt(words.length);
        out.putLongs(words);
    }

    private static void putTexts(BinaryOut out, Utf8Strings texts) throws IOException {
        putNulls(out, texts.nulls());
        int[] off = texts.offsets();
        out.putInts(off, 0, off.length);
        out.putRaw(texts.data(), off[0], off[off.length - 1]);
    }

    private static void putBlobs(BinaryOut out, byte[][] values) throws IOException {
        int[] lens = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            lens[i] = values[i] == null ? -1 : values[i].length;
        }
        out.putInts(lens, 0, lens.length);
        for (byte[] v : values) {
            if (v != null) {
                out.putRaw(v);
            }
        }
    }
}
