package io.llmharness.run;

import io.llmharness.secret.Secrets;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Where a run talks to the user: results on {@code out}, progress, notes and warnings on {@code err}. The
 * command line passes its own writers, so tests capture everything. Every line passes through
 * {@link Secrets#redact(String)}.
 *
 * @param out results (the key lines of each summary, where the files are)
 * @param err progress, server events, warnings
 */
public record RunConsole(PrintWriter out, PrintWriter err) {

    /** A line on {@code out}. */
    public void result(String line) {
        out.println(Secrets.redact(line));
        out.flush();
    }

    /** A line on {@code err}. */
    public void note(String line) {
        err.println(Secrets.redact(line));
        err.flush();
    }

    /** {@code err} as a stream, for writers that need one (plain progress lines). */
    public PrintStream errStream() {
        return new PrintStream(
                new OutputStream() {
                    @Override
                    public void write(int b) {
                        write(new byte[] {(byte) b}, 0, 1);
                    }

                    @Override
                    public void write(byte[] b, int off, int len) {
                        err.write(Secrets.redact(new String(b, off, len, StandardCharsets.UTF_8)));
                    }

                    @Override
                    public void flush() {
                        err.flush();
                    }
                },
                true,
                StandardCharsets.UTF_8);
    }
}
