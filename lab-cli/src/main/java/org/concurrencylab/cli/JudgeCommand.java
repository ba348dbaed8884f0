package org.concurrencylab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.concurrencylab.catalog.JudgedAgain;
import org.concurrencylab.cli.option.Choices;
import org.concurrencylab.results.RunResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "judge",
        description = {
            "Judge an earlier run's claims again by this lab's catalog, on the figures the run kept: what each claim "
                    + "said then and says now, with today's evidence where the verdict changed.",
            "Nothing is measured again and results.json is left as the run wrote it."
        })
final class JudgeCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "A results/<run> directory, or its results.json.")
    private Path directory;

    @Option(names = "--evidence", description = "Print today's evidence for every claim, not only the changed ones.")
    private boolean evidence;

    @Override
    public Integer call() {
        Path file = Choices.resultsFile(spec.commandLine(), directory);
        RunResult run = Choices.results(spec.commandLine(), file);
        JudgedAgain.Judged judged = JudgedAgain.of(run);
        PrintWriter out = spec.commandLine().getOut();
        long changed = 0;
        long claims = 0;
        for (JudgedAgain.JudgedExperiment experiment : judged.experiments()) {
            out.printf("%s  (after \"%s\")%n", experiment.name(), experiment.title());
            int width = experiment.claims().stream()
                    .mapToInt(claim -> claim.now().id().length())
                    .max()
                    .orElse(1);
            for (JudgedAgain.Verdicts claim : experiment.claims()) {
                out.printf(
                        "  %-" + width + "s  %-14s -> %s%s%n",
                        claim.now().id(),
                        claim.then().orElse("(none)"),
                        claim.now().status(),
                        claim.changed() ? "  *" : "");
                if (evidence || claim.changed()) {
                    out.printf("  %" + width + "s  %s%n", "", claim.now().evidence());
                }
            }
            changed += experiment.changed();
            claims += experiment.claims().size();
            out.println();
        }
        for (String skipped : judged.skipped()) {
            out.printf(
                    "%s: not in this lab's catalog (a study, or an experiment since removed): nothing to judge%n",
                    skipped);
        }
        out.printf("%d of %d claims judged differently now (*); %s is unchanged.%n", changed, claims, file);
        return 0;
    }
}
