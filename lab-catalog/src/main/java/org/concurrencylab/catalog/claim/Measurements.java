package org.concurrencylab.catalog.claim;

import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.RequestShare;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.ThreadSample;

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

    /**
     * Thrown when a claim names a variant or load its experiment does not declare: a typo in the
     * declaration, never a state of the run, so it is not the "not applicable" of {@link Missing}.
     */
    public static final class UnknownReference extends IllegalStateException {
        public UnknownReference(String message) {
            super(message);
        }
    }

    /** The figure, where the run measured it; else the claim is not applicable: {@code needs} says what it lacks. */
    public static double known(OptionalDouble figure, String needs) {
        return figure.orElseThrow(() -> new Missing("needs " + needs));
    }

    /** The count, where the run measured it; else the claim is not applicable: {@code needs} says what it lacks. */
    public static long known(OptionalLong count, String needs) {
        return count.orElseThrow(() -> new Missing("needs " + needs));
    }

    private final List<VariantResult> variants;
    private final Duration serviceTime;
    private final int machineCpus;
    private final MachineShape machine;
    /** The names every lookup is checked against; null where none are given (hand-made measurements). */
    private final DeclaredNames declared;

    public Measurements(List<VariantResult> variants, Duration serviceTime, int machineCpus) {
        this(variants, serviceTime, machineCpus, MachineShape.ofThreads(machineCpus), null);
    }

    private Measurements(
            List<VariantResult> variants,
            Duration serviceTime,
            int machineCpus,
            MachineShape machine,
            DeclaredNames declared) {
        this.variants = variants;
        this.serviceTime = serviceTime;
        this.machineCpus = machineCpus;
        this.machine = machine;
        this.declared = declared;
    }

    /** What a run of an experiment measured; a claim naming a variant or load it does not declare throws {@link UnknownReference}. */
    public static Measurements of(
            DeclaredNames experiment, List<VariantResult> variants, Duration serviceTime, int machineCpus) {
        return new Measurements(variants, serviceTime, machineCpus, MachineShape.ofThreads(machineCpus), experiment);
    }

    /** The same measurements, taken on a machine of this shape (its cores known). */
    public Measurements on(MachineShape machine) {
        return new Measurements(variants, serviceTime, machineCpus, machine, declared);
    }

    /**
     * A run of an experiment in which nothing ran: every claim's first reference is a variant or load
     * that is either declared (and so {@link Missing}) or not ({@link UnknownReference}). The experiment
     * checks its claims on it when it is built.
     */
    public static Measurements nothingRanOf(DeclaredNames experiment, Duration serviceTime) {
        return new Measurements(List.of(), serviceTime, 1, MachineShape.ofThreads(1), experiment);
    }

    /** The processors of the machine the lab ran on, as the JVM of the lab saw them. */
    public int machineCpus() {
        return machineCpus;
    }

    /** The machine's hardware threads and, where known, its cores. */
    public MachineShape machine() {
        return machine;
    }

    /** The variants that ran and did not fail. */
    public List<VariantResult> variants() {
        return variants.stream().filter(VariantResult::ok).toList();
    }

    public VariantResult variant(String name) {
        if (declared != null && !declared.declaresVariant(name)) {
            throw new UnknownReference("names variant '" + name + "', which " + declared.name() + " does not declare");
        }
        return variants.stream()
                .filter(variant -> variant.name().equals(name))
                .findFirst()
                .filter(VariantResult::ok)
                .orElseThrow(
                        () -> new Missing("needs variant " + name + ", which did not run (not chosen, or failed)"));
    }

    /**
     * The step of a variant as the lab measured it, with what its probe saw in the services (threads,
     * the services' own counters, the machine). A step another engine drove has none of that: asking
     * for it is {@link Missing}, so a claim that needs the probe is not applicable there rather than
     * reading nulls or zeros as figures. A claim that needs only the client's figures asks for
     * {@link #clientStep} instead.
     */
    public StepResult step(String variant, String load) {
        StepResult step = anyStep(variant, load);
        if (!step.probed()) {
            throw new Missing("needs what the lab's probe measures in the services, and the load of " + variant + " "
                    + load + " came from " + step.plan().driver()
                    + ", whose statistics hold only the client's figures");
        }
        return step;
    }

    /**
     * A step whoever drove its load, for a claim decided on the client's figures (requests, throughput,
     * latency, the plan and the bound). Where the lab drove it, the probe's figures are there too, and
     * the machine's judgement with them; where another engine did, they are null, so such a claim reads
     * them only after {@link StepResult#probed()} (CatalogOnImportedLoadsTest holds every claim to that).
     */
    public StepResult clientStep(String variant, String load) {
        StepResult step = anyStep(variant, load);
        return step.probed() ? step : clientFiguresOnly(step);
    }

    private StepResult anyStep(String variant, String load) {
        if (declared != null && !declared.declaresLoad(load)) {
            throw new UnknownReference("names load '" + load + "', which " + declared.name() + " does not declare");
        }
        return variant(variant).steps().stream()
                .filter(candidate -> candidate.load().equals(load))
                .findFirst()
                .orElseThrow(() -> new Missing("needs load " + load + " on " + variant + ", which did not run"));
    }

    private static StepResult clientFiguresOnly(StepResult step) {
        return StepResult.from(step).withoutProbe().build();
    }

    /** The downstream simulator at its slowest over every step of the run, and its most threads. */
    public record DownstreamPeak(double meanMillis, String where, int peakLiveThreads) {}

    public DownstreamPeak slowestDownstream() {
        DownstreamPeak peak = null;
        int threads = 0;
        for (VariantResult variant : variants()) {
            for (StepResult step : variant.steps()) {
                if (step.service().downstream() == null) {
                    continue;
                }
                threads = Math.max(threads, step.service().downstream().peakLiveThreads());
                if (peak == null || step.service().downstream().meanMillis() > peak.meanMillis()) {
                    peak = new DownstreamPeak(
                            step.service().downstream().meanMillis(), variant.name() + " " + step.load(), 0);
                }
            }
        }
        if (peak == null) {
            throw new Missing("needs a step that measured the downstream: its variants did not run");
        }
        return new DownstreamPeak(peak.meanMillis(), peak.where(), threads);
    }

    /**
     * The requests the service itself finished per second over the step, by its own server timers: its rate,
     * whatever the client had given up on. Empty where the lab did not drive the step or the timers counted none.
     */
    public static OptionalDouble servedPerSecond(StepResult step) {
        return step.probed()
                        && step.service().process() != null
                        && step.service().process().serverRequests() > 0
                ? OptionalDouble.of(step.service().process().serverRequests()
                        / step.client().elapsedSeconds())
                : OptionalDouble.empty();
    }

    /**
     * The figures of the requests {@code step} sent to {@code path}, where its load sent several paths; the
     * claim cannot be decided without them.
     */
    public static RequestShare sentTo(StepResult step, String path) {
        return step.client().byRequest().stream()
                .filter(share -> share.request().equals("GET " + path))
                .findFirst()
                .orElseThrow(() -> new Missing(step.load() + " has no figures of its own for GET " + path));
    }

    /** The requests in flight on average by Little's law: the step's throughput times its mean latency (X x W). */
    public static double inFlight(StepResult step) {
        return step.client().throughputPerSecond()
                * step.client().latencyMillis().mean()
                / 1000;
    }

    /** Throughput in requests per D: the article's TPS when D is its 1 s, whatever the scale. */
    public double perD(StepResult step) {
        return step.client().throughputPerSecond() * seconds();
    }

    /** A latency in units of D: the article's seconds when D is its 1 s. */
    public double inD(double millis) {
        return millis / (seconds() * 1000);
    }

    public double seconds() {
        return serviceTime.toNanos() / 1e9;
    }

    /**
     * The threads a step's variant kept after its last step's rest; {@link Missing} where none was sampled. A
     * variant that does not declare the sample ({@code Variant.Builder.threadsAfterLoad()}) is never rested,
     * so reading it there is a claim's error, thrown as {@link UnknownReference}.
     */
    public ThreadSample afterLoad(StepResult step) {
        if (declared != null) {
            variants.stream()
                    .filter(variant -> variant.steps().stream().anyMatch(own -> own == step))
                    .map(VariantResult::name)
                    .filter(name -> !declared.samplesThreadsAfterLoad(name))
                    .findFirst()
                    .ifPresent(name -> {
                        throw new UnknownReference(declared.name() + ": a claim reads the threads " + name
                                + " kept after its load, which it does not sample: declare it with threadsAfterLoad()");
                    });
        }
        if (step.service().threads() == null || step.service().threads().afterLoad() == null) {
            throw new Missing("needs the threads after the load's rest, which results written before it lack");
        }
        return step.service().threads().afterLoad();
    }

    /** The threads when a step's load came; {@link Missing} where none was sampled. */
    public ThreadSample beforeLoad(StepResult step) {
        if (step.service().threads() == null || step.service().threads().beforeLoad() == null) {
            throw new Missing("needs the threads before the load, which results written before it lack");
        }
        return step.service().threads().beforeLoad();
    }
}
