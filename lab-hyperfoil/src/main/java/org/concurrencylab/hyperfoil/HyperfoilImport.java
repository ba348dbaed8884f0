package org.concurrencylab.hyperfoil;

import static java.lang.String.format;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.ImportedRun;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.catalog.model.CapacityModel;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.Sizing;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;

/**
 * A Hyperfoil run of an exported step, as the lab's results: one experiment, one variant, one step,
 * with the claims evaluated on it, so that {@code ./lab report} and {@code ./lab compare} read load that
 * came from elsewhere. Build one with {@link #of(HyperfoilStats, Experiment, Variant, LoadStep)}; what it
 * does not set is the lab's default: the experiment's scale, client and processor count.
 * <p>
 * Hyperfoil's statistics are the client's figures alone, as summaries: requests by how they ended,
 * the mean, a few percentiles and the longest time, per phase. So the step has no threads, service
 * counters, machine, downstream or profile (the lab's probe measures those inside the services it
 * starts), no per-request log and no time charts; its 95th percentile is interpolated when the export
 * has none (a controller reports 50, 90, 99, 99.9 and 99.99), and the findings say so.
 */
public final class HyperfoilImport {

    /** The engine an imported step names as its driver. */
    public static final String ENGINE = "hyperfoil";

    private final Builder settings;

    private HyperfoilImport(Builder settings) {
        this.settings = settings;
    }

    public static Builder of(HyperfoilStats stats, Experiment experiment, Variant variant, LoadStep step) {
        return new Builder(stats, experiment, variant, step);
    }

    public static final class Builder {
        private final HyperfoilStats stats;
        private final Experiment experiment;
        private final Variant variant;
        private final LoadStep step;
        private RunSettings run;
        private String runId = "hyperfoil-" + Instant.now().toString().replace(':', '-');

        private Builder(HyperfoilStats stats, Experiment experiment, Variant variant, LoadStep step) {
            this.stats = Objects.requireNonNull(stats, "stats");
            this.experiment = Objects.requireNonNull(experiment, "experiment");
            this.variant = Objects.requireNonNull(variant, "variant");
            this.step = Objects.requireNonNull(step, "step");
            if (!experiment.steps().contains(step) || !experiment.variants().contains(variant)) {
                throw new IllegalArgumentException(
                        variant.name() + " " + step.label() + " is not a step of " + experiment.name());
            }
            this.run = RunSettings.of(experiment, Runtime.getRuntime().availableProcessors());
        }

        /** The time scale the benchmark was exported at. */
        public Builder scale(double scale) {
            this.run = run.withScaled(new Scaled(scale));
            return this;
        }

        /**
         * The scale, the client and the processors the target deployment's service had (its pools'
         * default sizes follow from them), as a command resolved them.
         */
        public Builder settings(RunSettings settings) {
            this.run = Objects.requireNonNull(settings, "settings");
            return this;
        }

        public Builder runId(String runId) {
            this.runId = Objects.requireNonNull(runId, "runId");
            return this;
        }

        public RunResult build() {
            return new HyperfoilImport(this).run();
        }
    }

    private RunResult run() {
        StepResult step = step(settings.experiment.downstreamLatency());
        return ImportedRun.of(
                settings.experiment, settings.variant, settings.run, step, "Hyperfoil", findings(), settings.runId);
    }

    private StepResult step(Duration articleD) {
        HyperfoilStats stats = settings.stats;
        CapacityModel.Bound bound = settings.variant
                .capacity()
                .bound(settings.step, settings.run.connections(), articleD, Sizing.NONE, settings.run.cpus());
        Scaled scaled = settings.run.scaled();
        double throughput = stats.throughputPerSecond();
        // Hyperfoil does not count requests in flight: by Little's law from its own throughput and mean
        double inFlight = throughput * stats.times().meanMillis() / 1e3;
        // the deployment's processors stand for "this machine's": the lab did not see the machine the services ran on
        return StepResult.custom(settings.step.label())
                .plan(plan())
                .client(requests(), throughput, latency(), stats.seconds(), inFlight)
                .littlesLaw(
                        scaled.rate(bound.throughputPerSecond()),
                        bound.explanation(),
                        scaled.rate(bound.throughputPerSecond()))
                .timeline(new Timeline(scaled.articleSecond().toNanos() / 1e6, List.of()))
                .seed(settings.variant.seed().get(settings.step.label()))
                .build();
    }

    private LoadPlan plan() {
        Scaled scaled = settings.run.scaled();
        return scaled.plan(settings.step, scaled.of(settings.experiment.requestTimeout()), settings.run.connections())
                .drivenBy(ENGINE);
    }

    /**
     * Hyperfoil's counts in the lab's failure kinds. "Invalid" is every status outside 2xx and 3xx,
     * without saying which: the kind says so rather than guess 4xx or 5xx.
     */
    private Requests requests() {
        HyperfoilStats.Counts counts = settings.stats.counts();
        Map<String, Long> failed = new LinkedHashMap<>();
        put(failed, "TIMEOUT", counts.timeouts());
        put(failed, "CONNECTION_ERROR", counts.connectionErrors());
        put(failed, Requests.INVALID_STATUS, counts.invalid());
        long unaccounted = counts.requests() - counts.responses() - counts.timeouts() - counts.connectionErrors();
        put(failed, "OTHER_ERROR", counts.internalErrors() + Math.max(0, unaccounted));
        long failures = failed.values().stream().mapToLong(Long::longValue).sum();
        return new Requests(counts.ok() + failures, counts.ok(), failures, failed);
    }

    private static void put(Map<String, Long> failed, String kind, long count) {
        if (count > 0) {
            failed.put(kind, count);
        }
    }

    /**
     * The latency of every response, valid or not: Hyperfoil's summary does not keep the valid ones apart,
     * where the lab's own latency is of the successful requests only.
     */
    private LatencyMillis latency() {
        HyperfoilStats.ResponseTimes times = settings.stats.times();
        return new LatencyMillis(
                times.meanMillis(),
                times.percentile(50.0),
                times.percentile(90.0),
                p95(),
                times.percentile(99.0),
                times.maxMillis());
    }

    /** Hyperfoil's own p95 where the export has it; else between p90 and p99, linear in log(1 / (1 - p)). */
    private double p95() {
        HyperfoilStats.ResponseTimes times = settings.stats.times();
        double exported = times.percentile(95.0);
        if (!Double.isNaN(exported)) {
            return exported;
        }
        double p90 = times.percentile(90.0);
        double p99 = times.percentile(99.0);
        double at = Math.log(20.0 / 10.0) / Math.log(100.0 / 10.0);
        return p90 + at * (p99 - p90);
    }

    private List<String> findings() {
        HyperfoilStats stats = settings.stats;
        List<String> findings = new ArrayList<>();
        findings.add(format(
                Locale.ROOT,
                "Hyperfoil drove %s on %s (benchmark %s): %d requests over %.2f s, at S = %s, "
                        + "its statistics imported by the lab. They hold the client's figures only, so the threads, the "
                        + "services' own counters, the machine's CPU and the time charts are not in this result, and the "
                        + "claims that need them are not applicable.",
                settings.step.label(),
                settings.variant.name(),
                stats.name(),
                stats.counts().requests(),
                stats.seconds(),
                settings.run.scaled().scale()));
        if (Double.isNaN(stats.times().percentile(95.0))) {
            findings.add(format(
                    Locale.ROOT,
                    "The 95th percentile (%.1f ms) is interpolated between Hyperfoil's 90th (%.1f ms) "
                            + "and 99th (%.1f ms), which is all the export holds near it.",
                    p95(),
                    stats.times().percentile(90.0),
                    stats.times().percentile(99.0)));
        }
        if (stats.counts().invalid() > 0) {
            findings.add(format(
                    Locale.ROOT,
                    "%d answers had a status outside 2xx and 3xx; their times are in the latency "
                            + "figures, as Hyperfoil's summary does not keep them apart.",
                    stats.counts().invalid()));
        }
        return findings;
    }
}
