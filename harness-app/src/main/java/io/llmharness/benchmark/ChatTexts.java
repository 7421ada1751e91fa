package io.llmharness.benchmark;

import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * User-supplied texts for chat messages built from dataset fields; {@code null} = use the built-in placeholder.
 *
 * @param systemPrompt system message text, verbatim (a file's final line break is dropped)
 * @param userTemplate user text template with {@code {field}} placeholders
 */
public record ChatTexts(String systemPrompt, String userTemplate) {

    /** Nothing supplied: built-in placeholders (and a {@code system_message} column if the dataset has one). */
    public static final ChatTexts NONE = new ChatTexts(null, null);

    /**
     * Reads the files named by the prompt flags.
     *
     * @throws HarnessException config error naming the flag and file when a file is missing, unreadable or empty
     */
    public static ChatTexts load(PromptOptions options) {
        return new ChatTexts(
                read("--system-prompt-file", options.systemPromptFile()),
                read("--user-prompt-template-file", options.userPromptTemplateFile()));
    }

    private static String read(String flag, Path file) {
        if (file == null) {
            return null;
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw HarnessException.config(flag + " " + file + ": file not found; check the path");
        } catch (IOException e) {
            throw HarnessException.config(flag + " " + file + ": cannot read (" + e + ")", e);
        }
        if (text.isBlank()) {
            throw HarnessException.config(flag + " " + file + ": file is empty; put the prompt text in it");
        }
        return dropFinalLineBreak(text);
    }

    /** Editors end files with a line break; it is not part of the prompt. */
    static String dropFinalLineBreak(String text) {
        if (text.endsWith("\r\n")) {
            return text.substring(0, text.length() - 2);
        }
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }
}
