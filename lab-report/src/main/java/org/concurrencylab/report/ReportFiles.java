package org.concurrencylab.report;

import java.io.IOException;
import java.nio.file.Path;
import org.concurrencylab.results.AtomicFiles;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.WriteFailed;

/** Writes report.md, report.html and the claims' verdicts as JUnit XML beside a run's results.json. */
public final class ReportFiles {

    public record Written(Path markdown, Path html, Path verdicts) {}

    private ReportFiles() {}

    /** @throws WriteFailed naming the file that could not be written whole */
    public static Written write(RunResult run, Path directory) throws IOException {
        Path markdown = AtomicFiles.writeString(directory.resolve("report.md"), MarkdownReport.render(run));
        Path html = AtomicFiles.writeString(directory.resolve("report.html"), HtmlReport.render(run, directory));
        Path verdicts = AtomicFiles.writeString(directory.resolve(JUnitVerdicts.FILE_NAME), JUnitVerdicts.render(run));
        return new Written(markdown, html, verdicts);
    }
}
