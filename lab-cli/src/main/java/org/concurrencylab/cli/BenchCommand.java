package org.concurrencylab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.cli.option.Choices;
import org.concurrencylab.cli.option.OutOption;
import org.concurrencylab.cli.terminal.TerminalProgress;
import org.concurrencylab.report.section.FidelitySummary;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.runner.LabRunner;
import org.concurrencylab.runner.RunOptions;
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
        name = "bench",
        description = {
            "Run experiments several times in a row at their defaults and print how steady they are: per step the share "
                    + "of its bound and the p95 in D (min, median, max), per claim how many runs agreed.",
            "Or, with --summarize, print the same for runs already on disk."
        })
final class BenchCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "EXPERIMENT", description = "Experiment names, or all (default: all).")
    private List<String> experiments = List.of();

    @Option(
            names = "--runs",
            paramLabel = "N",
            defaultValue = "3",
            description = "How many runs in a row (default: ${DEFAULT-VALUE}).")
    private int runs;

    @Option(
            names = "--summarize",
            arity = "1..*",
            paramLabel = "DIR",
            description = "Summarize these results/<run> directories instead of running.")
    private List<Path> summarize = List.of();

    /** results/&lt;run&gt; of each run goes in it. */
    @Mixin
    private OutOption out;

    @Override
    public Integer call() throws Exception {
        List<RunResult> results = new ArrayList<>();
        if (!summarize.isEmpty()) {
            for (Path directory : summarize) {
                if (!Files.isRegularFile(directory.resolve(ResultsJson.FILE_NAME))) {
                    throw new ParameterException(
                            spec.commandLine(), "no " + ResultsJson.FILE_NAME + " in " + directory);
                }
                try {
                    results.add(ResultsJson.read(directory));
                } catch (IOException e) {
                    throw new ParameterException(spec.commandLine(), e.getMessage());
                }
            }
        } else {
            if (runs < 1 || runs > 100) {
                throw new ParameterException(spec.commandLine(), "--runs must be between 1 and 100, not " + runs);
            }
            List<Experiment> chosen =
                    Choices.experiments(spec.commandLine(), experiments.isEmpty() ? List.of("all") : experiments);
            LabHome home = LabHome.locate();
            RunOptions options = RunOptions.defaults(
                    out.directory(spec.commandLine(), home.root().resolve("results")));
            for (int run = 1; run <= runs; run++) {
                System.out.printf("bench: run %d of %d%n", run, runs);
                LabRunner.CompletedRun completed =
                        new LabRunner(home, JavaRuntime.current(), new TerminalProgress()).run(chosen, options);
                System.out.printf("%nbench: run %d written to %s%n", run, completed.directory());
                results.add(completed.result());
            }
        }
        System.out.println();
        System.out.print(FidelitySummary.render(results));
        return 0;
    }
}
