package org.concurrencylab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.concurrencylab.cli.option.Choices;
import org.concurrencylab.report.ReportFiles;
import org.concurrencylab.report.TerminalReport;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "report",
        description =
                "Rebuild an earlier run's reports (terminal, report.md, report.html) from its results.json alone.")
final class ReportCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "A results/<run> directory, or its results.json.")
    private Path directory;

    @Override
    public Integer call() throws IOException {
        Path file = Files.isDirectory(directory) ? directory.resolve(ResultsJson.FILE_NAME) : directory;
        if (!Files.isRegularFile(file)) {
            throw new ParameterException(spec.commandLine(), "no results at " + file);
        }
        RunResult run;
        try {
            run = ResultsJson.read(file);
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage() + "; point at another run's directory");
        }
        System.out.print(TerminalReport.render(run));
        ReportFiles.Written reports;
        try {
            reports = ReportFiles.write(run, file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new ParameterException(
                    spec.commandLine(),
                    "cannot write the reports beside " + file + " (" + Choices.reason(e)
                            + "); copy the run's directory somewhere writable");
        }
        System.out.println();
        System.out.println("Reports: " + reports.html() + ", " + reports.markdown());
        return 0;
    }
}
