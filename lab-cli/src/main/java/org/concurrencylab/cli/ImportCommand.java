package org.concurrencylab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.cli.option.Choices;
import org.concurrencylab.cli.option.ImportedLoadOptions;
import org.concurrencylab.hyperfoil.HyperfoilBenchmark;
import org.concurrencylab.hyperfoil.HyperfoilImport;
import org.concurrencylab.hyperfoil.HyperfoilStats;
import org.concurrencylab.jmeter.JmeterImport;
import org.concurrencylab.jmeter.JmeterRemoteLoad;
import org.concurrencylab.jmeter.JmeterSampleLog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "import",
        description = "Turn another load tool's statistics into the lab's results and reports.",
        subcommands = {ImportCommand.Hyperfoil.class, ImportCommand.Jmeter.class})
final class ImportCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "name the format: hyperfoil or jmeter");
    }

    @Command(
            name = "jmeter",
            description = {
                "Read JMeter's CSV sample log (.jtl) of a plan ./lab export jmeter wrote as one step of the lab's results, every "
                        + "sample a per-request record: the latency percentiles, the time charts and the request log as the "
                        + "lab's own driver gives them, the claims checked on them, results.json and the reports written. "
                        + "The services ran elsewhere: their threads, CPU and pools are not in the result."
            })
    static final class Jmeter implements Callable<Integer> {

        @Spec
        private CommandSpec spec;

        @Parameters(index = "0", paramLabel = "LOG.jtl", description = "JMeter's sample log, CSV with its header line.")
        private Path log;

        @Option(
                names = "--variant",
                required = true,
                paramLabel = "NAME",
                description = "The variant the load ran against.")
        private String variantName;

        @Option(
                names = "--experiment",
                paramLabel = "NAME",
                description = "Default: the one experiment with that variant.")
        private String experimentName;

        @Option(
                names = "--load",
                paramLabel = "LOAD",
                description = "The step (e.g. 100x10, or an open one: its requests are "
                        + "then timed from due times rebuilt from its even arrivals). Default: the closed step with as many users as the "
                        + "log has threads, each sending as many requests as the busiest of them.")
        private String load;

        @Mixin
        private ImportedLoadOptions options;

        @Override
        public Integer call() throws IOException {
            Experiment experiment = experimentName != null
                    ? Choices.experiment(spec.commandLine(), experimentName)
                    : Catalog.experiments().stream()
                            .filter(candidate -> candidate.variant(variantName).isPresent())
                            .findFirst()
                            .orElseThrow(() -> new ParameterException(
                                    spec.commandLine(),
                                    "no experiment has a variant '" + variantName + "' (see ./lab list)"));
            Variant variant = Choices.variant(spec.commandLine(), experiment, variantName);
            Optional<LoadStep> named =
                    load == null ? Optional.empty() : Optional.of(Choices.load(spec.commandLine(), experiment, load));
            RunSettings settings = options.settings(spec.commandLine(), experiment);
            JmeterSampleLog.Read read = read(named, settings);
            LoadStep step = named.orElseGet(() -> JmeterImport.closedStepOf(experiment, read)
                    .orElseThrow(() -> new ParameterException(
                            spec.commandLine(),
                            "the log's threads and requests match no closed step of " + experiment.name()
                                    + "; say which with --load ("
                                    + String.join(
                                            ", ",
                                            experiment.steps().stream()
                                                    .map(LoadStep::label)
                                                    .toList()) + ")")));
            Path directory = options.directory(spec.commandLine(), JmeterRemoteLoad.ENGINE);
            return ImportedLoadOptions.write(
                    JmeterImport.of(read, experiment, variant, step, settings, directory), directory);
        }

        /** The log, once: an exported open step's arrivals were evenly spaced at its rate, and their due times are rebuilt from it. */
        private JmeterSampleLog.Read read(Optional<LoadStep> named, RunSettings settings) {
            JmeterSampleLog.Read read;
            try {
                read = named.orElse(null) instanceof LoadStep.Open open
                        ? JmeterSampleLog.readEvenArrivals(
                                log, settings.scaled().rate(open.ratePerSecond()))
                        : JmeterSampleLog.read(log);
            } catch (IOException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            if (read.load().sent() == 0) {
                throw new ParameterException(spec.commandLine(), log + " holds no samples");
            }
            return read;
        }
    }

    @Command(
            name = "hyperfoil",
            description = {
                "Read the statistics of a Hyperfoil run of an exported benchmark (the controller's /run/ID/stats/total, or "
                        + "its CLI's export in JSON) as one step of the lab's results, with the claims checked on it, and "
                        + "write results.json and the reports. Hyperfoil keeps the client's figures only: the step has no "
                        + "threads, service counters, machine, per-request records or time charts, and the claims that need "
                        + "them are not applicable."
            })
    static final class Hyperfoil implements Callable<Integer> {

        @Spec
        private CommandSpec spec;

        @Parameters(index = "0", paramLabel = "STATS.json", description = "Hyperfoil's statistics of the run, in JSON.")
        private Path stats;

        @Option(
                names = "--variant",
                required = true,
                paramLabel = "NAME",
                description = "The variant the load ran against.")
        private String variantName;

        @Option(
                names = "--experiment",
                paramLabel = "NAME",
                description = "Default: from the benchmark's name, as exported.")
        private String experimentName;

        @Option(
                names = "--load",
                paramLabel = "LOAD",
                description = "The step (e.g. 100x10). Default: from the benchmark's name.")
        private String load;

        @Mixin
        private ImportedLoadOptions options;

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
            Path directory = options.directory(spec.commandLine(), HyperfoilImport.ENGINE);
            RunSettings settings = options.settings(spec.commandLine(), experiment);
            return ImportedLoadOptions.write(
                    HyperfoilImport.of(read, experiment, variant, step)
                            .runId(directory.getFileName().toString())
                            .settings(settings)
                            .build(),
                    directory);
        }

        private Experiment experiment(HyperfoilStats read) {
            if (experimentName != null) {
                return Choices.experiment(spec.commandLine(), experimentName);
            }
            return Catalog.experiments().stream()
                    .filter(candidate ->
                            HyperfoilBenchmark.stepNamed(candidate, read.name()).isPresent())
                    .findFirst()
                    .orElseThrow(
                            () -> new ParameterException(
                                    spec.commandLine(),
                                    "the benchmark '" + read.name()
                                            + "' is not one the lab exported under that name; say which it was with --experiment and --load"));
        }

        private LoadStep step(Experiment experiment, HyperfoilStats read) {
            if (load != null) {
                return Choices.load(spec.commandLine(), experiment, load);
            }
            List<String> labels =
                    experiment.steps().stream().map(LoadStep::label).toList();
            return HyperfoilBenchmark.stepNamed(experiment, read.name())
                    .orElseThrow(() -> new ParameterException(
                            spec.commandLine(),
                            "the benchmark '" + read.name() + "' is not a step of " + experiment.name()
                                    + " as the lab names them; say which with --load (" + String.join(", ", labels)
                                    + ")"));
        }
    }
}
