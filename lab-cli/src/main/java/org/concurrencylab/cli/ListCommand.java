package org.concurrencylab.cli;

import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Variant;
import picocli.CommandLine.Command;

@Command(name = "list", description = "List the experiments and their variants.")
final class ListCommand implements Runnable {

    @Override
    public void run() {
        for (Experiment experiment : Catalog.experiments()) {
            System.out.printf("%s  (after \"%s\")%n  %s%n", experiment.name(), experiment.title(), experiment.summary());
            for (Variant variant : experiment.variants()) {
                System.out.printf("    %-32s %-7s %s%n", variant.name(), variant.origin().label(), variant.summary());
            }
            System.out.println();
        }
    }
}
