package org.concurrencylab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.cli.option.Choices;
import org.concurrencylab.cli.option.CpusOption;
import org.concurrencylab.cli.option.ScaleOption;
import org.concurrencylab.cli.terminal.TerminalProgress;
import org.concurrencylab.runner.OverloadTrial;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "overload",
        description = {
            "The lab on itself: serve each variant and offer it several times its capacity (its Little's-law bound for the "
                    + "experiment's heaviest step) for a bounded time, on new connections; then say whether it stayed up, its "
                    + "peak heap and threads, and how soon a lone request was answered within 1.5 D again.",
            "Exit code 0 when every variant stayed up and recovered, 1 otherwise, 2 on bad input."
        })
final class OverloadCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "EXPERIMENT", description = "Default: blocking-io.")
    private String experimentName = "blocking-io";

    @Option(names = "--variant", split = ",", paramLabel = "NAME", description = "Only these variants (default: all).")
    private List<String> variants = List.of();

    @Option(
            names = "--factor",
            paramLabel = "F",
            defaultValue = "10",
            description = "Times the capacity offered (default: ${DEFAULT-VALUE}).")
    private double factor;

    @Option(
            names = "--length",
            paramLabel = "N",
            defaultValue = "20",
            description = "How long the overload lasts, in D (default: ${DEFAULT-VALUE}).")
    private int lengthInD;

    @Mixin
    private ScaleOption scale;

    @Mixin
    private CpusOption cpus;

    @Override
    public Integer call() throws Exception {
        Experiment experiment = Choices.experiment(spec.commandLine(), experimentName);
        Choices.variantsGiven(spec.commandLine(), variants);
        Choices.checkVariants(spec.commandLine(), List.of(experiment), variants);
        RunSettings settings = cpus.applyTo(scale.applyTo(Overrides.none(), spec.commandLine()), spec.commandLine())
                .resolve(experiment, Runtime.getRuntime().availableProcessors());
        if (!(factor >= 1 && factor <= 100)) {
            throw new ParameterException(spec.commandLine(), "--factor must be between 1 and 100, not " + factor);
        }
        if (lengthInD < 1 || lengthInD > 1000) {
            throw new ParameterException(spec.commandLine(), "--length must be between 1 and 1000 D, not " + lengthInD);
        }
        List<Variant> chosen = variants.isEmpty()
                ? experiment.variants()
                : experiment.variants().stream()
                        .filter(variant -> variants.contains(variant.name()))
                        .toList();
        LabHome home = LabHome.locate();
        Path logs = Files.createDirectories(home.root().resolve("results").resolve("overload"));
        List<OverloadTrial.Result> results = new OverloadTrial(home, JavaRuntime.current(), new TerminalProgress())
                .run(experiment, chosen, factor, lengthInD, settings, logs);
        System.out.printf(
                Locale.ROOT,
                "%n%-30s %9s %9s %7s %7s  %-28s %8s %7s  %s%n",
                "variant",
                "capacity",
                "offered",
                "sent",
                "answered",
                "failed",
                "heap MB",
                "threads",
                "after");
        for (OverloadTrial.Result result : results) {
            System.out.printf(
                    Locale.ROOT,
                    "%-30s %7.0f/s %7.0f/s %7d %7d  %-28s %8.0f %7d  %s%n",
                    result.variant(),
                    result.capacityPerSecond(),
                    result.offeredPerSecond(),
                    result.sent(),
                    result.answered(),
                    result.failedByKind().isEmpty()
                            ? "0"
                            : result.failedByKind().toString(),
                    result.peakHeapMb(),
                    result.peakThreads(),
                    result.notStarted().isPresent()
                            ? "DID NOT START"
                            : !result.alive()
                                    ? "DOWN"
                                    : result.recovery()
                                            .map(recovery -> String.format(
                                                    Locale.ROOT,
                                                    "lone request %.2f D, %.1f D after",
                                                    recovery.loneLatencyInD(),
                                                    recovery.afterInD()))
                                            .orElse("NOT RECOVERED"));
        }
        System.out.println("\nLogs: " + logs);
        return results.stream().allMatch(OverloadTrial.Result::passed) ? 0 : 1;
    }
}
