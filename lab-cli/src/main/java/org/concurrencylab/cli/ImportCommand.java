package org.concurrencylab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
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

        @Option(names = "--scale", paramLabel = "S", description = "The scale it was exported at (default: the experiment's own).")
        private Double scale;

        @Option(names = "--connections", paramLabel = "MODE", description = "The client it was exported with (default: the experiment's).")
        private String connections;

        @Option(names = "--cpus", paramLabel = "N", description = "Processors of the service's machine: the pools' default "
                + "sizes, and so the Little's-law bound, follow from them (default: the experiment's own).")
        private Integer cpus;

        @Option(names = "--out", paramLabel = "DIR", description = "Where results.json and the reports go (default: results/<a new run id>).")
        private Path out;

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
            double checkedScale = Choices.scale(spec.commandLine(), scale);
            Choices.cpus(spec.commandLine(), cpus);
            Optional<Connections> client = Choices.connections(spec.commandLine(), connections);
            Path results = LabHome.locate().root().resolve("results");
            // a new run directory, created at once as ./lab run creates its own, unless --out names one
            Path directory = out != null ? Choices.outDirectory(spec.commandLine(), out, results.resolve(HyperfoilImport.ENGINE + "-<time>"))
                    : RunDirectory.createIn(Choices.outDirectory(spec.commandLine(), null, results), HyperfoilImport.ENGINE + "-");
            HyperfoilImport.Builder builder = HyperfoilImport.of(read, experiment, variant, step).runId(directory.getFileName().toString());
            if (!Double.isNaN(checkedScale)) {
                builder.scale(checkedScale);
            }
            client.ifPresent(builder::connections);
            if (cpus != null) {
                builder.cpus(cpus);
            }
            RunResult run = builder.build();
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
