package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/test-deps.sh}, which {@code .ci/run} and the browser test use to install chromium and fonts, run
 * with a PATH of fakes: a fake {@code apt-get} that "installs" by creating the command, a fake {@code id}.
 */
class TestDepsScriptTest {

    static final Path SCRIPT = Path.of("").toAbsolutePath().getParent().resolve("scripts/test-deps.sh");

    @TempDir
    Path dir;

    record Proc(int exit, String out) {}

    private Path bin() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String tool : List.of("bash", "head", "chmod", "touch")) {
            Path real = List.of(Path.of("/usr/bin", tool), Path.of("/bin", tool)).stream()
                    .filter(Files::isExecutable)
                    .findFirst()
                    .orElseThrow();
            Files.createSymbolicLink(bin.resolve(tool), real);
        }
        fake(bin, "id", "echo 0");
        fake(bin, "fc-list", "echo '/usr/share/fonts/x.ttf: X:style=Book'");
        for (String present : List.of("promtool", "node", "npm")) {
            fake(bin, present, "exit 0");
        }
        return bin;
    }

    private static void fake(Path bin, String name, String body) throws IOException {
        Path f = bin.resolve(name);
        Files.writeString(f, "#!" + bashPath() + "\n" + body + "\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static String bashPath() {
        return Files.isExecutable(Path.of("/bin/bash")) ? "/bin/bash" : "/usr/bin/bash";
    }

    private Proc run(Path bin, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(bashPath(), SCRIPT.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("PATH", bin.toString());
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Proc(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    @Test
    void nothingMissingDoesNothing() throws Exception {
        Path bin = bin();
        fake(bin, "chromium", "exit 0");
        fake(bin, "apt-get", "echo apt-get must not run; exit 9");
        Proc p = run(bin);
        assertThat(p.exit()).as(p.out()).isZero();
        assertThat(p.out()).isEmpty();
    }

    @Test
    void aMissingChromiumIsInstalledWithAptGet() throws Exception {
        Path bin = bin();
        Path calls = dir.resolve("apt-calls.txt");
        fake(
                bin,
                "apt-get",
                "echo \"$@\" >> " + calls + "\n"
                        + "if [ \"$1\" = install ]; then printf '#!/bin/sh\\n' > " + bin.resolve("chromium")
                        + "; chmod +x " + bin.resolve("chromium") + "; fi");
        Proc p = run(bin);
        assertThat(p.exit()).as(p.out()).isZero();
        assertThat(p.out()).contains("installing chromium with apt-get");
        assertThat(Files.readAllLines(calls)).containsExactly("install -y --no-install-recommends chromium");
        assertThat(bin.resolve("chromium")).isExecutable();
    }

    @Test
    void theRealClientToolsAreInstalledWhenMissing() throws Exception {
        Path bin = bin();
        fake(bin, "chromium", "exit 0");
        for (String tool : List.of("promtool", "node", "npm")) {
            Files.delete(bin.resolve(tool));
        }
        Path calls = dir.resolve("apt-calls.txt");
        fake(bin, "apt-get", "echo \"$@\" >> " + calls);
        Proc p = run(bin);
        assertThat(p.exit()).as(p.out()).isZero();
        assertThat(Files.readAllLines(calls))
                .containsExactly("install -y --no-install-recommends prometheus nodejs npm");
    }

    @Test
    void staleListsAreUpdatedOnceThenInstallIsRetried() throws Exception {
        Path bin = bin();
        Path calls = dir.resolve("apt-calls.txt");
        fake(
                bin,
                "apt-get",
                "echo \"$@\" >> " + calls + "\n"
                        + "case \"$1\" in update) touch " + dir.resolve("updated") + ";;\n"
                        + " install) [ -f " + dir.resolve("updated") + " ] || exit 100;;\nesac");
        Proc p = run(bin);
        assertThat(p.exit()).as(p.out()).isZero();
        assertThat(Files.readAllLines(calls))
                .containsExactly(
                        "install -y --no-install-recommends chromium",
                        "update -q",
                        "install -y --no-install-recommends chromium");
    }

    @Test
    void withoutAptGetItSaysWhatIsMissing() throws Exception {
        Path bin = bin();
        Proc p = run(bin);
        assertThat(p.exit()).isEqualTo(1);
        assertThat(p.out()).contains("missing chromium", "no apt-get here");
        Proc check = run(bin, "--check");
        assertThat(check.exit()).isEqualTo(1);
        assertThat(check.out().strip()).isEqualTo("test-deps: missing chromium (install: apt-get install -y chromium)");
    }

    @Test
    void aUserWithoutSudoIsToldTheCommand() throws Exception {
        Path bin = bin();
        fake(bin, "id", "echo 1000");
        fake(bin, "apt-get", "exit 0");
        Proc p = run(bin);
        assertThat(p.exit()).isEqualTo(1);
        assertThat(p.out().strip())
                .isEqualTo("test-deps: missing chromium; run as root: apt-get update && apt-get install -y chromium");
    }
}
