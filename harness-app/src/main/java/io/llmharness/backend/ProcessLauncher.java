package io.llmharness.backend;

import io.llmharness.backend.process.OrphanGuard;
import io.llmharness.backend.process.ProcTable;
import io.llmharness.backend.process.ProcessTree;
import io.llmharness.error.HarnessException;
import io.llmharness.secret.PrivateFiles;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts one server process: under {@code setsid} when available, stdin from {@code /dev/null}, stdout and
 * stderr appended to the log after a header line naming the command, plus its {@link OrphanGuard}. The
 * output goes straight to the file (no pipe through the JVM), so a detached server keeps running after the
 * harness exits.
 */
final class ProcessLauncher {

    /**
     * A started process.
     *
     * @param process the leader
     * @param tree its process tree
     * @param guard its orphan guard, or null when none could be started
     */
    record Launched(Process process, ProcessTree tree, Process guard) {}

    private ProcessLauncher() {}

    static Launched launch(LaunchSpec spec, Duration grace) {
        List<String> cmd = new ArrayList<>();
        String setsid = Setsid.path();
        if (setsid != null) {
            cmd.add(setsid);
        }
        cmd.addAll(spec.argv());
        try {
            Path logDir = spec.logFile().toAbsolutePath().getParent();
            if (Files.isDirectory(logDir)) {
                PrivateFiles.createFile(spec.logFile());
            } else {
                PrivateFiles.createFolder(logDir); // a folder the harness makes is private; the user's keeps its mode
                PrivateFiles.createFile(spec.logFile());
            }
            String header = "# harness: " + Instant.now() + " starting " + spec.name() + ": " + spec.commandLine()
                    + System.lineSeparator();
            Files.writeString(
                    spec.logFile(),
                    header,
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            ProcessBuilder pb = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(
                            ProcessBuilder.Redirect.appendTo(spec.logFile().toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            pb.environment().putAll(spec.env());
            Process p = pb.start();
            long start = ProcTable.read(p.pid()).map(ProcTable.Proc::startTicks).orElse(-1L);
            // setsid (not forking: a JVM child never leads a group) makes the pid the new group's id.
            ProcessTree tree = new ProcessTree(p.pid(), start, setsid != null ? p.pid() : -1, spec.marker());
            Process guard =
                    OrphanGuard.start(tree.pgid(), spec.marker(), grace, setsid).orElse(null);
            return new Launched(p, tree, guard);
        } catch (IOException e) {
            throw HarnessException.execution(
                    "cannot start " + spec.name() + " (" + spec.argv().get(0) + "): " + e.getMessage()
                            + "; check the executable and output_dir (log: " + spec.logFile() + ")",
                    e);
        }
    }
}
