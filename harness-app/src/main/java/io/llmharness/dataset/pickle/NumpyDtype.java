package io.llmharness.dataset.pickle;

/**
 * A numpy dtype as pickled: {@code numpy.dtype(code, align, copy)} followed by a state tuple {@code (version,
 * byteorder, subdescr, names, fields, elsize, alignment, flags[, metadata])}.
 */
final class NumpyDtype implements PyObjects.Stateful {
    private final String code;
    private char kind;
    private int itemSize;
    private boolean bigEndian;

    NumpyDtype(String code) {
        this.code = code;
        this.kind = code.isEmpty() ? 'V' : code.charAt(0);
        String digits = code.replaceAll("[^0-9]", "");
        this.itemSize = digits.isEmpty() ? 0 : Integer.parseInt(digits);
        if (kind == '?') {
            kind = 'b';
            itemSize = 1;
        }
        if (kind == 'U' && itemSize > 0) {
            itemSize *= 4;
        }
    }

    static NumpyDtype construct(Object[] args) {
        return new NumpyDtype(String.valueOf(args[0]));
    }

    @Override
    public void setState(Object state) {
        if (state instanceof Object[] t && t.length >= 6) {
            bigEndian = ">".equals(t[1]);
            if (t[5] instanceof Number n && n.intValue() > 0) {
                itemSize = n.intValue();
            }
        }
    }

    /** numpy's kind character: i, u, f, b, O, U, S, M, m, c, V. */
    char kind() {
        return kind;
    }

    int itemSize() {
        return itemSize;
    }

    boolean bigEndian() {
        return bigEndian;
    }

    boolean isInteger() {
        return kind == 'i' || kind == 'u';
    }

    boolean isDatetime() {
        return kind == 'M' || kind == 'm';
    }

    /** A readable name for messages, e.g. {@code int32} or {@code datetime64}. */
    String describe() {
        return switch (kind) {
            case 'i' -> "int" + itemSize * 8;
            case 'u' -> "uint" + itemSize * 8;
            case 'f' -> "float" + itemSize * 8;
            case 'b' -> "bool";
            case 'O' -> "object";
            case 'U' -> "str";
            case 'S' -> "bytes";
            case 'M' -> "datetime64";
            case 'm' -> "timedelta64";
            case 'c' -> "complex" + itemSize * 8;
            default -> "numpy dtype '" + code + "'";
        };
    }
}
