package org.concurrencylab.catalog;

import java.time.Duration;
import java.util.List;
import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.VariantResult;

/**
 * What the claims of one experiment read: the measured steps by variant and load, and D as it ran.
 * Asking for a variant that did not run (not chosen, or failed) makes the claim not applicable.
 */
public final class Measurements {

    /** Thrown when a claim needs a measurement this run does not have. */
    public static final class Missing extends RuntimeException {
        public Missing(String message) {
            super(message, null, false, false);
        }
    }

    private final List<VariantResult> variants;
    private final Duration serviceTime;
    private final int machineCpus;

    public Measurements(List<VariantResult> variants, Duration serviceTime, int machineCpus) {
        this.variants = variants;
        this.serviceTime = serviceTime;
        this.machineCpus = machineCpus;
    }

    /** The processors of the machine the lab ran on, as the JVM of the lab saw them. */
    public int machineCpus() {
        return machineCpus;
    }

    /** The variants that ran and did not fail. */
    public List<VariantResult> variants() {
        return variants.stream().filter(VariantResult::ok).toList();
    }

    public VariantResult variant(String name) {
        return variants.stream()
                .filter(variant -> variant.name().equals(name))
                .findFirst()
                .filter(VariantResult::ok)
                .orElseThrow(() -> new Missing("needs variant " + name + ", which did not run (not chosen, or failed)"));
    }

    /**
     * The step of a variant. A step another engine drove comes without what only the lab's probe measures
     * (threads, the service's own counters, the machine): a claim that reads them fails on the missing
     * part, and {@link Claim#evaluate} makes that "not applicable" rather than reading zeros as figures.
     */
    public StepResult step(String variant, String load) {
        StepResult step = variant(variant).steps().stream()
                .filter(candidate -> candidate.load().equals(load))
                .findFirst()
                .orElseThrow(() -> new Missing("needs load " + load + " on " + variant + ", which did not run"));
        return step.probed() ? step : clientFiguresOnly(step);
    }

    /** Whether some step here was driven by another engine, with only the client's figures. */
    public boolean anyUnprobed() {
        return variants.stream().flatMap(variant -> variant.steps().stream()).anyMatch(step -> !step.probed());
    }

    private static StepResult clientFiguresOnly(StepResult step) {
        return StepResult.from(step).withoutProbe().build();
    }

    /** The downstream simulator at its slowest over every step of the run, and its most threads. */
    public record DownstreamPeak(double meanMillis, String where, int peakLiveThreads) {
    }

    public DownstreamPeak slowestDownstream() {
        DownstreamPeak peak = null;
        int threads = 0;
        for (VariantResult variant : variants()) {
            for (StepResult step : variant.steps()) {
                if (step.downstream() == null) {
                    continue;
                }
                threads = Math.max(threads, step.downstream().peakLiveThreads());
                if (peak == null || step.downstream().meanMillis() > peak.meanMillis()) {
                    peak = new DownstreamPeak(step.downstream().meanMillis(), variant.name() + " " + step.load(), 0);
                }
            }
        }
        if (peak == null) {
            throw new Missing("needs a step that measured the downstream: its variants did not run");
        }
        return new DownstreamPeak(peak.meanMillis(), peak.where(), threads);
    }

    /** Throughput in requests per D: the article's TPS when D is its 1 s, whatever the scale. */
    public double perD(StepResult step) {
        return step.throughputPerSecond() * seconds();
    }

    /** A latency in units of D: the article's seconds when D is its 1 s. */
    public double inD(double millis) {
        return millis / (seconds() * 1000);
    }

    public double seconds() {
        return serviceTime.toNanos() / 1e9;
    }
}
