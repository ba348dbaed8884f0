package org.concurrencylab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.concurrencylab.report.ReportFiles;
import org.concurrencylab.report.TerminalReport;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.ResultsJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "report", description = "Rebuild an earlier run's reports (terminal, report.md, report.html) from its results.json alone.")
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
        RunResult run = ResultsJson.read(file);
        System.out.print(TerminalReport.render(run));
        ReportFiles.Written reports = ReportFiles.write(run, file.toAbsolutePath().getParent());
        System.out.println();
        System.out.println("Reports: " + reports.html() + ", " + reports.markdown());
        return 0;
    }
}
