package org.concurrencylab.catalog;

import java.util.List;
import java.util.Optional;

/** The experiments the lab knows, in the order {@code ./lab list} and {@code ./lab run all} use. */
public final class Catalog {

    private static final List<Experiment> EXPERIMENTS = List.of(
            BlockingIoExperiment.create(),
            FanOutExperiment.create(),
            ServletAsyncExperiment.create(),
            CpuBoundExperiment.create(),
            LegacyChainExperiment.create());

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
