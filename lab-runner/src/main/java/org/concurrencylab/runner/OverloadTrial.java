package org.concurrencylab.runner;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.catalog.model.CapacityModel;
import org.concurrencylab.driver.ClosedLoopDriver;
import org.concurrencylab.driver.ClosedModel;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.OpenLoopDriver;
import org.concurrencylab.driver.OpenModel;
import org.concurrencylab.driver.Outcome;
import org.concurrencylab.driver.Progress;
import org.concurrencylab.probe.model.ProbeReport;
import org.concurrencylab.probe.model.ProbeSample;
import org.concurrencylab.results.Sizing;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.runner.component.SharedComponents;
import org.concurrencylab.runner.environment.RunEnvironment;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.concurrencylab.runner.process.ProbeClient;
import org.concurrencylab.runner.process.ServiceStartException;

/**
 * The lab on itself: each variant served and offered a multiple of its capacity for a bounded time,
 * to show that it stays up, that its memory stays bounded, and how soon a lone request is answered
 * within 1.5 D again. Capacity is the variant's Little's-law bound for the experiment's heaviest
 * step; the overload is an open load at {@code factor} times it, each request on a new connection, so
 * that a service that slows down cannot slow the arrivals (the driver's own cap on requests in flight
 * bounds what it holds, and counts what it could not send).
 */
public final class OverloadTrial {

    /** How long after the overload the lab keeps asking, one request at a time, before it calls the variant not recovered. */
    static final int RECOVERY_D = 400;

    /**
     * @param capacityPerSecond the variant's Little's-law bound for the heaviest step, as run
     * @param offeredPerSecond  the overload's arrival rate
     * @param failedByKind      what failed during the overload, by kind
     * @param peakHeapMb        the most heap the probe saw in use during the overload
     * @param peakThreads       the most live threads it saw
     * @param alive             whether the service's process was still up afterwards
     * @param recovery          when a lone request was first answered within 1.5 D after the overload;
     *                          empty when none was within {@link #RECOVERY_D}, or the service was down
     * @param notStarted        why the variant did not start, when it did not (every figure is then 0)
     */
    public record Result(
            String variant,
            double capacityPerSecond,
            double offeredPerSecond,
            long sent,
            long answered,
            Map<String, Long> failedByKind,
            double peakHeapMb,
            int peakThreads,
            boolean alive,
            Optional<Recovery> recovery,
            Optional<String> notStarted) {

        public Result {
            failedByKind = Collections.unmodifiableMap(new TreeMap<>(failedByKind));
        }

        /** A variant that never started: nothing was offered, nothing measured. */
        static Result notStarted(String variant, String why) {
            return new Builder(variant).notStarted(why).build();
        }

        /** A variant's trial, to be filled in by name; what is not set stays 0, empty or not alive. */
        static Builder custom(String variant) {
            return new Builder(variant);
        }

        public boolean passed() {
            return alive && recovery.isPresent();
        }

        /** Sets a trial's figures by name: what was offered, what the service did, whether it recovered. */
        static final class Builder {
            private final String variant;
            private double capacityPerSecond;
            private double offeredPerSecond;
            private long sent;
            private long answered;
            private Map<String, Long> failedByKind = Map.of();
            private double peakHeapMb;
            private int peakThreads;
            private boolean alive;
            private Optional<Recovery> recovery = Optional.empty();
            private Optional<String> notStarted = Optional.empty();

            private Builder(String variant) {
                this.variant = variant;
            }

            /** The variant's capacity and the overload offered to it. */
            Builder offered(double capacityPerSecond, double offeredPerSecond) {
                this.capacityPerSecond = capacityPerSecond;
                this.offeredPerSecond = offeredPerSecond;
                return this;
            }

            /** What the driver sent, what was answered, and what failed by kind. */
            Builder outcome(long sent, long answered, Map<String, Long> failedByKind) {
                this.sent = sent;
                this.answered = answered;
                this.failedByKind = failedByKind;
                return this;
            }

            /** The most heap and live threads the probe saw during the overload. */
            Builder peaks(double heapMb, int threads) {
                this.peakHeapMb = heapMb;
                this.peakThreads = threads;
                return this;
            }

            Builder alive(boolean alive) {
                this.alive = alive;
                return this;
            }

            Builder recovery(Optional<Recovery> recovery) {
                this.recovery = recovery;
                return this;
            }

            Builder notStarted(String why) {
                this.notStarted = Optional.of(why);
                return this;
            }

            Result build() {
                Objects.requireNonNull(variant, "variant");
                Objects.requireNonNull(failedByKind, variant + ": failures by kind");
                if (sent < 0 || answered < 0 || answered > sent) {
                    throw new IllegalStateException(
                            variant + ": a trial answers at most what it sent, " + answered + " of " + sent);
                }
                return new Result(
                        variant,
                        capacityPerSecond,
                        offeredPerSecond,
                        sent,
                        answered,
                        failedByKind,
                        peakHeapMb,
                        peakThreads,
                        alive,
                        recovery,
                        notStarted);
            }
        }
    }

    /**
     * @param afterInD       how long after the overload ended the lone request was answered, in D
     * @param loneLatencyInD that request's latency, in D
     */
    public record Recovery(double afterInD, double loneLatencyInD) {}

    private final JavaRuntime java;
    private final LabHome home;
    private final RunProgress progress;

    public OverloadTrial(LabHome home, JavaRuntime java, RunProgress progress) {
        this.java = java;
        this.home = home;
        this.progress = progress;
    }

    /**
     * @param lengthInD how long the overload lasts, in D
     * @param logs      where the services' logs go
     */
    public List<Result> run(
            Experiment experiment,
            List<Variant> variants,
            double factor,
            int lengthInD,
            RunSettings settings,
            Path logs)
            throws IOException, InterruptedException {
        Scaled scaled = settings.scaled();
        // an overload arrives as an open load of new connections, whatever the article's client was
        RunEnvironment environment =
                new RunEnvironment(home, java, settings.withConnections(Connections.NEW_PER_REQUEST), progress);
        Duration d = scaled.of(experiment.downstreamLatency());
        LoadStep heaviest = experiment.steps().getLast();
        List<Result> results = new ArrayList<>();
        try (SharedComponents shared = SharedComponents.start(experiment, environment, logs)) {
            if (shared.failure().isPresent()) {
                throw new IOException(shared.failure().get());
            }
            for (Variant variant : variants) {
                progress.phase(variant.name(), "starting");
                try (RunningVariant running = RunningVariant.start(
                        environment, experiment, variant, logs.resolve(variant.name() + ".log"), shared, 0)) {
                    ProbeClient probe = running.entry().probe();
                    Sizing sizing = Sizing.of(probe.readNow().sizing()).with(running.chainSizing());
                    CapacityModel.Bound bound = variant.capacity()
                            .bound(
                                    heaviest,
                                    Connections.NEW_PER_REQUEST,
                                    experiment.downstreamLatency(),
                                    sizing,
                                    environment.cpusFor(variant));
                    double capacity = scaled.rate(bound.throughputPerSecond());
                    double offered = factor * capacity;
                    URI target = running.targets(experiment.path()).getFirst();
                    progress.phase(
                            variant.name(),
                            String.format(
                                    Locale.ROOT,
                                    "overload: %.0f/s for %d D (capacity %.0f/s)",
                                    offered,
                                    lengthInD,
                                    capacity));
                    long start = System.currentTimeMillis();
                    LoadResult load = new OpenLoopDriver()
                            .run(
                                    target,
                                    new OpenModel(
                                            offered,
                                            d.multipliedBy(lengthInD),
                                            scaled.of(experiment.requestTimeout()),
                                            Connections.NEW_PER_REQUEST),
                                    Progress.NONE);
                    ProbeReport after = probe.readSince(start);
                    boolean alive = running.entry().process().isAlive();
                    Optional<Recovery> recovery = alive ? recover(target, d) : Optional.empty();
                    Map<String, Long> failed = new TreeMap<>();
                    load.failuresByKind().forEach((kind, count) -> failed.put(kind.name(), count));
                    results.add(Result.custom(variant.name())
                            .offered(capacity, offered)
                            .outcome(load.sent(), load.ok(), failed)
                            .peaks(
                                    after.samples().stream()
                                                    .mapToLong(ProbeSample::heapUsedBytes)
                                                    .max()
                                                    .orElse(0)
                                            / 1e6,
                                    after.samples().stream()
                                            .mapToInt(ProbeSample::liveThreads)
                                            .max()
                                            .orElse(0))
                            .alive(running.entry().process().isAlive())
                            .recovery(recovery)
                            .build());
                    progress.note(variant.name() + ": " + describe(results.getLast()));
                } catch (ServiceStartException e) {
                    progress.note(variant.name() + " did not start: " + e.getMessage());
                    results.add(Result.notStarted(variant.name(), e.getMessage()));
                }
            }
        }
        return results;
    }

    /**
     * Lone requests, one after another, until one is answered within 1.5 D: when that happened after
     * the overload ended, in D, and its latency in D; empty if none was within {@link #RECOVERY_D}.
     */
    private static Optional<Recovery> recover(URI target, Duration d) throws InterruptedException {
        ClosedLoopDriver driver = new ClosedLoopDriver();
        long start = System.nanoTime();
        double dNanos = d.toNanos();
        while (System.nanoTime() - start < RECOVERY_D * dNanos) {
            LoadResult lone = driver.run(
                    target, ClosedModel.custom(1, d.multipliedBy(RECOVERY_D)).build(), Progress.NONE);
            if (!lone.requests().isEmpty() && lone.requests().getFirst().outcome() == Outcome.OK) {
                double latency = lone.requests().getFirst().latencyNanos() / dNanos;
                if (latency <= 1.5) {
                    return Optional.of(new Recovery((System.nanoTime() - start) / dNanos - latency, latency));
                }
            }
        }
        return Optional.empty();
    }

    static String describe(Result result) {
        return String.format(
                Locale.ROOT,
                "%s, peak heap %.0f MB, %d threads, %s",
                result.alive() ? "stayed up" : "DID NOT STAY UP",
                result.peakHeapMb(),
                result.peakThreads(),
                result.recovery()
                        .map(recovery -> String.format(
                                Locale.ROOT,
                                "a lone request answered in %.2f D, %.1f D after the overload",
                                recovery.loneLatencyInD(),
                                recovery.afterInD()))
                        .orElse("no lone request within 1.5 D for " + RECOVERY_D + " D"));
    }
}
