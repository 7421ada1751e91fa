package io.llmharness.submission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Pre-check of {@code systems/<system>.json}: the fields the checker requires, the ones it wants non-empty, the
 * allowed {@code status} and {@code system_type} values, the submitter and division matching the directories, and
 * placeholders the submitter has not filled in yet.
 */
final class SystemCheck {

    /** {@code SYSTEM_DESC_REQUIRED_FIELDS} of the v6.0 checker. */
    static final List<String> REQUIRED = List.of(
            "division",
            "submitter",
            "status",
            "system_name",
            "number_of_nodes",
            "host_processor_model_name",
            "host_processors_per_node",
            "host_processor_core_count",
            "host_memory_capacity",
            "host_storage_capacity",
            "host_storage_type",
            "accelerators_per_node",
            "accelerator_model_name",
            "accelerator_memory_capacity",
            "framework",
            "operating_system",
            "system_type",
            "other_software_stack",
            "host_processor_frequency",
            "host_processor_caches",
            "host_memory_configuration",
            "host_processor_interconnect",
            "host_networking",
            "host_networking_topology",
            "accelerator_frequency",
            "accelerator_host_interconnect",
            "accelerator_interconnect",
            "accelerator_interconnect_topology",
            "accelerator_memory_configuration",
            "accelerator_on-chip_memories",
            "cooling",
            "hw_notes",
            "sw_notes",
            "host_network_card_count",
            "system_type_detail");

    /** {@code SYSTEM_DESC_MEANINGFUL_RESPONSE_REQUIRED_FIELDS} of the v6.0 checker: must not be empty. */
    static final List<String> NON_EMPTY = List.of(
            "division",
            "submitter",
            "system_type",
            "status",
            "system_name",
            "number_of_nodes",
            "host_processor_model_name",
            "host_processors_per_node",
            "host_processor_core_count",
            "host_memory_capacity",
            "host_memory_configuration",
            "host_storage_capacity",
            "host_storage_type",
            "host_networking",
            "host_network_card_count",
            "host_networking_topology",
            "accelerators_per_node",
            "accelerator_model_name",
            "accelerator_memory_capacity",
            "accelerator_host_interconnect",
            "accelerator_memory_configuration",
            "accelerator_interconnect",
            "cooling",
            "framework",
            "operating_system",
            "other_software_stack");

    private static final List<String> STATUS = List.of("available", "preview", "rdi");
    private static final List<String> TYPES = List.of("datacenter", "edge", "datacenter,edge", "edge,datacenter");

    private SystemCheck() {}

    /** The problems of the file; empty when none. */
    static List<String> check(Path file, String org) {
        List<String> problems = new ArrayList<>();
        JsonNode doc;
        try {
            doc = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            return List.of("not readable JSON: " + e.getMessage());
        }
        List<String> placeholders = new ArrayList<>();
        for (String f : REQUIRED) {
            JsonNode v = doc.get(f);
            if (v == null) {
                problems.add("field " + f + " is missing");
            } else if (Placeholder.is(v.asText())) {
                placeholders.add(f);
            } else if (NON_EMPTY.contains(f) && v.asText().isBlank()) {
                problems.add("field " + f + " is empty");
            }
        }
        if (!placeholders.isEmpty()) {
            problems.add("fill in " + String.join(", ", placeholders));
        }
        String status = doc.path("status").asText().toLowerCase(Locale.ROOT);
        if (!Placeholder.is(doc.path("status").asText()) && !STATUS.contains(status)) {
            problems.add("status '" + doc.path("status").asText() + "' must be available, preview or rdi");
        }
        if (!TYPES.contains(doc.path("system_type").asText().toLowerCase(Locale.ROOT))) {
            problems.add("system_type '" + doc.path("system_type").asText() + "' must be datacenter or edge");
        }
        if (!doc.path("submitter").asText().equalsIgnoreCase(org)) {
            problems.add("submitter '" + doc.path("submitter").asText() + "' differs from --org " + org);
        }
        if (!doc.path("division").asText().equalsIgnoreCase(SubmissionPacker.DIVISION)) {
            problems.add("division '" + doc.path("division").asText() + "' is not " + SubmissionPacker.DIVISION);
        }
        return problems;
    }
}
