package io.llmharness.dataset.pickle;

/**
 * The pickle holds something the harness cannot turn into a column. The message is one line without the file
 * name (the reader adds it) and ends with how to convert the data.
 */
public final class UnsupportedPickleException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UnsupportedPickleException(String message) {
        super(message);
    }

    public UnsupportedPickleException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Explains an unreadable object of a Python class found in a column. */
    static UnsupportedPickleException forClass(String className, String column, int row) {
        String where = column == null ? "" : "column '" + column + "'" + (row >= 0 ? " (row " + row + ")" : "") + " ";
        String what = describe(className);
        String fix = column == null
                ? "save the data as Parquet with df.to_parquet('data.parquet') or as a DataFrame of plain lists and strings"
                : "convert it in Python, e.g. df['" + column + "'] = df['" + column + "']" + conversion(className)
                        + ", or save the DataFrame as Parquet with df.to_parquet('data.parquet')";
        return new UnsupportedPickleException(
                where + "holds " + what + ", which the harness cannot read from a pickle; " + fix);
    }

    static String describe(String className) {
        String lower = className.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("categorical")) {
            return "a categorical dtype (" + className + ")";
        }
        if (lower.contains("arrow")) {
            return "an Arrow-backed extension dtype (" + className + ")";
        }
        if (lower.contains("datetime")
                || lower.contains("timedelta")
                || lower.contains("period")
                || lower.contains("tslibs")
                || lower.startsWith("datetime64")) {
            return "a datetime dtype (" + className + ")";
        }
        if (lower.startsWith("pandas.core.arrays.") || lower.startsWith("pandas.core.dtypes.")) {
            return "a pandas extension dtype (" + className + ")";
        }
        return "an object of class " + className;
    }

    private static String conversion(String className) {
        String lower = className.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("categorical")
                || lower.contains("arrow")
                || lower.contains("datetime")
                || lower.startsWith("pandas.core.arrays.")) {
            return ".astype(str)";
        }
        return ".apply(list)";
    }
}
