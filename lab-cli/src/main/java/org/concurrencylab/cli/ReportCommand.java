package org.concurrencylab.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.concurrencylab.cli.option.Choices;
import org.concurrencylab.cli.terminal.StandardOutput;
import org.concurrencylab.report.ReportFiles;
import org.concurrencylab.report.TerminalReport;
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
        Path file = Choices.resultsFile(spec.commandLine(), directory);
        RunResult run = Choices.results(spec.commandLine(), file);
        System.out.print(TerminalReport.render(run, StandardOutput.textWidth()));
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
