package org.concurrencylab.cli;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.cli.option.Choices;
import org.concurrencylab.cli.option.ExportedLoadOptions;
import org.concurrencylab.hyperfoil.HyperfoilBenchmark;
import org.concurrencylab.jmeter.JmeterPlan;
import org.concurrencylab.results.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "export",
        description = "Write an experiment's loads in the format of another load tool.",
        subcommands = {ExportCommand.Hyperfoil.class, ExportCommand.Jmeter.class})
final class ExportCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "name the format: hyperfoil or jmeter");
    }

    @Command(
            name = "hyperfoil",
            description = {
                "Write each step of an experiment as a Hyperfoil benchmark, time-scaled as the lab runs it: a closed step "
                        + "as atOnce users each looping its requests, an open one as constantRate without variance, a held "
                        + "one as users started over the ramp-up who think between requests; the lab's warm-up first, as a "
                        + "warm-up phase. Add your agents to drive it from several hosts; bring the statistics back with "
                        + "./lab import hyperfoil."
            })
    static final class Hyperfoil implements Callable<Integer> {

        @Spec
        private CommandSpec spec;

        @Parameters(index = "0", paramLabel = "EXPERIMENT", description = "An experiment (see ./lab list).")
        private String experimentName;

        @Mixin
        private ExportedLoadOptions options;

        @Option(
                names = "--threads",
                paramLabel = "N",
                defaultValue = "0",
                description =
                        "Hyperfoil's event loops per "
                                + "agent (default: Hyperfoil's own). With one or two, answers that come together wait for each other: "
                                + "the lab measured 2-5 %% less throughput than its own driver on blocking-io; with eight, under 2 %%.")
        private int threads;

        @Override
        public Integer call() throws IOException {
            Experiment experiment = Choices.experiment(spec.commandLine(), experimentName);
            RunSettings settings = options.settings(spec.commandLine(), experiment);
            List<LoadStep> steps = options.steps(spec.commandLine(), experiment);
            URI target = options.target(spec.commandLine());
            Path directory = options.directory(spec.commandLine(), "hyperfoil", experiment);
            for (LoadStep step : steps) {
                HyperfoilBenchmark benchmark;
                try {
                    benchmark = HyperfoilBenchmark.of(experiment, step)
                            .target(target)
                            .connections(settings.connections())
                            .threads(threads)
                            .scale(settings.scaled().scale())
                            .build();
                } catch (IllegalArgumentException e) {
                    throw new ParameterException(spec.commandLine(), e.getMessage());
                }
                Path file = directory.resolve(benchmark.name() + ".hf.yaml");
                AtomicFiles.writeString(file, benchmark.yaml());
                System.out.println("wrote " + file);
            }
            System.out.printf(
                    "%nServe a variant (./lab serve %s VARIANT --port %d --scale %s), upload a benchmark to your "
                            + "Hyperfoil controller and run it; then: ./lab import hyperfoil STATS.json --variant VARIANT%n",
                    experiment.name(),
                    target.getPort() < 0 ? 8080 : target.getPort(),
                    settings.scaled().scale());
            return 0;
        }
    }

    @Command(
            name = "jmeter",
            description = {
                "Write each closed or held step of an experiment as a JMeter test plan (.jmx), time-scaled as the lab runs it: "
                        + "a thread group of the step's users, each looping its requests (a held step: ramped up, thinking "
                        + "before each request, for the ramp-up and the hold), the connection kept or not as the lab's client "
                        + "does; an open step: JMeter's open model thread group, its arrivals evenly spaced at the step's rate, then a "
                        + "pause of one timeout for the last answers (import it with --load, which rebuilds each due time). Run a plan in JMeter's GUI or CLI (jmeter -n -t PLAN.jmx -l LOG.jtl), then bring its "
                        + "sample log back with ./lab import jmeter."
            })
    static final class Jmeter implements Callable<Integer> {

        @Spec
        private CommandSpec spec;

        @Parameters(index = "0", paramLabel = "EXPERIMENT", description = "An experiment (see ./lab list).")
        private String experimentName;

        @Mixin
        private ExportedLoadOptions options;

        @Override
        public Integer call() throws IOException {
            Experiment experiment = Choices.experiment(spec.commandLine(), experimentName);
            RunSettings settings = options.settings(spec.commandLine(), experiment);
            List<LoadStep> steps = options.steps(spec.commandLine(), experiment);
            URI target = options.target(spec.commandLine());
            if (!target.getScheme().equals("http") || target.getPort() < 1) {
                throw new ParameterException(
                        spec.commandLine(), "a JMeter plan's --target is http://host:port, not " + target);
            }
            Path directory = options.directory(spec.commandLine(), "jmeter", experiment);
            int written = 0;
            for (LoadStep step : steps) {
                JmeterPlan plan = JmeterPlan.of(step)
                        .target(target.resolve(experiment.path()))
                        .scale(settings.scaled())
                        .timeout(settings.scaled().of(experiment.requestTimeout()))
                        .connections(settings.connections())
                        .build();
                Path file = directory.resolve(experiment.name() + "-" + step.fileName() + ".jmx");
                AtomicFiles.writeString(file, plan.xml());
                System.out.println("wrote " + file);
                written++;
            }
            if (written == 0) {
                throw new ParameterException(spec.commandLine(), experiment.name() + " has no step to export");
            }
            System.out.printf(
                    "%nServe a variant (./lab serve %s VARIANT --port %d --scale %s), run a plan with JMeter "
                            + "(jmeter -n -t PLAN.jmx -l LOG.jtl), then: ./lab import jmeter LOG.jtl --variant VARIANT --scale %s (an open step: --load LABEL)%n",
                    experiment.name(),
                    target.getPort(),
                    settings.scaled().scale(),
                    settings.scaled().scale());
            return 0;
        }
    }
}
