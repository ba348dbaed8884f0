package org.concurrencylab.results.step;

import org.concurrencylab.results.usage.Autoscaled;
import org.concurrencylab.results.usage.DatabaseUsage;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.PoolOccupancy;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.Threads;

/**
 * One load step against one variant. Built with {@link #custom(String)}, or from another with
 * {@link #from(StepResult)}; the canonical constructor is for the results file's reader.
 *
 * @param load                        the step's name, e.g. {@code 100x10} (users x repetitions)
 * @param littlesLawPerSecond         throughput the variant's concurrency limit allows, by Little's law
 * @param littlesLawModel             how that bound was derived, in words
 * @param machineLittlesLawPerSecond  the same bound for this machine's own CPU count
 * @param meanInFlight                requests in flight on average, measured from the client
 * @param seed                        the article's figure for this step, or null; never a measurement
 * @param arrivals                    how an open load's schedule was kept; null for a closed load
 * @param timeline                    the step over time, in bins of one article second
 * @param downstream                  what the service called during the step: the downstream simulator, or
 *                                    the next service of a chain; null when there is none
 * @param machine                     every process's CPU, the bound this machine's CPU allows, and whether
 *                                    the step was clean or machine-bound; null in results written before it
 * @param requestLog                  the per-request CSV, relative to the results directory
 * @param database                    the database during the step; null when the experiment has none
 * @param profile                     where the service's CPU went during the step; null where the experiment
 *                                    does not profile its service (its probe's sampler costs CPU)
 * @param services                    each service of the variant by its own meters, per article second: the
 *                                    entry service and its chain; empty in results written before them
 * @param pools                       pools that count their own members (Tomcat's workers, HikariCP), by the
 *                                    probe's name for them; empty where the service exposes none
 * @param byRequest                   each request of a step that sent several, by itself; empty where it sent one
 * @param autoscaled                  what the variant's autoscaler read and did; null where it has none
 */
public record StepResult(
        String load,
        LoadPlan plan,
        Requests requests,
        double throughputPerSecond,
        LatencyMillis latencyMillis,
        double elapsedSeconds,
        double meanInFlight,
        double littlesLawPerSecond,
        String littlesLawModel,
        double machineLittlesLawPerSecond,
        Threads threads,
        ProcessUsage process,
        Arrivals arrivals,
        Timeline timeline,
        DownstreamUsage downstream,
        MachineUsage machine,
        SeedFigure seed,
        String requestLog,
        DatabaseUsage database,
        ServiceProfile profile,
        java.util.List<ServiceTimeline> services,
        java.util.Map<String, PoolOccupancy> pools,
        java.util.List<RequestShare> byRequest,
        Autoscaled autoscaled) {

    public StepResult {
        byRequest = byRequest == null ? java.util.List.of() : java.util.List.copyOf(byRequest);
        services = services == null ? java.util.List.of() : java.util.List.copyOf(services);
        pools = pools == null
                ? java.util.Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(pools));
    }

    /**
     * Whether the lab's probe watched the services during this step: not so for a load another engine
     * drove, whose statistics were imported; then only the client's figures are the step's.
     */
    public boolean probed() {
        return plan == null || plan.byTheLab();
    }

    /**
     * The most requests the step's load could have in flight at once: a closed step's users, each sending one
     * at a time; {@link Integer#MAX_VALUE} for an open step (or one without a plan), whose arrivals do not wait.
     */
    public int usersAtOnce() {
        return plan != null && plan.users() != null && plan.ratePerSecond() == null ? plan.users() : Integer.MAX_VALUE;
    }

    /** Whether this machine's CPU, or a JIT still compiling, decided the step's figures. */
    public boolean machineBound() {
        return machine != null && machine.machineBound();
    }

    /** A step of the given load, to be filled in; the requests and the latency are required. */
    public static Builder custom(String load) {
        return new Builder(load);
    }

    /** A builder holding every figure of the given step, to change some of them. */
    public static Builder from(StepResult step) {
        Builder builder = new Builder(step.load);
        builder.plan = step.plan;
        builder.requests = step.requests;
        builder.throughputPerSecond = step.throughputPerSecond;
        builder.latencyMillis = step.latencyMillis;
        builder.elapsedSeconds = step.elapsedSeconds;
        builder.meanInFlight = step.meanInFlight;
        builder.littlesLawPerSecond = step.littlesLawPerSecond;
        builder.littlesLawModel = step.littlesLawModel;
        builder.machineLittlesLawPerSecond = step.machineLittlesLawPerSecond;
        builder.threads = step.threads;
        builder.process = step.process;
        builder.arrivals = step.arrivals;
        builder.timeline = step.timeline;
        builder.downstream = step.downstream;
        builder.machine = step.machine;
        builder.seed = step.seed;
        builder.requestLog = step.requestLog;
        builder.database = step.database;
        builder.profile = step.profile;
        builder.services = step.services;
        builder.pools = step.pools;
        builder.byRequest = step.byRequest;
        builder.autoscaled = step.autoscaled;
        return builder;
    }

    /**
     * Sets a step's figures by name. What the client measured (requests, throughput, latency, time) is
     * the step; what the probe, the machine and the chain add may stay unset (null) where they were not
     * watched, as for a load another engine drove.
     */
    public static final class Builder {
        private final String load;
        private LoadPlan plan;
        private Requests requests;
        private double throughputPerSecond;
        private LatencyMillis latencyMillis;
        private double elapsedSeconds;
        private double meanInFlight;
        private double littlesLawPerSecond;
        private String littlesLawModel;
        private double machineLittlesLawPerSecond;
        private Threads threads;
        private ProcessUsage process;
        private Arrivals arrivals;
        private Timeline timeline;
        private DownstreamUsage downstream;
        private MachineUsage machine;
        private SeedFigure seed;
        private String requestLog;
        private DatabaseUsage database;
        private ServiceProfile profile;
        private java.util.List<ServiceTimeline> services = java.util.List.of();
        private java.util.Map<String, PoolOccupancy> pools = java.util.Map.of();
        private java.util.List<RequestShare> byRequest = java.util.List.of();
        private Autoscaled autoscaled;

        private Builder(String load) {
            this.load = load;
        }

        public Builder plan(LoadPlan plan) {
            this.plan = plan;
            return this;
        }

        /** What the client sent and got: counts, throughput, latency of the answered, and how long it took. */
        public Builder client(
                Requests requests,
                double throughputPerSecond,
                LatencyMillis latencyMillis,
                double elapsedSeconds,
                double meanInFlight) {
            this.requests = requests;
            this.throughputPerSecond = throughputPerSecond;
            this.latencyMillis = latencyMillis;
            this.elapsedSeconds = elapsedSeconds;
            this.meanInFlight = meanInFlight;
            return this;
        }

        public Builder requests(Requests requests) {
            this.requests = requests;
            return this;
        }

        /** The variant's bound by Little's law, how it was derived, and the same bound for this machine's CPUs. */
        public Builder littlesLaw(double perSecond, String model, double forMachineCpusPerSecond) {
            this.littlesLawPerSecond = perSecond;
            this.littlesLawModel = model;
            this.machineLittlesLawPerSecond = forMachineCpusPerSecond;
            return this;
        }

        public Builder threads(Threads threads) {
            this.threads = threads;
            return this;
        }

        public Builder process(ProcessUsage process) {
            this.process = process;
            return this;
        }

        public Builder arrivals(Arrivals arrivals) {
            this.arrivals = arrivals;
            return this;
        }

        public Builder timeline(Timeline timeline) {
            this.timeline = timeline;
            return this;
        }

        public Builder downstream(DownstreamUsage downstream) {
            this.downstream = downstream;
            return this;
        }

        public Builder machine(MachineUsage machine) {
            this.machine = machine;
            return this;
        }

        public Builder seed(SeedFigure seed) {
            this.seed = seed;
            return this;
        }

        public Builder requestLog(String requestLog) {
            this.requestLog = requestLog;
            return this;
        }

        public Builder database(DatabaseUsage database) {
            this.database = database;
            return this;
        }

        public Builder profile(ServiceProfile profile) {
            this.profile = profile;
            return this;
        }

        public Builder services(java.util.List<ServiceTimeline> services) {
            this.services = services;
            return this;
        }

        public Builder pools(java.util.Map<String, PoolOccupancy> pools) {
            this.pools = pools;
            return this;
        }

        public Builder byRequest(java.util.List<RequestShare> byRequest) {
            this.byRequest = byRequest;
            return this;
        }

        public Builder autoscaled(Autoscaled autoscaled) {
            this.autoscaled = autoscaled;
            return this;
        }

        /** Keeps only what the client measured: the step as another engine would have reported it. */
        public Builder withoutProbe() {
            threads = null;
            process = null;
            downstream = null;
            machine = null;
            database = null;
            profile = null;
            services = java.util.List.of();
            pools = java.util.Map.of();
            return this;
        }

        /** @throws IllegalStateException when a figure every step has is missing or impossible */
        public StepResult build() {
            if (load == null || load.isBlank()) {
                throw new IllegalStateException("a step needs its load's name");
            }
            if (requests == null || latencyMillis == null) {
                throw new IllegalStateException("step " + load + " needs the client's requests and latency");
            }
            if (throughputPerSecond < 0 || elapsedSeconds < 0 || meanInFlight < 0) {
                throw new IllegalStateException("step " + load + ": throughput " + throughputPerSecond + "/s, "
                        + elapsedSeconds + " s and " + meanInFlight + " in flight cannot be negative");
            }
            return new StepResult(
                    load,
                    plan,
                    requests,
                    throughputPerSecond,
                    latencyMillis,
                    elapsedSeconds,
                    meanInFlight,
                    littlesLawPerSecond,
                    littlesLawModel,
                    machineLittlesLawPerSecond,
                    threads,
                    process,
                    arrivals,
                    timeline,
                    downstream,
                    machine,
                    seed,
                    requestLog,
                    database,
                    profile,
                    services,
                    pools,
                    byRequest,
                    autoscaled);
        }
    }
}
