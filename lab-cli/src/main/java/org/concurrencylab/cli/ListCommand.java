package org.concurrencylab.cli;

import java.io.PrintWriter;
import java.util.List;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.cli.listing.ClaimsListing;
import org.concurrencylab.cli.option.Choices;
import org.concurrencylab.cli.terminal.StandardOutput;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "list",
        description = {
            "List the experiments and their variants.",
            "With --claims: every claim a run checks: its id, the article's own figure, and what the run's figures are held "
                    + "to; on a terminal a line each for these, otherwise (or with --one-line) one line a claim."
        })
final class ListCommand implements Runnable {

    @Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--claims",
            description =
                    "List the claims instead: id, the article's figure, the threshold it is checked at, and where measured,"
                            + " how far its figures moved from run to run here.")
    private boolean claims;

    @Option(
            names = "--one-line",
            description =
                    "With --claims: one line a claim, beginning with its id, as when the output is not a terminal.")
    private boolean oneLine;

    @Parameters(arity = "0..*", paramLabel = "EXPERIMENT", description = "Only these experiments (default: all).")
    private List<String> names = List.of();

    @Override
    public void run() {
        List<Experiment> experiments =
                names.isEmpty() ? Catalog.experiments() : Choices.experiments(spec.commandLine(), names);
        PrintWriter out = spec.commandLine().getOut();
        if (claims) {
            // the launcher says whether standard output is a terminal; a pipe or a file gets a line a claim, for grep
            boolean terminal = !oneLine && StandardOutput.isTerminal();
            experiments.forEach(experiment -> ClaimsListing.print(out, experiment, terminal));
        } else {
            experiments.forEach(experiment -> printVariants(out, experiment, nameWidth(experiments)));
        }
        out.flush();
    }

    /** One column for every experiment's variant names, as wide as the longest. */
    private static int nameWidth(List<Experiment> experiments) {
        return experiments.stream()
                .flatMap(experiment -> experiment.variantNames().stream())
                .mapToInt(String::length)
                .max()
                .orElse(1);
    }

    private static void printVariants(PrintWriter out, Experiment experiment, int nameWidth) {
        out.printf(
                "%s  (after \"%s\")%n  %s%n  default scale %s, services see %s, warm-up %d users until steady, at most %d D,"
                        + " connections %s, service JIT %s%n",
                experiment.name(),
                experiment.title(),
                experiment.summary(),
                experiment.defaultScale(),
                experiment.defaultCpus().isPresent()
                        ? experiment.defaultCpus().getAsInt() + " CPUs"
                        : "this machine's CPUs",
                experiment.warmUp().users(),
                experiment.warmUp().lengthInD(),
                experiment.connections().label(),
                experiment.jit().label());
        for (Variant variant : experiment.variants()) {
            out.printf(
                    "    %-" + nameWidth + "s %-8s %s%n",
                    variant.name(),
                    variant.origin().label(),
                    variant.summary());
        }
        experiment
                .sweeps()
                .forEach(sweep -> out.printf(
                        "  sweep %s: %s on %s at %s (./lab sweep %s)%n",
                        sweep.id(),
                        sweep.knob(),
                        sweep.variant(),
                        sweep.ownLoad().isPresent() ? sweep.load() + ", a load of its own" : sweep.load(),
                        experiment.name()));
        out.println();
    }
}
