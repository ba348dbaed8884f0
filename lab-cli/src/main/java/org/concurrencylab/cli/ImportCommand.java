package org.concurrencylab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.catalog.LoadStep;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.driver.Connections;
import org.concurrencylab.hyperfoil.HyperfoilBenchmark;
import org.concurrencylab.hyperfoil.HyperfoilImport;
import org.concurrencylab.hyperfoil.HyperfoilStats;
import org.concurrencylab.report.ReportFiles;
import org.concurrencylab.report.TerminalReport;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.runner.LabHome;
import org.concurrencylab.runner.RunDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "import", description = "Turn another load tool's statistics into the lab's results and reports.",
        subcommands = ImportCommand.Hyperfoil.class)
final class ImportCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "name the format: hyperfoil");
    }

    @Command(name = "hyperfoil", description = {
            "Read the statistics of a Hyperfoil run of an exported benchmark (the controller's /run/ID/stats/total, or "
                    + "its CLI's export in JSON) as one step of the lab's results, with the claims checked on it, and "
                    + "write results.json and the reports. Hyperfoil keeps the client's figures only: the step has no "
                    + "threads, service counters, machine, per-request records or time charts, and the claims that need "
                    + "them are not applicable."})
    static final class Hyperfoil implements Callable<Integer> {

        @Spec
        private CommandSpec spec;

        @Parameters(index = "0", paramLabel = "STATS.json",
                description = "Hyperfoil's statistics of the run, in JSON.")
        private Path stats;

        @Option(names = "--variant", required = true, paramLabel = "NAME", description = "The variant the load ran against.")
        private String variantName;

        @Option(names = "--experiment", paramLabel = "NAME", description = "Default: from the benchmark's name, as exported.")
        private String experimentName;

        @Option(names = "--load", paramLabel = "LOAD", description = "The step (e.g. 100x10). Default: from the benchmark's name.")
        private String load;

        /** The scale the benchmark was exported at. */
        @Mixin
        private ScaleOption scale;

        @Option(names = "--connections", paramLabel = "MODE", description = "The client it was exported with (default: the experiment's).")
        private String connections;

        /** The processors of the machine the service ran on. */
        @Mixin
        private CpusOption cpus;

        /** Where results.json and the reports go; by default a new results/hyperfoil-&lt;time&gt;. */
        @Mixin
        private OutOption out;

        @Override
        public Integer call() throws IOException {
            if (!Files.isRegularFile(stats)) {
                throw new ParameterException(spec.commandLine(), "no file at " + stats);
            }
            HyperfoilStats read;
            try {
                read = HyperfoilStats.read(stats);
            } catch (IOException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            Experiment experiment = experiment(read);
            Variant variant = Choices.variant(spec.commandLine(), experiment, variantName);
            LoadStep step = step(experiment, read);
            Overrides overrides = cpus.applyTo(scale.applyTo(Overrides.none(), spec.commandLine()), spec.commandLine());
            overrides = Choices.connections(spec.commandLine(), connections).map(overrides::withConnections).orElse(overrides);
            RunSettings settings = overrides.resolve(experiment, Runtime.getRuntime().availableProcessors());
            Path results = LabHome.locate().root().resolve("results");
            // a new run directory, created at once as ./lab run creates its own, unless --out names one
            Path directory = out.given() ? out.directory(spec.commandLine(), results)
                    : RunDirectory.createIn(out.directory(spec.commandLine(), results), HyperfoilImport.ENGINE + "-");
            RunResult run = HyperfoilImport.of(read, experiment, variant, step).runId(directory.getFileName().toString())
                    .settings(settings).build();
            ResultsJson.write(run, directory);
            System.out.print(TerminalReport.render(run));
            ReportFiles.Written reports = ReportFiles.write(run, directory);
            System.out.println();
            System.out.println("Results: " + directory.resolve(ResultsJson.FILE_NAME));
            System.out.println("Reports: " + reports.html() + ", " + reports.markdown());
            return 0;
        }

        private Experiment experiment(HyperfoilStats read) {
            if (experimentName != null) {
                return Choices.experiment(spec.commandLine(), experimentName);
            }
            return Catalog.experiments().stream()
                    .filter(candidate -> HyperfoilBenchmark.stepNamed(candidate, read.name()).isPresent())
                    .findFirst()
                    .orElseThrow(() -> new ParameterException(spec.commandLine(), "the benchmark '" + read.name()
                            + "' is not one the lab exported under that name; say which it was with --experiment and --load"));
        }

        private LoadStep step(Experiment experiment, HyperfoilStats read) {
            if (load != null) {
                return Choices.load(spec.commandLine(), experiment, load);
            }
            List<String> labels = experiment.steps().stream().map(LoadStep::label).toList();
            return HyperfoilBenchmark.stepNamed(experiment, read.name()).orElseThrow(() -> new ParameterException(
                    spec.commandLine(), "the benchmark '" + read.name() + "' is not a step of " + experiment.name()
                            + " as the lab names them; say which with --load (" + String.join(", ", labels) + ")"));
        }
    }
}
