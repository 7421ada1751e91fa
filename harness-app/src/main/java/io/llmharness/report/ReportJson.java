package io.llmharness.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.llmharness.secret.Secrets;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * A thin layer over Jackson's generator for summary.json: 2-space indentation, {@code "key": value}, LF line
 * ends, decimals in plain notation, and null for anything that is not a finite number. Every string value passes
 * through {@link Secrets#redact(String)}.
 */
final class ReportJson implements AutoCloseable {

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    private final JsonGenerator g;

    ReportJson(Writer out) throws IOException {
        DefaultIndenter indent = new DefaultIndenter("  ", "\n");
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        this.g = FACTORY.createGenerator(out);
        g.setPrettyPrinter(
                new DefaultPrettyPrinter(separators).withObjectIndenter(indent).withArrayIndenter(indent));
    }

    ReportJson start(String field) throws IOException {
        if (field != null) {
            g.writeFieldName(field);
        }
        g.writeStartObject();
        return this;
    }

    ReportJson end() throws IOException {
        g.writeEndObject();
        return this;
    }

    ReportJson startArray(String field) throws IOException {
        g.writeFieldName(field);
        g.writeStartArray();
        return this;
    }

    ReportJson endArray() throws IOException {
        g.writeEndArray();
        return this;
    }

    ReportJson field(String name, String v) throws IOException {
        g.writeFieldName(name);
        if (v == null) {
            g.writeNull();
        } else {
            g.writeString(Secrets.redact(v));
        }
        return this;
    }

    ReportJson field(String name, long v) throws IOException {
        g.writeFieldName(name);
        g.writeNumber(v);
        return this;
    }

    ReportJson field(String name, Long v) throws IOException {
        g.writeFieldName(name);
        if (v == null) {
            g.writeNull();
        } else {
            g.writeNumber(v);
        }
        return this;
    }

    ReportJson field(String name, boolean v) throws IOException {
        g.writeFieldName(name);
        g.writeBoolean(v);
        return this;
    }

    ReportJson field(String name, BigDecimal v) throws IOException {
        g.writeFieldName(name);
        decimal(v);
        return this;
    }

    /** A double rate or ratio: its shortest decimal form, or null when not finite. */
    ReportJson field(String name, double v) throws IOException {
        return field(name, JsonTree.decimal(v));
    }

    /** A JSON-like value ({@link JsonTree}); frozen values are written as they are. */
    ReportJson value(String name, Object v) throws IOException {
        g.writeFieldName(name);
        value(v);
        return this;
    }

    private void decimal(BigDecimal v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else {
            g.writeNumber(v);
        }
    }

    private void value(Object v) throws IOException {
        switch (v) {
            case null -> g.writeNull();
            case String s -> g.writeString(Secrets.redact(s));
            case Boolean b -> g.writeBoolean(b);
            case Integer n -> g.writeNumber(n);
            case Long n -> g.writeNumber(n);
            case BigInteger n -> g.writeNumber(n);
            case BigDecimal n -> g.writeNumber(n);
            case Map<?, ?> m -> {
                g.writeStartObject();
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    g.writeFieldName(String.valueOf(e.getKey()));
                    value(e.getValue());
                }
                g.writeEndObject();
            }
            case List<?> list -> {
                g.writeStartArray();
                for (Object x : list) {
                    value(x);
                }
                g.writeEndArray();
            }
            default -> value(JsonTree.value(v)); // never returns a type outside the cases above
        }
    }

    @Override
    public void close() throws IOException {
        g.writeRaw('\n');
        g.close();
    }
}
