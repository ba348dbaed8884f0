package org.concurrencylab.cli.option;

import java.io.IOException;
import java.nio.file.Path;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.cli.terminal.StandardOutput;
import org.concurrencylab.report.ReportFiles;
import org.concurrencylab.report.TerminalReport;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.runner.RunDirectory;
import org.concurrencylab.runner.process.LabHome;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What every {@code ./lab import} asks of a load another tool drove: the scale and the client it was
 * exported with, the processors of the service's machine, and where the results go; and how it writes them.
 */
public final class ImportedLoadOptions {

    /** The scale the load was exported at. */
    @Mixin
    private ScaleOption scale;

    @Option(
            names = "--connections",
            paramLabel = "MODE",
            description = "The client it was exported with (default: the experiment's).")
    private String connections;

    /** The processors of the machine the service ran on. */
    @Mixin
    private CpusOption cpus;

    /** Where results.json and the reports go; by default a new results/&lt;tool&gt;-&lt;time&gt;. */
    @Mixin
    private OutOption out;

    public RunSettings settings(CommandLine commandLine, Experiment experiment) {
        Overrides overrides = cpus.applyTo(scale.applyTo(Overrides.none(), commandLine), commandLine);
        overrides = Choices.connections(commandLine, connections)
                .map(overrides::withConnections)
                .orElse(overrides);
        return overrides.resolve(experiment, Runtime.getRuntime().availableProcessors());
    }

    /** --out, or a new run directory named after the tool, created at once as ./lab run creates its own. */
    public Path directory(CommandLine commandLine, String tool) throws IOException {
        Path results = LabHome.locate().root().resolve("results");
        return out.given()
                ? out.directory(commandLine, results)
                : RunDirectory.createIn(out.directory(commandLine, results), tool + "-");
    }

    /** results.json and the reports, and where they are. */
    public static int write(RunResult run, Path directory) throws IOException {
        ResultsJson.write(run, directory);
        System.out.print(TerminalReport.render(run, StandardOutput.textWidth()));
        ReportFiles.Written reports = ReportFiles.write(run, directory);
        System.out.println();
        System.out.println("Results: " + directory.resolve(ResultsJson.FILE_NAME));
        System.out.println("Reports: " + reports.html() + ", " + reports.markdown());
        return 0;
    }
}
