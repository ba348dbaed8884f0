package org.concurrencylab.results.step;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import org.concurrencylab.results.interval.Interval;
import org.concurrencylab.results.usage.Autoscaled;
import org.concurrencylab.results.usage.DatabaseUsage;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.PoolOccupancy;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.Threads;

/**
 * One load step against one variant, in three parts by who measured them: what the load's client saw, what
 * the services and their pools did, and what the machine did; beside them what was planned and expected (the
 * plan, the Little's-law bound, the article's figure). Built with {@link #custom(String)}, or from another
 * with {@link #from(StepResult)}; the canonical constructor is for the results file's reader.
 *
 * <p>In results.json the parts are not nested: their fields stand beside {@code load}, under the names the
 * file has always had (see docs/results-schema.md, whose stable names are never renamed).
 *
 * @param load    the step's name, e.g. {@code 100x10} (users x repetitions)
 * @param plan    the load as it was planned; null in results written before it
 * @param client  what the client saw: requests, throughput, latency, timeline
 * @param bound   the throughput the variant's concurrency limit allows, by Little's law
 * @param service what the services and their pools did; its figures null where the probe did not watch
 * @param machine every process's CPU, the bound this machine's CPU allows, and whether the step was clean or
 *                machine-bound; null where the probe did not watch, and in results written before it
 * @param seed    the article's figure for this step, or null; never a measurement
 */
public record StepResult(
        String load,
        LoadPlan plan,
        @JsonUnwrapped ClientFigures client,
        @JsonUnwrapped LittlesLawBound bound,
        @JsonUnwrapped ServiceUsage service,
        MachineUsage machine,
        SeedFigure seed) {

    public StepResult {
        Objects.requireNonNull(client, "a step's client figures");
        bound = bound == null ? LittlesLawBound.NONE : bound;
        service = service == null ? ServiceUsage.UNWATCHED : service;
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
        ClientFigures client = step.client;
        ServiceUsage service = step.service;
        builder.plan = step.plan;
        builder.requests = client.requests();
        builder.throughputPerSecond = client.throughputPerSecond();
        builder.latencyMillis = client.latencyMillis();
        builder.elapsedSeconds = client.elapsedSeconds();
        builder.meanInFlight = client.meanInFlight();
        builder.arrivals = client.arrivals();
        builder.timeline = client.timeline();
        builder.requestLog = client.requestLog();
        builder.byRequest = client.byRequest();
        builder.throughputPerSecondInterval = client.throughputPerSecondInterval();
        builder.throughputSpreadWithinForks = client.throughputSpreadWithinForks();
        builder.littlesLawPerSecond = step.bound.littlesLawPerSecond();
        builder.littlesLawModel = step.bound.littlesLawModel();
        builder.machineLittlesLawPerSecond = step.bound.machineLittlesLawPerSecond();
        builder.threads = service.threads();
        builder.process = service.process();
        builder.pools = service.pools();
        builder.services = service.services();
        builder.downstream = service.downstream();
        builder.database = service.database();
        builder.profile = service.profile();
        builder.autoscaled = service.autoscaled();
        builder.machine = step.machine;
        builder.seed = step.seed;
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
        private List<ServiceTimeline> services = List.of();
        private Map<String, PoolOccupancy> pools = Map.of();
        private List<RequestShare> byRequest = List.of();
        private Autoscaled autoscaled;
        private Interval throughputPerSecondInterval;
        private OptionalDouble throughputSpreadWithinForks = OptionalDouble.empty();

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

        /**
         * The throughput's interval over a variant's forks, and how far it moved from one second to the next within
         * them; null and empty for one fork.
         */
        public Builder acrossForks(Interval throughputPerSecondInterval, OptionalDouble throughputSpreadWithinForks) {
            this.throughputPerSecondInterval = throughputPerSecondInterval;
            this.throughputSpreadWithinForks = throughputSpreadWithinForks;
            return this;
        }

        public Builder latencyMillis(LatencyMillis latencyMillis) {
            this.latencyMillis = latencyMillis;
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

        public Builder services(List<ServiceTimeline> services) {
            this.services = services;
            return this;
        }

        public Builder pools(Map<String, PoolOccupancy> pools) {
            this.pools = pools;
            return this;
        }

        public Builder byRequest(List<RequestShare> byRequest) {
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
            services = List.of();
            pools = Map.of();
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
                    new ClientFigures(
                            requests,
                            throughputPerSecond,
                            latencyMillis,
                            elapsedSeconds,
                            meanInFlight,
                            arrivals,
                            timeline,
                            requestLog,
                            byRequest,
                            throughputPerSecondInterval,
                            throughputSpreadWithinForks),
                    new LittlesLawBound(littlesLawPerSecond, littlesLawModel, machineLittlesLawPerSecond),
                    new ServiceUsage(threads, process, pools, services, downstream, database, profile, autoscaled),
                    machine,
                    seed);
        }
    }
}
