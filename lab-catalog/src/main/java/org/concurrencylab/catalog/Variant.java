package org.concurrencylab.catalog;

import java.util.Map;
import org.concurrencylab.results.SeedFigure;

/**
 * One configuration of an experiment's system, run in its own JVM.
 *
 * @param properties the Spring properties that select stack, server, pool sizes and handler
 * @param capacity   what caps its concurrency, for the Little's-law bound
 * @param seed       the article's figures by load step label; empty for modern variants
 * @param cpus       which processor count its JVM is told
 * @param instances  how many JVMs of the entry service run side by side, the load spread over them
 *                   round robin (a scaled-out deployment behind a balancer)
 */
public record Variant(String name, String summary, Origin origin, Map<String, String> properties,
                      CapacityModel capacity, Map<String, SeedFigure> seed, Cpus cpus, int instances) {

    public Variant {
        if (instances < 1) {
            throw new IllegalArgumentException(name + ": a variant runs at least one instance");
        }
    }

    public Variant(String name, String summary, Origin origin, Map<String, String> properties,
                   CapacityModel capacity, Map<String, SeedFigure> seed, Cpus cpus) {
        this(name, summary, origin, properties, capacity, seed, cpus, 1);
    }

    public enum Cpus {
        /** The run's {@code --cpus}, else the experiment's default (the article's machine). */
        OF_THE_RUN,
        /** Always this machine's own count: the variant exists to show the sizing it gets here. */
        OF_THIS_MACHINE
    }

    public Variant(String name, String summary, Origin origin, Map<String, String> properties,
                   CapacityModel capacity, Map<String, SeedFigure> seed) {
        this(name, summary, origin, properties, capacity, seed, Cpus.OF_THE_RUN);
    }
}
