package io.llmharness.workload.nop;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns a parsed {@link VllmLog} into a {@link ServerLoad}. Pure. */
final class ServerLogParser {

    private static final String ARGS_MARKER = "non-default args:";
    private static final Pattern VERSION = Pattern.compile("vLLM API server version (\\S+)");
    private static final Pattern ENGINE_VERSION = Pattern.compile("LLM engine \\(v([^)\\s]+)\\)");
    private static final Pattern SLEEP = Pattern.compile("'enable_sleep_mode':\\s*(True|False)");
    private static final Pattern LOAD_FORMAT = Pattern.compile("load_format=([^,]*)");

    private ServerLogParser() {}

    static ServerLoad parse(String name, String logName, VllmLog log) {
        List<LogLine> lines = log.lines();
        Map<String, Object> args = Map.of();
        String argsProblem = null;
        LogLine argsLine = lastContaining(lines, ARGS_MARKER);
        if (argsLine != null) {
            String text = argsLine.text();
            try {
                args = PythonLiteral.dict(text.substring(text.indexOf(ARGS_MARKER) + ARGS_MARKER.length()));
            } catch (IllegalArgumentException | ClassCastException e) {
                argsProblem = "line " + argsLine.number() + ": the non-default args are not a readable dict ("
                        + e.getMessage() + ")";
            }
        }
        String version = lastGroup(lines, VERSION);
        if (version == null) {
            version = lastGroup(lines, ENGINE_VERSION);
        }
        String sleep = lastGroup(lines, SLEEP);
        List<Category> categories = Categorizer.categorize(log);
        return new ServerLoad(
                name,
                logName,
                lines.size(),
                version,
                args,
                argsProblem,
                sleep == null ? null : sleep.equals("True"),
                loadFormat(lastGroup(lines, LOAD_FORMAT)),
                ScalarSearch.find(lines),
                categories,
                missing(categories),
                Gpu.find(lines),
                log.hasDebugLines());
    }

    /** {@code LoadFormat.SAFETENSORS} or {@code safetensors} → {@code safetensors}; null stays null. */
    static String loadFormat(String raw) {
        if (raw == null) {
            return null;
        }
        String s = raw.strip();
        int dot = s.lastIndexOf('.');
        if (s.startsWith("LoadFormat") && dot >= 0) {
            s = s.substring(dot + 1);
        }
        s = s.replace("'", "").replace("\"", "").strip().toLowerCase(Locale.ROOT);
        return s.isEmpty() ? null : s;
    }

    private static List<String> missing(List<Category> found) {
        List<String> missing = new ArrayList<>();
        for (CategoryRule rule : CategoryRule.VLLM) {
            if (found.stream().noneMatch(c -> c.title().equals(rule.title()))) {
                missing.add(rule.title());
            }
        }
        return missing;
    }

    private static LogLine lastContaining(List<LogLine> lines, String marker) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).text().contains(marker)) {
                return lines.get(i);
            }
        }
        return null;
    }

    private static String lastGroup(List<LogLine> lines, Pattern p) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            Matcher m = p.matcher(lines.get(i).text());
            if (m.find()) {
                return m.group(1);
            }
        }
        return null;
    }
}
