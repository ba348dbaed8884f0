package org.concurrencylab.catalog;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.concurrencylab.catalog.load.Autoscaling;
import org.concurrencylab.catalog.load.RequestPaths;
import org.concurrencylab.catalog.model.CapacityModel;
import org.concurrencylab.results.step.SeedFigure;

/**
 * One configuration of an experiment's system, run in its own JVM.
 *
 * @param properties the Spring properties that select stack, server, pool sizes and handler
 * @param capacity   what caps its concurrency, for the Little's-law bound
 * @param seed       the article's figures by load step label; empty for modern variants
 * @param cpus       which processor count its JVM is told
 * @param instances  how many JVMs of the entry service run side by side, the load spread over them
 *                   round robin (a scaled-out deployment behind a balancer)
 * @param requestTimeout how long the load's client (the article's gateway) waits for an answer in front of this
 *                   variant, where it is not the experiment's: a sweep of that timeout declares a variant per value
 * @param autoscaling what starts more instances of the entry service while the load runs; empty for a fixed count
 * @param paths      the paths its load sends, each in its share, where not the experiment's one path
 * @param threadsAfterLoad whether its threads are sampled a rest after its last answer, for a claim that reads
 *                   what its pools kept
 */
public record Variant(
        String name,
        String summary,
        Origin origin,
        Map<String, String> properties,
        CapacityModel capacity,
        Map<String, SeedFigure> seed,
        Cpus cpus,
        int instances,
        Optional<Duration> requestTimeout,
        Optional<Autoscaling> autoscaling,
        Optional<RequestPaths> paths,
        boolean threadsAfterLoad) {

    public Variant {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a variant needs its name");
        }
        Objects.requireNonNull(origin, name + ": origin");
        Objects.requireNonNull(capacity, name + ": capacity, for the Little's-law bound");
        Objects.requireNonNull(cpus, name + ": cpus");
        // in their declared order: the command line a service starts with, and the report, keep it
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        seed = Collections.unmodifiableMap(new LinkedHashMap<>(seed));
        if (instances < 1) {
            throw new IllegalArgumentException(name + ": a variant runs at least one instance");
        }
        Objects.requireNonNull(requestTimeout, name + ": requestTimeout");
        Objects.requireNonNull(autoscaling, name + ": autoscaling");
        Objects.requireNonNull(paths, name + ": paths");
        if (autoscaling.isPresent() && instances >= autoscaling.get().maxInstances()) {
            throw new IllegalArgumentException(
                    name + ": starts " + instances + " instances, its autoscaler's most; it could not scale out");
        }
        if (requestTimeout.isPresent() && !requestTimeout.get().isPositive()) {
            throw new IllegalArgumentException(
                    name + ": a request timeout is longer than nothing; " + requestTimeout.get() + " is not");
        }
    }

    /** The client's timeout in front of this variant: its own, else the experiment's. */
    public Duration requestTimeoutIn(Experiment experiment) {
        return requestTimeout.orElse(experiment.requestTimeout());
    }

    /** A builder holding everything this variant declares, to change a part of it. */
    public Builder toBuilder() {
        return toBuilder(name);
    }

    /** A builder holding everything this variant declares under another name: a variant derived from it. */
    public Builder toBuilder(String name) {
        return custom(name, summary)
                .origin(origin)
                .properties(properties)
                .capacity(capacity)
                .seed(seed)
                .cpus(cpus)
                .instances(instances)
                .requestTimeout(requestTimeout.orElse(null))
                .autoscaling(autoscaling.orElse(null))
                .paths(paths.orElse(null))
                .threadsAfterLoad(threadsAfterLoad);
    }

    /** A variant of this name, in the words a report uses; its origin and capacity are required, the rest has defaults. */
    public static Builder custom(String name, String summary) {
        return new Builder(name, summary);
    }

    public enum Cpus {
        /** The run's {@code --cpus}, else the experiment's default (the article's machine). */
        OF_THE_RUN,
        /** Always this machine's own count: the variant exists to show the sizing it gets here. */
        OF_THIS_MACHINE
    }

    /** Builds a {@link Variant}: no properties, no seed figures, the run's CPUs and one instance unless said. */
    public static final class Builder {
        private final String name;
        private final String summary;
        private Origin origin;
        private Map<String, String> properties = Map.of();
        private CapacityModel capacity;
        private Map<String, SeedFigure> seed = Map.of();
        private Cpus cpus = Cpus.OF_THE_RUN;
        private int instances = 1;
        private Duration requestTimeout;
        private Autoscaling autoscaling;
        private RequestPaths paths;
        private boolean threadsAfterLoad;

        private Builder(String name, String summary) {
            this.name = name;
            this.summary = summary;
        }

        /** Whether an article ran it ({@link Origin#SEED}), or the lab adds it. */
        public Builder origin(Origin origin) {
            this.origin = origin;
            return this;
        }

        public Builder properties(Map<String, String> properties) {
            this.properties = properties;
            return this;
        }

        public Builder capacity(CapacityModel capacity) {
            this.capacity = capacity;
            return this;
        }

        /** The article's figures by load step label: never a measurement. */
        public Builder seed(Map<String, SeedFigure> seed) {
            this.seed = seed;
            return this;
        }

        public Builder cpus(Cpus cpus) {
            this.cpus = cpus;
            return this;
        }

        public Builder instances(int instances) {
            this.instances = instances;
            return this;
        }

        /** The load's client waits this long for an answer in front of this variant; null for the experiment's timeout. */
        public Builder requestTimeout(Duration requestTimeout) {
            this.requestTimeout = requestTimeout;
            return this;
        }

        /** An autoscaler that starts more instances of the entry service while the load runs, from {@link #instances}. */
        public Builder autoscaling(Autoscaling autoscaling) {
            this.autoscaling = autoscaling;
            return this;
        }

        /** The paths its load sends, each in its share; null for the experiment's one path. */
        public Builder paths(RequestPaths paths) {
            this.paths = paths;
            return this;
        }

        /**
         * Whether the runner samples its threads after a rest of {@code Defaults.REST_AFTER_LOAD_IN_D} D
         * past its last step's last answer: the threads its pools kept once the traffic was gone, which a
         * claim reads. The rest is time measuring nothing else, so only a variant a claim reads it of rests.
         */
        public Builder threadsAfterLoad(boolean threadsAfterLoad) {
            this.threadsAfterLoad = threadsAfterLoad;
            return this;
        }

        /** {@link #threadsAfterLoad(boolean)}: the threads it kept a rest after its last answer are sampled. */
        public Builder threadsAfterLoad() {
            return threadsAfterLoad(true);
        }

        public Variant build() {
            return new Variant(
                    name,
                    summary,
                    origin,
                    properties,
                    capacity,
                    seed,
                    cpus,
                    instances,
                    Optional.ofNullable(requestTimeout),
                    Optional.ofNullable(autoscaling),
                    Optional.ofNullable(paths),
                    threadsAfterLoad);
        }
    }
}
