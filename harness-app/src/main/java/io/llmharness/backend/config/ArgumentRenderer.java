package io.llmharness.backend.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.error.HarnessException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns {@code config.api_server_args} / {@code config.server_args} into command-line arguments. Two forms
 * give the same result:
 *
 * <ul>
 *   <li>a <b>list</b> is passed as it is ({@code ["--tp", "8", "--trust-remote-code"]}); numbers and booleans
 *       become their text;
 *   <li>a <b>mapping</b> renders each entry as an option. The key may be written with or without the leading
 *       {@code --}; underscores before the first dot become dashes ({@code max_model_len} →
 *       {@code --max-model-len}), the part after a dot is kept ({@code profiler-config.torch_profiler_dir}).
 *       Values: text and numbers → {@code --key value}; {@code true} or no value → {@code --key};
 *       {@code false} → {@code --no-key} for vLLM (its booleans come in pairs) and left out for SGLang;
 *       a list → the option repeated once per element; a nested mapping → one argument holding the mapping
 *       as compact JSON, the way vLLM takes {@code --compilation-config}, {@code --limit-mm-per-prompt} or
 *       {@code --profiler-config} (the seed's {@code kv-cache-dtype: {auto: fp8}} renders as
 *       {@code --kv-cache-dtype {"auto":"fp8"}}). Under a dotted key every value is passed as text
 *       ({@code profiler-config.torch_profiler_with_stack: false} → {@code … false}).
 * </ul>
 */
public final class ArgumentRenderer {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ArgumentRenderer() {}

    /**
     * Renders a list or mapping node.
     *
     * @param where the node's origin for errors, e.g. {@code vllm.yaml: key 'config.api_server_args'}
     */
    public static List<String> render(JsonNode node, Backend backend, String where) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return List.of();
        }
        if (node.isArray()) {
            return renderList(node, where);
        }
        if (node.isObject()) {
            return renderMapping(node, backend, where);
        }
        throw HarnessException.config(
                where + ": expected a list (- --tp, - \"8\") or a mapping (tp: 8), got " + ValueReader.describe(node));
    }

    private static List<String> renderList(JsonNode node, String where) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            JsonNode e = node.get(i);
            if (!e.isValueNode() || e.isNull()) {
                throw HarnessException.config(where + "[" + i + "]: expected a string, got " + ValueReader.describe(e)
                        + "; quote it or use the mapping form");
            }
            out.add(e.asText());
        }
        return out;
    }

    private static List<String> renderMapping(JsonNode node, Backend backend, String where) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            String key = entry.getKey();
            String flag = optionName(key);
            if (flag.equals("--")) {
                throw HarnessException.config(where + ": empty option name '" + key + "'");
            }
            boolean dotted = flag.indexOf('.') > 0;
            renderValue(out, flag, entry.getValue(), backend, dotted, where + "." + key);
        }
        return out;
    }

    private static void renderValue(
            List<String> out, String flag, JsonNode v, Backend backend, boolean dotted, String where) {
        if (v.isNull() || v.isMissingNode()) {
            out.add(flag);
        } else if (v.isBoolean() && !dotted) {
            if (v.booleanValue()) {
                out.add(flag);
            } else if (backend.negatesFalseFlags()) {
                out.add("--no-" + flag.substring(2));
            }
        } else if (v.isArray()) {
            for (JsonNode e : v) {
                if (e.isArray()) {
                    throw HarnessException.config(where + ": a list inside a list cannot be rendered; "
                            + "use the list form of the arguments instead");
                }
                renderValue(out, flag, e, backend, true, where);
            }
        } else if (v.isObject()) {
            out.add(flag);
            out.add(compactJson(v));
        } else {
            out.add(flag);
            out.add(v.asText());
        }
    }

    /** {@code tensor_parallel_size} → {@code --tensor-parallel-size}; {@code --tp} stays; dotted tails are kept. */
    public static String optionName(String key) {
        String k = key.strip();
        while (k.startsWith("-")) {
            k = k.substring(1);
        }
        int dot = k.indexOf('.');
        String head = dot < 0 ? k : k.substring(0, dot);
        String tail = dot < 0 ? "" : k.substring(dot);
        return "--" + head.replace('_', '-') + tail;
    }

    private static String compactJson(JsonNode v) {
        try {
            return JSON.writeValueAsString(v);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a YAML mapping could not be written as JSON", e);
        }
    }
}
