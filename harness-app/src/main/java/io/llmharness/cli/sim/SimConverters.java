package io.llmharness.cli.sim;

import java.util.Locale;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Value converters for {@code harness sim} flags written the way vLLM and llm-d accept them. */
final class SimConverters {
    private SimConverters() {}

    /** Integers with vLLM's suffixes: {@code k}/{@code m} = 10³/10⁶, {@code K}/{@code M} = 2¹⁰/2²⁰. */
    static final class HumanInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            String v = value.trim();
            long factor = 1;
            char last = v.isEmpty() ? ' ' : v.charAt(v.length() - 1);
            switch (last) {
                case 'k' -> factor = 1000;
                case 'K' -> factor = 1024;
                case 'm' -> factor = 1_000_000;
                case 'M' -> factor = 1 << 20;
                default -> {}
            }
            if (factor != 1) {
                v = v.substring(0, v.length() - 1);
            }
            try {
                long n = Math.round(Double.parseDouble(v) * factor);
                if (n > Integer.MAX_VALUE || n < Integer.MIN_VALUE) {
                    throw new TypeConversionException("'" + value + "' is too large");
                }
                return (int) n;
            } catch (NumberFormatException e) {
                throw new TypeConversionException(
                        "'" + value + "' is not a whole number (suffixes k, K, m, M allowed)");
            }
        }
    }

    /** Milliseconds as a plain number, or a Go-style duration: {@code 100ms}, {@code 1.5s}, {@code 250us}. */
    static final class Millis implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return durationMillis(value, 1, "milliseconds, or 100ms, 1.5s");
        }
    }

    /**
     * Consumes the values of a multi-value option up to the next argument that starts with {@code -}, so that an
     * unknown flag after {@code --served-model-name a b} is not taken for a third name. At least one value is
     * required (a custom consumer bypasses picocli's own arity check).
     */
    static final class Words implements CommandLine.IParameterConsumer {
        @Override
        public void consumeParameters(
                java.util.Stack<String> args, CommandLine.Model.ArgSpec argSpec, CommandLine.Model.CommandSpec spec) {
            java.util.List<String> values = new java.util.ArrayList<>();
            while (!args.isEmpty() && !args.peek().startsWith("-")) {
                values.add(args.pop());
            }
            if (values.isEmpty()) {
                String name = argSpec instanceof CommandLine.Model.OptionSpec option
                        ? option.longestName()
                        : argSpec.paramLabel();
                throw new CommandLine.MissingParameterException(
                        spec.commandLine(),
                        argSpec,
                        "Missing required parameter for option '" + name + "' (at least one value)");
            }
            java.util.List<String> current = argSpec.getValue();
            if (current != null) {
                values.addAll(0, current);
            }
            argSpec.setValue(values);
        }
    }

    /** Seconds as a plain number (vLLM style), or a duration with a unit; result in whole milliseconds. */
    static final class Seconds implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return Math.round(durationMillis(value, 1000, "seconds, or 500ms, 1.5s"));
        }
    }

    /** Like {@link Millis} but rounded to whole milliseconds. */
    static final class WholeMillis implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return Math.round(new Millis().convert(value));
        }
    }

    /**
     * A duration in milliseconds: a number with a unit ({@code ms}, {@code s}, {@code us}), or a plain number of
     * {@code plainMillis} milliseconds each (the flag's own unit).
     *
     * @param accepted what the flag accepts, for the error message (its plain unit first)
     */
    private static final Pattern PLAIN_DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]*)?|\\.[0-9]+");

    private static double durationMillis(String value, double plainMillis, String accepted) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        double factor = plainMillis;
        if (v.endsWith("ms")) {
            v = v.substring(0, v.length() - 2);
            factor = 1;
        } else if (v.endsWith("us") || v.endsWith("µs")) {
            v = v.substring(0, v.length() - 2);
            factor = 0.001;
        } else if (v.endsWith("s")) {
            v = v.substring(0, v.length() - 1);
            factor = 1000;
        }
        String number = v.trim();
        // plain decimals only: Double.parseDouble would also take NaN, Infinity, 2d and hex floats
        if (!PLAIN_DECIMAL.matcher(number).matches()) {
            throw new TypeConversionException("'" + value + "' is not a duration (" + accepted + ")");
        }
        return Double.parseDouble(number) * factor;
    }
}
