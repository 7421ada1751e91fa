package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** Checks on a whole exposition, as a strict 0.0.4 parser reads it. */
final class MetricsFamilies {
    private MetricsFamilies() {}

    /**
     * Every sample belongs to a family declared with HELP and TYPE before it (histograms by their
     * {@code _bucket} / {@code _count} / {@code _sum} samples), and no family is declared twice.
     */
    static void assertEverySampleHasHelpAndType(String exposition) {
        Map<String, String> types = new HashMap<>();
        Set<String> helped = new HashSet<>();
        for (String line : exposition.split("\n")) {
            if (line.startsWith("# HELP ")) {
                assertThat(helped.add(line.split(" ")[2]))
                        .as("HELP once: " + line)
                        .isTrue();
            } else if (line.startsWith("# TYPE ")) {
                String[] f = line.split(" ");
                assertThat(types.put(f[2], f[3])).as("TYPE once: " + line).isNull();
                assertThat(helped).as("HELP before TYPE: " + line).contains(f[2]);
            } else if (!line.isEmpty()) {
                int end = line.indexOf('{') >= 0 ? line.indexOf('{') : line.indexOf(' ');
                String name = line.substring(0, end);
                String family = name;
                for (String suffix : new String[] {"_bucket", "_count", "_sum"}) {
                    String base = name.endsWith(suffix) ? name.substring(0, name.length() - suffix.length()) : null;
                    if (base != null && "histogram".equals(types.get(base))) {
                        family = base;
                    }
                }
                assertThat(types).as("declared family of " + line).containsKey(family);
            }
        }
    }
}
