package io.llmharness.backend.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.llmharness.error.DidYouMean;
import io.llmharness.error.HarnessException;
import io.llmharness.error.YamlSyntax;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The settings found in one YAML file, each with its origin; unknown keys are rejected here. */
final class YamlSource {

    /**
     * The parser of server configs. A key without a value ({@code enforce-eager:}) must read as null, which
     * renders as a bare flag and counts as "not set" for settings; {@code new YAMLFactory()} does that by
     * default, but {@code YAMLFactory.builder()} starts with {@code EMPTY_STRING_AS_NULL} off and would give
     * an empty string. Quoted {@code ''} stays an empty string.
     */
    static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
                    .enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL)
                    .build())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    final String file;
    final Path dir;
    final Map<ServerSetting, Sourced> values = new EnumMap<>(ServerSetting.class);
    final Map<String, Sourced> env = new LinkedHashMap<>();
    /** The {@code config:} section, or null. */
    ObjectNode config;

    JsonNode profileArgs;
    ObjectNode startRequest;

    private YamlSource(String file, Path dir) {
        this.file = file;
        this.dir = dir;
    }

    static YamlSource none() {
        return new YamlSource(null, null);
    }

    static YamlSource read(Path path) {
        String name = path.toString();
        JsonNode root;
        byte[] bytes = null;
        try {
            bytes = Files.readAllBytes(path);
            root = YAML.readTree(bytes);
        } catch (NoSuchFileException e) {
            throw HarnessException.config(name + ": no such file; check the --server-config path");
        } catch (JsonProcessingException e) {
            String text = bytes == null ? null : new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
            throw HarnessException.config(name + ": " + YamlSyntax.describe(text, e), e);
        } catch (IOException e) {
            throw HarnessException.config(name + ": cannot read the file: " + e.getMessage(), e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw HarnessException.config(name + ": the file is empty; it needs at least 'backend' and 'model'");
        }
        if (!root.isObject()) {
            throw HarnessException.config(
                    name + ": expected a mapping of keys (backend: vllm, model: …), got " + ValueReader.describe(root));
        }
        Path dir = path.toAbsolutePath().getParent();
        YamlSource src = new YamlSource(name, dir);
        src.readTop((ObjectNode) root);
        return src;
    }

    private void readTop(ObjectNode root) {
        List<String> known = new ArrayList<>(ServerSetting.SECTION_KEYS);
        for (ServerSetting s : ServerSetting.values()) {
            if (s.section().isEmpty()) {
                known.add(s.key());
            }
        }
        for (Map.Entry<String, JsonNode> e : root.properties()) {
            String key = e.getKey();
            JsonNode v = e.getValue();
            switch (key) {
                case "env", "env_vars" -> readEnv(key, v, root);
                case "config" -> config = mapping(v, key);
                case "profile" -> readProfile(mapping(v, key));
                default -> {
                    ServerSetting s = ServerSetting.byKey(key).orElseThrow(() -> unknownKey(key, known, ""));
                    values.put(s, Sourced.yaml(v, file, key));
                }
            }
        }
    }

    private void readEnv(String key, JsonNode v, ObjectNode root) {
        if (key.equals("env_vars") && root.has("env")) {
            throw HarnessException.config(file + ": keys 'env' and 'env_vars' are the same setting; keep one");
        }
        ObjectNode m = mapping(v, key);
        for (Map.Entry<String, JsonNode> e : m.properties()) {
            JsonNode val = e.getValue();
            String where = key + "." + e.getKey();
            if (!val.isValueNode() || val.isNull()) {
                throw HarnessException.config(file + ": key '" + where + "': expected a string, got "
                        + ValueReader.describe(val) + "; quote the value");
            }
            env.put(e.getKey(), Sourced.yaml(val, file, where));
        }
    }

    private void readProfile(ObjectNode profile) {
        List<String> known = new ArrayList<>(ServerSetting.PROFILE_SECTION_KEYS);
        for (ServerSetting s : ServerSetting.values()) {
            if (s.section().equals("profile")) {
                known.add(s.leafKey());
            }
        }
        for (Map.Entry<String, JsonNode> e : profile.properties()) {
            String key = e.getKey();
            switch (key) {
                case "args" -> profileArgs = e.getValue();
                case "start_request" -> startRequest = mapping(e.getValue(), "profile.start_request");
                default -> {
                    ServerSetting s =
                            ServerSetting.byKey("profile." + key).orElseThrow(() -> unknownKey(key, known, "profile."));
                    values.put(s, Sourced.yaml(e.getValue(), file, "profile." + key));
                }
            }
        }
    }

    private ObjectNode mapping(JsonNode v, String key) {
        if (v == null || v.isNull()) {
            return YAML.createObjectNode();
        }
        if (!v.isObject()) {
            throw HarnessException.config(
                    file + ": key '" + key + "': expected a mapping, got " + ValueReader.describe(v));
        }
        return (ObjectNode) v;
    }

    HarnessException unknownKey(String key, List<String> known, String prefix) {
        return HarnessException.config(file + ": unknown key '" + prefix + key + "'"
                + DidYouMean.closest(key, known)
                        .map(k -> "; did you mean '" + prefix + k + "'?")
                        .orElse("; see docs/server-manager.md for the keys"));
    }
}
