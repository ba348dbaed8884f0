package org.concurrencylab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.concurrencylab.results.RunResult;

/** Writes report.md, report.html and the claims' verdicts as JUnit XML beside a run's results.json. */
public final class ReportFiles {

    public record Written(Path markdown, Path html, Path verdicts) {
    }

    private ReportFiles() {
    }

    public static Written write(RunResult run, Path directory) throws IOException {
        Path markdown = Files.writeString(directory.resolve("report.md"), MarkdownReport.render(run));
        Path html = Files.writeString(directory.resolve("report.html"), HtmlReport.render(run, directory));
        Path verdicts = Files.writeString(directory.resolve(JUnitVerdicts.FILE_NAME), JUnitVerdicts.render(run));
        return new Written(markdown, html, verdicts);
    }
}
