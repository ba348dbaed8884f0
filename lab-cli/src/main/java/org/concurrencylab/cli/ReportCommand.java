package org.concurrencylab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.concurrencylab.report.TerminalReport;
import org.concurrencylab.results.ResultsJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "report", description = "Print the report of an earlier run again, from its results.json alone.")
final class ReportCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "A results/<run> directory, or its results.json.")
    private Path directory;

    @Override
    public Integer call() {
        Path file = Files.isDirectory(directory) ? directory.resolve(ResultsJson.FILE_NAME) : directory;
        if (!Files.isRegularFile(file)) {
            throw new ParameterException(spec.commandLine(), "no results at " + file);
        }
        System.out.print(TerminalReport.render(ResultsJson.read(file)));
        return 0;
    }
}
