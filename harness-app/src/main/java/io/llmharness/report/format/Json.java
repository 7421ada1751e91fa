package io.llmharness.report.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** JSON writing for the formats: 2-space indent, LF, and null for any number that is not finite. */
final class Json implements AutoCloseable {

    private static final JsonFactory FACTORY = new JsonFactory();

    private final JsonGenerator g;
    private final Writer out;

    private Json(Writer out) throws IOException {
        this.out = out;
        this.g = FACTORY.createGenerator(out);
        DefaultIndenter indent = new DefaultIndenter("  ", "\n");
        g.setPrettyPrinter(new DefaultPrettyPrinter().withObjectIndenter(indent).withArrayIndenter(indent));
    }

    static Json to(Path file) throws IOException {
        return new Json(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
    }

    JsonGenerator g() {
        return g;
    }

    Json start(String field) throws IOException {
        if (field != null) {
            g.writeFieldName(field);
        }
        g.writeStartObject();
        return this;
    }

    Json end() throws IOException {
        g.writeEndObject();
        return this;
    }

    Json array(String field) throws IOException {
        if (field != null) {
            g.writeFieldName(field);
        }
        g.writeStartArray();
        return this;
    }

    Json endArray() throws IOException {
        g.writeEndArray();
        return this;
    }

    Json num(String field, double v) throws IOException {
        g.writeFieldName(field);
        value(v);
        return this;
    }

    Json num(String field, long v) throws IOException {
        g.writeNumberField(field, v);
        return this;
    }

    Json str(String field, String v) throws IOException {
        g.writeFieldName(field);
        if (v == null) {
            g.writeNull();
        } else {
            g.writeString(v);
        }
        return this;
    }

    Json bool(String field, boolean v) throws IOException {
        g.writeBooleanField(field, v);
        return this;
    }

    Json nil(String field) throws IOException {
        g.writeNullField(field);
        return this;
    }

    /**
     * A JSON-like value: a map (in its iteration order), list, string, boolean, null, or number ({@link BigDecimal}
     * in plain notation).
     */
    Json tree(String field, Object v) throws IOException {
        g.writeFieldName(field);
        tree(v);
        return this;
    }

    private void tree(Object v) throws IOException {
        switch (v) {
            case null -> g.writeNull();
            case String s -> g.writeString(s);
            case Boolean b -> g.writeBoolean(b);
            case BigDecimal d -> g.writeNumber(d.toPlainString());
            case Integer i -> g.writeNumber(i);
            case Long l -> g.writeNumber(l);
            case Double d -> value(d);
            case Map<?, ?> m -> {
                g.writeStartObject();
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    g.writeFieldName(String.valueOf(e.getKey()));
                    tree(e.getValue());
                }
                g.writeEndObject();
            }
            case List<?> list -> {
                g.writeStartArray();
                for (Object x : list) {
                    tree(x);
                }
                g.writeEndArray();
            }
            default -> g.writeString(v.toString());
        }
    }

    /** A double as its shortest decimal text, or null when not finite. */
    void value(double v) throws IOException {
        if (Double.isFinite(v)) {
            g.writeNumber(v);
        } else {
            g.writeNull();
        }
    }

    @Override
    public void close() throws IOException {
        g.close();
        out.close();
    }
}
