package io.llmharness.workload.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tree helpers for guidellm profiles: v0.7 {@code benchmarks} entries are dotted keys relative to {@code spec}
 * ({@code profile.streams: 300}, {@code constraints[0].count: 320}) applied to a copy of it; guidellm accepts
 * {@code -} for {@code _} in keys.
 */
final class GuidellmDotted {

    private static final Pattern SEGMENT = Pattern.compile("([A-Za-z0-9_\\-]+)((?:\\[\\d+])*)");
    private static final Pattern INDEX = Pattern.compile("\\[(\\d+)]");

    private GuidellmDotted() {}

    /** A copy of {@code spec} with a benchmark's dotted keys applied. */
    static YamlNode apply(YamlNode spec, YamlNode benchmark) {
        benchmark.requireObject();
        ObjectNode copy = spec.tree().deepCopy();
        for (String key : benchmark.keys()) {
            set(copy, key, benchmark.child(key).tree(), benchmark);
        }
        // messages then name the benchmark entry: "<file>: benchmarks[2].profile.streams: ..."
        return YamlNode.of(copy, spec.file(), benchmark.path());
    }

    private static void set(ObjectNode root, String dotted, JsonNode value, YamlNode where) {
        String[] parts = dotted.split("\\.");
        JsonNode cur = root;
        for (int i = 0; i < parts.length; i++) {
            Matcher m = SEGMENT.matcher(parts[i]);
            if (!m.matches()) {
                throw where.child(dotted).error("not a key path like profile.streams or constraints[0].count");
            }
            String name = m.group(1);
            boolean last = i == parts.length - 1;
            Matcher idx = INDEX.matcher(m.group(2));
            boolean hasIndex = idx.find();
            if (!(cur instanceof ObjectNode obj)) {
                throw where.child(dotted).error("'" + name + "' is inside a value that is not a mapping");
            }
            if (!hasIndex) {
                if (last) {
                    obj.set(name, value);
                    return;
                }
                JsonNode next = obj.get(name);
                if (next == null || !next.isObject()) {
                    next = obj.putObject(name);
                }
                cur = next;
                continue;
            }
            JsonNode arr = obj.get(name);
            if (!(arr instanceof ArrayNode list)) {
                throw where.child(dotted).error("spec has no list '" + name + "'");
            }
            int index = Integer.parseInt(idx.group(1));
            if (index >= list.size()) {
                throw where.child(dotted).error("index " + index + " is past the end of " + name);
            }
            if (last) {
                list.set(index, value);
                return;
            }
            cur = list.get(index);
        }
    }

    /** A copy of a mapping whose keys have {@code -} turned into {@code _} (one level deep). */
    static YamlNode underscored(YamlNode n) {
        if (!n.isObject()) {
            return n;
        }
        ObjectNode copy = GuidellmReader.emptyObject();
        Iterator<Map.Entry<String, JsonNode>> it = n.tree().fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            copy.set(e.getKey().replace('-', '_'), e.getValue());
        }
        return YamlNode.of(copy, n.file(), n.path());
    }
}
