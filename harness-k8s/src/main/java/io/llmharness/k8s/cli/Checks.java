package io.llmharness.k8s.cli;

import io.fabric8.kubernetes.api.model.Quantity;
import io.llmharness.k8s.K8sException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Validation of settings before anything reaches the API server: one error line naming the flag or variable. */
final class Checks {

    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");
    private static final Pattern DNS_NAME = Pattern.compile("[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?");
    private static final Pattern LABEL_VALUE = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?");

    private Checks() {}

    /** A namespace name (DNS label). */
    static String namespace(Pick p) {
        return matches(p, DNS_LABEL, "a namespace name: lower-case letters, digits and '-', at most 63");
    }

    /** An object name (DNS subdomain), e.g. a PVC or service account. */
    static String objectName(Pick p) {
        return matches(p, DNS_NAME, "a Kubernetes object name: lower-case letters, digits, '-' and '.'");
    }

    /** The experiment id: it becomes a label value and part of directory names. */
    static String experimentId(Pick p) {
        return matches(p, LABEL_VALUE, "letters, digits, '-', '_' and '.', at most 63, e.g. 1732608000");
    }

    /** A Kubernetes quantity ({@code 16}, {@code 500m}, {@code 32Gi}). */
    static String quantity(Pick p) {
        try {
            Quantity q = new Quantity(p.value());
            if (Quantity.getAmountInBytes(q).signum() <= 0) {
                throw new IllegalArgumentException("not positive");
            }
            return p.value();
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw K8sException.badValue(
                    p.from(), p.shown() + ": not a Kubernetes quantity (examples: 16, 500m, 32Gi, 20Gi)");
        }
    }

    /** One of {@code allowed}, compared without case; returns the allowed spelling. */
    static String oneOf(Pick p, List<String> allowed) {
        for (String a : allowed) {
            if (a.equalsIgnoreCase(p.value())) {
                return a;
            }
        }
        throw K8sException.badValue(p.from(), p.shown() + ": expected one of " + String.join(", ", allowed));
    }

    /** A whole number in [{@code min}, {@code max}]. */
    static int integer(Pick p, int min, int max) {
        try {
            int v = Integer.parseInt(p.value().strip());
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw K8sException.badValue(p.from(), p.shown() + ": expected a whole number from " + min + " to " + max);
    }

    /** llm-d's booleans: {@code 1}/{@code true}/{@code yes} or {@code 0}/{@code false}/{@code no}. */
    static boolean bool(Pick p) {
        String v = p.value().strip().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "1", "true", "yes", "on" -> true;
            case "0", "false", "no", "off", "" -> false;
            default -> throw K8sException.badValue(p.from(), p.shown() + ": expected 1 or 0 (true or false)");
        };
    }

    private static String matches(Pick p, Pattern pattern, String what) {
        if (p.value() == null || !pattern.matcher(p.value()).matches()) {
            throw K8sException.badValue(p.from(), p.shown() + ": expected " + what);
        }
        return p.value();
    }
}
