package io.llmharness.report.render;

import io.llmharness.report.OutputSpace;
import io.llmharness.report.html.RunReportHtml;
import io.llmharness.report.view.RunView;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** {@code report.html}: one self-contained page (written through a temporary file and a rename). */
public final class HtmlFormat implements ViewFormat {

    /** The file name inside a run directory. */
    public static final String FILE = "report.html";

    @Override
    public String name() {
        return "html";
    }

    @Override
    public List<Path> write(RunView view, Path runDir) throws IOException {
        Path file = runDir.resolve(FILE);
        OutputSpace.writeWhole(file, RunReportHtml.render(view));
        return List.of(file);
    }
}
