package io.llmharness.dataset.pickle;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A numpy array as unpickled: {@code _reconstruct(ndarray, (0,), b'b')} followed by the state {@code ([version,]
 * shape, dtype, is_fortran, data)}, or protocol 5's {@code _frombuffer(buffer, dtype, shape, order)}. Numeric data
 * stays as raw bytes; object arrays hold the list of elements in logical (C) order.
 */
final class NumpyArray implements PyObjects.Stateful {
    private static final Charset UTF32_LE = Charset.forName("UTF-32LE");
    private static final Charset UTF32_BE = Charset.forName("UTF-32BE");

    private int[] shape = {0};
    private NumpyDtype dtype;
    private boolean fortran;
    private ByteBuffer raw;
    private List<Object> objects;

    static NumpyArray reconstruct(Object[] args) {
        return new NumpyArray();
    }

    static NumpyArray fromBuffer(Object[] args) {
        NumpyArray a = new NumpyArray();
        a.dtype = (NumpyDtype) args[1];
        a.shape = shapeOf(args[2]);
        a.fortran = args.length > 3 && "F".equals(args[3]);
        a.setData(args[0]);
        return a;
    }

    /** {@code numpy.core.multiarray.scalar(dtype, bytes)}: one element as a Java value. */
    static Object scalar(Object[] args) {
        NumpyDtype dtype = (NumpyDtype) args[0];
        if (dtype.kind() == 'O') {
            return args[1];
        }
        NumpyArray a = new NumpyArray();
        a.dtype = dtype;
        a.shape = new int[] {1};
        a.setData(args[1]);
        return a.element(0);
    }

    @Override
    public void setState(Object state) {
        Object[] t = (Object[]) state;
        int at = t.length == 5 ? 1 : 0;
        shape = shapeOf(t[at]);
        dtype = (NumpyDtype) t[at + 1];
        fortran = Boolean.TRUE.equals(t[at + 2]);
        setData(t[at + 3]);
    }

    private void setData(Object data) {
        switch (data) {
            case byte[] b -> raw = ByteBuffer.wrap(b);
            case String s -> raw = ByteBuffer.wrap(s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            case PyList l -> objects = l.items();
            case List<?> l -> objects = new ArrayList<>(l);
            default ->
                throw new UnsupportedPickleException(
                        "a numpy array holds data of type " + data.getClass().getSimpleName());
        }
        if (raw != null) {
            raw.order(dtype.bigEndian() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        }
    }

    private static int[] shapeOf(Object o) {
        if (o instanceof Object[] t) {
            int[] s = new int[t.length];
            for (int i = 0; i < t.length; i++) {
                s[i] = ((Number) t[i]).intValue();
            }
            return s;
        }
        return new int[] {((Number) o).intValue()};
    }

    NumpyDtype dtype() {
        return dtype;
    }

    int[] shape() {
        return shape.clone();
    }

    int ndim() {
        return shape.length;
    }

    int length() {
        int n = 1;
        for (int s : shape) {
            n *= s;
        }
        return n;
    }

    /** Element (i, j) of a 2-D array as a Java value. */
    Object element(int i, int j) {
        if (objects != null) {
            return objects.get(i * shape[1] + j);
        }
        return element(fortran ? j * shape[0] + i : i * shape[1] + j);
    }

    /** Element at a flat position (C order for object arrays, storage order for raw data). */
    Object element(int flat) {
        if (objects != null) {
            return objects.get(flat);
        }
        int size = dtype.itemSize();
        int at = flat * size;
        return switch (dtype.kind()) {
            case 'i' ->
                switch (size) {
                    case 1 -> (long) raw.get(at);
                    case 2 -> (long) raw.getShort(at);
                    case 4 -> (long) raw.getInt(at);
                    default -> raw.getLong(at);
                };
            case 'u' ->
                switch (size) {
                    case 1 -> (long) (raw.get(at) & 0xff);
                    case 2 -> (long) (raw.getShort(at) & 0xffff);
                    case 4 -> raw.getInt(at) & 0xffffffffL;
                    default -> raw.getLong(at);
                };
            case 'f' -> {
                double d = size == 4 ? raw.getFloat(at) : raw.getDouble(at);
                yield Double.isNaN(d) ? null : d;
            }
            case 'b' -> raw.get(at) != 0;
            case 'U' -> text(at, size);
            case 'S' -> bytes(at, size);
            default -> throw new UnsupportedPickleException("dtype " + dtype.describe());
        };
    }

    private String text(int at, int size) {
        byte[] b = new byte[size];
        raw.get(at, b);
        String s = new String(b, dtype.bigEndian() ? UTF32_BE : UTF32_LE);
        int end = s.indexOf('\0');
        return end < 0 ? s : s.substring(0, end);
    }

    private byte[] bytes(int at, int size) {
        byte[] b = new byte[size];
        raw.get(at, b);
        int end = size;
        while (end > 0 && b[end - 1] == 0) {
            end--;
        }
        return Arrays.copyOf(b, end);
    }

    /** A 1-D integer array as {@code int[]}, or null when it is not one or a value exceeds 32 bits. */
    int[] toInts() {
        if (shape.length != 1 || objects != null || !dtype.isInteger()) {
            return null;
        }
        int n = shape[0];
        int[] out = new int[n];
        if (dtype.kind() == 'i' && dtype.itemSize() == 4) {
            raw.duplicate().order(raw.order()).position(0).asIntBuffer().get(out);
            return out;
        }
        for (int i = 0; i < n; i++) {
            long v = (Long) element(i);
            if (v != (int) v) {
                return null;
            }
            out[i] = (int) v;
        }
        return out;
    }

    /** The elements of a 1-D array (or all elements, in storage order) as Java values. */
    List<Object> toList() {
        if (objects != null) {
            return objects;
        }
        int n = length();
        List<Object> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(element(i));
        }
        return out;
    }
}
