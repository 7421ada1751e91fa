package io.llmharness.cli;

/** Process exit codes, so scripts and CI can tell "server too slow" from "tool broke". */
public final class ExitCodes {
    /** The command did what was asked and every result is valid. */
    public static final int OK = 0;
    /** Execution failure: the tool could not do its job. */
    public static final int EXECUTION_FAILURE = 1;
    /** Command-line usage error. */
    public static final int USAGE = 2;
    /** Invalid input file or configuration. */
    public static final int INVALID_CONFIG = 3;
    /** The run finished but its result is INVALID or an SLO was missed. */
    public static final int RESULT_INVALID = 4;
    /**
     * The run finished but requests failed: more than {@code --max-failure-rate} of the samples (MLPerf: any), so
     * its figures are not a result, whatever LoadGen's verdict says. Wins over {@link #RESULT_INVALID}.
     */
    public static final int FAILED_SAMPLES = 5;
    /** Interrupted by SIGINT (128 + 2), after writing what was measured. */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {}
}
