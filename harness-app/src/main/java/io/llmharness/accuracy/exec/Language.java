package io.llmharness.accuracy.exec;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The MBXP languages the MLPerf mixtral evaluator executes, with the tools each needs and how a program is built and
 * run: python3, node, ruby and php run the source; g++ compiles C++ first; tsc compiles TypeScript for node.
 */
public enum Language {
    PYTHON("python", "main.py", List.of("python3")),
    JAVASCRIPT("javascript", "main.js", List.of("node")),
    TYPESCRIPT("typescript", "main.ts", List.of("tsc", "node")),
    RUBY("ruby", "main.rb", List.of("ruby")),
    PHP("php", "main.php", List.of("php")),
    CPP("cpp", "main.cpp", List.of("g++"));

    private final String mbxpName;
    private final String fileName;
    private final List<String> tools;

    Language(String mbxpName, String fileName, List<String> tools) {
        this.mbxpName = mbxpName;
        this.fileName = fileName;
        this.tools = tools;
    }

    /** The language as MBXP ids name it ({@code python_…}, {@code cpp_…}). */
    public String mbxpName() {
        return mbxpName;
    }

    String fileName() {
        return fileName;
    }

    /** Executables that must be on PATH. */
    public List<String> tools() {
        return tools;
    }

    boolean limitMemory() {
        return this != JAVASCRIPT && this != TYPESCRIPT;
    }

    /** The language of an MBXP id prefix, if it is one of the six executed. */
    public static Optional<Language> ofMbxp(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (Language l : values()) {
            if (l.mbxpName.equals(n)) {
                return Optional.of(l);
            }
        }
        return Optional.empty();
    }

    /** The commands that build and run {@code source} inside {@code dir}, in order. */
    List<List<String>> steps(Path source, Path dir) {
        String src = source.getFileName().toString();
        return switch (this) {
            case PYTHON -> List.of(List.of("python3", src));
            case JAVASCRIPT -> List.of(List.of("node", "--max-old-space-size=1024", src));
            case TYPESCRIPT ->
                List.of(
                        List.of("tsc", "--target", "es2017", "--lib", "es2017,dom", "--outDir", ".", src),
                        List.of("node", "--max-old-space-size=1024", "main.js"));
            case RUBY -> List.of(List.of("ruby", src));
            case PHP -> List.of(List.of("php", src));
            case CPP -> List.of(List.of("g++", "-std=c++17", "-O0", "-o", "main", src), List.of("./main"));
        };
    }
}
