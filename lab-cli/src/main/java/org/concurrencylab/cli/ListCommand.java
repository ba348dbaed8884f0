package org.concurrencylab.cli;

import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Variant;
import picocli.CommandLine.Command;

@Command(name = "list", description = "List the experiments and their variants.")
final class ListCommand implements Runnable {

    @Override
    public void run() {
        // one column for every experiment's variant names, as wide as the longest
        int nameWidth = Catalog.experiments().stream().flatMap(experiment -> experiment.variantNames().stream())
                .mapToInt(String::length).max().orElse(1);
        for (Experiment experiment : Catalog.experiments()) {
            System.out.printf("%s  (after \"%s\")%n  %s%n  default scale %s, services see %s, warm-up %d users for %d D,"
                            + " connections %s, service JIT %s%n",
                    experiment.name(), experiment.title(), experiment.summary(), experiment.defaultScale(),
                    experiment.defaultCpus().isPresent() ? experiment.defaultCpus().getAsInt() + " CPUs" : "this machine's CPUs",
                    experiment.warmUp().users(), experiment.warmUp().lengthInD(), experiment.connections().label(),
                    experiment.jit().label());
            for (Variant variant : experiment.variants()) {
                System.out.printf("    %-" + nameWidth + "s %-8s %s%n", variant.name(), variant.origin().label(), variant.summary());
            }
            experiment.sweeps().forEach(sweep -> System.out.printf("  sweep %s: %s on %s at %s (./lab sweep %s)%n", sweep.id(),
                    sweep.knob(), sweep.variant(), sweep.load(), experiment.name()));
            System.out.println();
        }
    }
}
