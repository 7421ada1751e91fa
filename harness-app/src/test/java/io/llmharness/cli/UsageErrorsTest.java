package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** A command-line mistake is one line: what is wrong, named as typed, the closest valid name, where help is. */
class UsageErrorsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            sim --port abc                               | Invalid value for option '--port': 'abc' is not a whole number | (see 'harness sim --help')
            sim --ttft 1.5x                              | option '--ttft': '1.5x'                               | (see 'harness sim --help')
            sim --time-to-first-token 1.5x               | option '--time-to-first-token': '1.5x'                | (see 'harness sim --help')
            server start --sever-port 1                  | unknown option '--sever-port'; did you mean '--server-port'? | (see 'harness server start --help')
            server start --server-env NOEQUALS           | Value for option '--server-env' (NAME=VALUE) should be in KEY=VALUE format | (see 'harness server start --help')
            server stat                                  | unknown command 'stat'; did you mean 'start'? (commands: start, stop, status) | (see 'harness server --help')
            rn                                           | unknown command 'rn'; did you mean 'run'?              | (see 'harness --help')
            run --scenari=Server                         | unknown option '--scenari'; did you mean '--scenario'? | (see 'harness run --help')
            loadgen --total-sample 64 --performance-samples 8 --output-dir x | unknown option '--total-sample'; did you mean '--total-samples'? | (see 'harness loadgen --help')
            loadgen --total-samples many                 | option '--total-samples': 'many' is not a whole number | (see 'harness loadgen --help')
            """)
    void oneLineNamingWhatWasTyped(String commandLine, String says, String help) {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));

        int code = cl.execute(commandLine.split(" "));

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).hasLineCount(1).startsWith("harness: ").contains(says, help);
        assertThat(err.toString()).doesNotContain("option option", "Possible solutions", "Try '");
    }
}
