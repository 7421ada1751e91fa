package io.llmharness.accuracy.exec;

import io.llmharness.accuracy.text.PyText;

/**
 * Turns a mixtral MBXP response and its test code into the program to run, as the MLPerf evaluator prepares it for
 * mxeval: the response up to the first code fence, Python left-stripped, every {@code \_} turned into {@code _}, then
 * the test code; Python programs end with {@code check(ENTRY_POINT)} as mxeval's Python check does.
 */
public final class MbxpProgram {

    private MbxpProgram() {}

    /**
     * The program.
     *
     * @param entryPoint the function name from the row id ({@code python_<entry point>})
     */
    public static String of(Language language, String response, String tests, String entryPoint) {
        String code = response;
        int fence = code.indexOf("```");
        if (fence >= 0) {
            code = code.substring(0, fence);
        }
        if (language == Language.PYTHON) {
            int i = 0;
            while (i < code.length() && PyText.isSpace(code.charAt(i))) {
                i++;
            }
            code = code.substring(i);
        }
        code = code.replace("\\_", "_");
        String program = code + "\n" + tests;
        return language == Language.PYTHON ? program + "\ncheck(" + entryPoint + ")\n" : program;
    }
}
