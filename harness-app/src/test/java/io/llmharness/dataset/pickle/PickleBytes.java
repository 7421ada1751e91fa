package io.llmharness.dataset.pickle;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes pickle opcodes (protocol 2) by hand, so tests can build exactly the object a branch needs, including
 * shapes pandas would never write. Each method pushes one value (or applies one opcode) like the pickle machine.
 */
final class PickleBytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    PickleBytes() {
        op(0x80).op(2);
    }

    PickleBytes op(int opcode) {
        out.write(opcode);
        return this;
    }

    PickleBytes none() {
        return op('N');
    }

    PickleBytes integer(int v) {
        op('J');
        for (int i = 0; i < 4; i++) {
            out.write(v >>> (8 * i));
        }
        return this;
    }

    PickleBytes str(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        op('X');
        for (int i = 0; i < 4; i++) {
            out.write(b.length >>> (8 * i));
        }
        out.writeBytes(b);
        return this;
    }

    PickleBytes mark() {
        return op('(');
    }

    /** Pops everything since the mark into a tuple. */
    PickleBytes tuple() {
        return op('t');
    }

    PickleBytes emptyTuple() {
        return op(')');
    }

    PickleBytes emptyList() {
        return op(']');
    }

    /** Appends everything since the mark to the list below it. */
    PickleBytes appends() {
        return op('e');
    }

    PickleBytes emptyDict() {
        return op('}');
    }

    /** Adds the key/value pairs since the mark to the dict below it. */
    PickleBytes setItems() {
        return op('u');
    }

    /** Pushes {@code module.name}. */
    PickleBytes global(String module, String name) {
        op('c');
        out.writeBytes((module + "\n" + name + "\n").getBytes(StandardCharsets.US_ASCII));
        return this;
    }

    /** Calls the callable below the argument tuple on top. */
    PickleBytes reduce() {
        return op('R');
    }

    /** Gives the object below the state on top its state. */
    PickleBytes build() {
        return op('b');
    }

    /** A list of the given strings. */
    PickleBytes strings(String... items) {
        emptyList().mark();
        for (String s : items) {
            str(s);
        }
        return appends();
    }

    /** A list of the given ints. */
    PickleBytes ints(int... items) {
        emptyList().mark();
        for (int v : items) {
            integer(v);
        }
        return appends();
    }

    /** {@code pandas.Index(labels)} through {@code _new_Index(cls, {'data': [labels]})}. */
    PickleBytes index(String cls, String... labels) {
        global("pandas.core.indexes.base", "_new_Index").mark();
        global(cls.substring(0, cls.lastIndexOf('.')), cls.substring(cls.lastIndexOf('.') + 1));
        emptyDict().mark().str("data").strings(labels).setItems();
        return tuple().reduce();
    }

    /** {@code RangeIndex(0, stop)}. */
    PickleBytes rangeIndex(int stop) {
        global("pandas.core.indexes.base", "_new_Index").mark();
        global("pandas.core.indexes.range", "RangeIndex");
        emptyDict()
                .mark()
                .str("start")
                .integer(0)
                .str("stop")
                .integer(stop)
                .str("step")
                .integer(1)
                .setItems();
        return tuple().reduce();
    }

    /** The pickle, ended with STOP. */
    byte[] bytes() {
        byte[] b = out.toByteArray();
        byte[] all = new byte[b.length + 1];
        System.arraycopy(b, 0, all, 0, b.length);
        all[b.length] = '.';
        return all;
    }

    InputStream stream() {
        return new ByteArrayInputStream(bytes());
    }
}
