package io.llmharness.cli;

import io.llmharness.error.DidYouMean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Turns a command-line parse error into the one line the user sees: what is wrong, named the way they typed it,
 * with the closest valid option or subcommand when it looks like a typo, and where the help is. Picocli's own
 * report spans up to three lines (message, "Possible solutions", "Try … --help") and names an option by its
 * longest alias, which may not be the one typed.
 */
final class UsageErrors {

    private UsageErrors() {}

    /** The line, without the {@code harness: } prefix and without a newline. */
    static String line(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        CommandSpec spec = cmd.getCommandSpec();
        String help = " (see '" + spec.qualifiedName() + " --help')";
        if (e instanceof CommandLine.UnmatchedArgumentException u
                && !u.getUnmatched().isEmpty()) {
            return unmatched(spec, u.getUnmatched()) + help;
        }
        if (e instanceof CommandLine.MissingParameterException) {
            // a misspelt required flag shows up as "missing"; the misspelling is the real mistake
            String unknown = firstUnknownOption(spec, args);
            if (unknown != null) {
                return unmatched(spec, List.of(unknown)) + help;
            }
        }
        String message = e.getMessage() == null ? "invalid command line" : e.getMessage();
        // picocli words one map-option error as "Value for option option '--x' (K=V) should be …"
        message = message.replace("option option '", "option '")
                .replace("' is not an int", "' is not a whole number")
                .replace("' is not a long", "' is not a whole number")
                .replace("' is not a double", "' is not a number")
                .replace("' is not a float", "' is not a number");
        if (e.getArgSpec() instanceof OptionSpec option) {
            message = asTyped(message, option, args);
        }
        return message + help;
    }

    private static String unmatched(CommandSpec spec, List<String> unmatched) {
        String first =
                unmatched.stream().filter(a -> a.startsWith("-")).findFirst().orElse(unmatched.get(0));
        if (first.startsWith("-")) {
            String name = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
            List<String> names = new ArrayList<>();
            for (OptionSpec o : spec.options()) {
                names.addAll(List.of(o.names()));
            }
            return "unknown option '" + name + "'" + DidYouMean.hint(name, names);
        }
        List<String> subcommands = new ArrayList<>(spec.subcommands().keySet());
        if (!subcommands.isEmpty()) {
            return "unknown command '" + first + "'" + DidYouMean.hint(first, subcommands) + " (commands: "
                    + String.join(", ", subcommands) + ")";
        }
        return "unexpected argument '" + first + "'";
    }

    private static String firstUnknownOption(CommandSpec spec, String[] args) {
        boolean afterCommand = false;
        for (String a : args) {
            if (!afterCommand) {
                afterCommand = a.equals(spec.name());
                continue;
            }
            if (a.equals("--")) {
                return null;
            }
            if (a.startsWith("--") && a.length() > 2) {
                String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                if (spec.findOption(name) == null) {
                    return name;
                }
            }
        }
        return null;
    }

    /** Names the option the way it was typed when the message uses another of its aliases. */
    private static String asTyped(String message, OptionSpec option, String[] args) {
        String typed = typedName(option, args);
        if (typed == null) {
            return message;
        }
        String shown = option.longestName();
        return shown.equals(typed) ? message : message.replace("'" + shown + "'", "'" + typed + "'");
    }

    /**
     * A configuration error's message (a value out of range, found after parsing) with every flag it names written
     * the way it was typed: {@code --context-length}, not {@code --max-model-len}.
     */
    static String asTyped(String message, CommandLine.ParseResult parsed) {
        String[] args = parsed.originalArgs().toArray(String[]::new);
        for (OptionSpec option : parsed.matchedOptions()) {
            String typed = typedName(option, args);
            for (String name : option.names()) {
                if (typed != null && !name.equals(typed)) {
                    message = message.replaceAll(
                            "(?<![\\w-])" + Pattern.quote(name) + "(?![\\w-])", Matcher.quoteReplacement(typed));
                }
            }
        }
        return message;
    }

    private static String typedName(OptionSpec option, String[] args) {
        String found = null;
        for (String a : args) {
            String token = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            for (String n : option.names()) {
                if (n.equals(token) || n.toLowerCase(Locale.ROOT).equals(token.toLowerCase(Locale.ROOT))) {
                    found = n; // the last occurrence is the one picocli parsed last
                }
            }
        }
        return found;
    }
}
