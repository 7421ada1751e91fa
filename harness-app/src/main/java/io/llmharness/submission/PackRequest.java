package io.llmharness.submission;

import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.config.MlperfRound;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code harness submission pack} was asked to do.
 *
 * @param org the submitting organisation (directory name under {@code closed/})
 * @param system the system name ({@code systems/<system>.json}, {@code results/<system>/})
 * @param round {@code --round}: the round whose rules (seeds, layout) the tree follows, {@code v6.0} or {@code v6.1}
 * @param output the directory the {@code closed/} tree goes into
 * @param runs the run directories
 * @param llama2Level {@code 99} or {@code 99.9}: the llama2-70b accuracy target results go under
 * @param systemJson an existing system description to copy instead of the template, or null
 */
public record PackRequest(
        String org, String system, String round, Path output, List<Path> runs, String llama2Level, Path systemJson) {

    public PackRequest {
        runs = List.copyOf(runs);
    }

    /**
     * The round parsed.
     *
     * @throws HarnessException usage error for anything but v6.0 and v6.1 (the layouts this packer writes)
     */
    MlperfRound mlperfRound() {
        return MlperfRound.parse(round)
                .filter(MlperfRound::embedded)
                .orElseThrow(() -> HarnessException.usage("--round " + round + ": use v6.0 or v6.1 (the rounds"
                        + " whose layout, results/<system>/<benchmark>/<scenario> with TEST06 inside, this packer"
                        + " writes)"));
    }
}
