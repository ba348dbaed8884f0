package org.concurrencylab.catalog;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The experiments the lab knows, in the order {@code ./lab list} and {@code ./lab run all} use: every
 * {@link ExperimentDeclaration} on the class path, in the order its services file lists them.
 */
public final class Catalog {

    private static final List<Experiment> EXPERIMENTS =
            ServiceLoader.load(ExperimentDeclaration.class, Catalog.class.getClassLoader()).stream()
                    .map(provider -> provider.get().declare())
                    .toList();

    private Catalog() {}

    public static List<Experiment> experiments() {
        return EXPERIMENTS;
    }

    public static Optional<Experiment> experiment(String name) {
        return EXPERIMENTS.stream()
                .filter(experiment -> experiment.name().equals(name))
                .findFirst();
    }

    public static List<String> names() {
        return EXPERIMENTS.stream().map(Experiment::name).toList();
    }
}
