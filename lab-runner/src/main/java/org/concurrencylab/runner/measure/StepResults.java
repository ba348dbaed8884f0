package org.concurrencylab.runner.measure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.catalog.model.CapacityModel;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.Outcome;
import org.concurrencylab.probe.model.CpuProfile;
import org.concurrencylab.probe.model.PinsSince;
import org.concurrencylab.probe.model.ProbeReport;
import org.concurrencylab.probe.model.ProbeSample;
import org.concurrencylab.probe.model.ProcessCounters;
import org.concurrencylab.probe.model.TimerTotals;
import org.concurrencylab.results.Sizing;
import org.concurrencylab.results.step.Arrivals;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.ServiceProfile;
import org.concurrencylab.results.step.ServiceTimeline;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.DatabaseUsage;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.ThreadSample;
import org.concurrencylab.results.usage.Threads;
import org.concurrencylab.runner.machine.MachineCpu;

/** Turns what the driver and the probe measured during one step into its result record. */
public final class StepResults {

    private StepResults() {}

    /**
     * What a step was declared and run as, built by name ({@link #custom}).
     *
     * @param articleD      D as the article had it: capacity models work in the article's units
     * @param dIsMeasured   D is a request's time measured alone, its CPU included (a study's R0), rather than a
     *                      wait declared without any CPU (an experiment's simulated downstream)
     * @param cpus          what the service's JVM was told it has
     * @param machineCpus   what this machine has
     * @param requestLog    the step's per-request file, relative to the results folder
     */
    public record Context(
            Variant variant,
            LoadStep step,
            Connections connections,
            Duration articleD,
            boolean dIsMeasured,
            Scaled scaled,
            Duration requestTimeout,
            int cpus,
            int machineCpus,
            Sizing sizing,
            String requestLog) {

        /** The context of {@code step} of {@code variant}: at S = 1, a declared D, the rest to be set. */
        public static Builder custom(Variant variant, LoadStep step) {
            return new Builder(variant, step);
        }

        /** Builds a {@link Context} by name. */
        public static final class Builder {
            private final Variant variant;
            private final LoadStep step;
            private Connections connections;
            private Duration articleD;
            private boolean dIsMeasured;
            private Scaled scaled = new Scaled(1);
            private Duration requestTimeout;
            private int cpus;
            private int machineCpus;
            private Sizing sizing = Sizing.NONE;
            private String requestLog;

            private Builder(Variant variant, LoadStep step) {
                this.variant = variant;
                this.step = step;
            }

            public Builder connections(Connections connections) {
                this.connections = connections;
                return this;
            }

            /** D as declared: a simulated downstream's wait, in the article's time. */
            public Builder declaredD(Duration articleD) {
                this.articleD = articleD;
                this.dIsMeasured = false;
                return this;
            }

            /** D as measured: a request's time alone, its CPU included (a study's R0). */
            public Builder measuredD(Duration aloneTime) {
                this.articleD = aloneTime;
                this.dIsMeasured = true;
                return this;
            }

            public Builder scaled(Scaled scaled) {
                this.scaled = scaled;
                return this;
            }

            public Builder requestTimeout(Duration requestTimeout) {
                this.requestTimeout = requestTimeout;
                return this;
            }

            /** What the service's JVM was told it has, and what this machine has. */
            public Builder cpus(int cpus, int machineCpus) {
                this.cpus = cpus;
                this.machineCpus = machineCpus;
                return this;
            }

            public Builder sizing(Map<String, ?> sizing) {
                this.sizing = Sizing.of(sizing);
                return this;
            }

            public Builder requestLog(String requestLog) {
                this.requestLog = requestLog;
                return this;
            }

            public Context build() {
                Objects.requireNonNull(variant, "variant");
                Objects.requireNonNull(step, variant.name() + ": step");
                Objects.requireNonNull(connections, variant.name() + ": connections");
                Objects.requireNonNull(articleD, variant.name() + ": D, declared or measured");
                Objects.requireNonNull(requestTimeout, variant.name() + ": request timeout");
                if (cpus < 1 || machineCpus < 1) {
                    throw new IllegalStateException(variant.name() + ": a step runs on 1 CPU or more");
                }
                return new Context(
                        variant,
                        step,
                        connections,
                        articleD,
                        dIsMeasured,
                        scaled,
                        requestTimeout,
                        cpus,
                        machineCpus,
                        sizing,
                        requestLog);
            }
        }
    }

    /** What the service's probe read around a step: before it, after it, and after the rest that followed (or null). */
    public record ProbeReadings(ProbeReport before, ProbeReport after, ProbeSample rested) {}

    /** What the machine's CPU counters read around a step, the processes' background in quiet, and its cores. */
    public record MachineReadings(
            MachineCpu.Reading before, MachineCpu.Reading after, MachineCpu.Background background, int cores) {}

    /**
     * What the services beside the entry one did during the step: the one it calls, by its own timers; the database;
     * each service's timeline. Null or empty where there is none.
     */
    public record Neighbours(DownstreamUsage downstream, DatabaseUsage database, List<ServiceTimeline> services) {}

    public static StepResult of(
            Context context, LoadResult load, ProbeReadings probe, MachineReadings machineReadings, Neighbours beside) {
        ProbeReport before = probe.before();
        ProbeReport after = probe.after();
        CapacityModel.Bound bound = bound(context);
        CapacityModel.Bound machineBound = context.variant()
                .capacity()
                .boundForCpus(context.step(), context.connections(), context.articleD(), context.machineCpus());
        List<ProbeSample> samples = after.samples().stream()
                .filter(sample -> sample.epochMillis() <= load.endEpochMillis())
                .toList();
        ProcessUsage process = usage(samples, before.counters(), after.counters(), after.pins());
        MachineUsage machine = MachineAccount.of(context, bound, load, process, machineReadings, beside.downstream());
        return StepResult.custom(context.step().label())
                .plan(context.scaled().plan(context.step(), context.requestTimeout(), context.connections()))
                .client(
                        requests(load),
                        load.throughputPerSecond(),
                        latency(load.okLatencyMicros()),
                        load.elapsedSeconds(),
                        load.meanInFlight())
                .littlesLaw(
                        context.scaled().rate(bound.throughputPerSecond()),
                        bound.explanation(),
                        context.scaled().rate(machineBound.throughputPerSecond()))
                .threads(threads(
                        samples,
                        load.startEpochMillis(),
                        newestBefore(before, load.startEpochMillis()),
                        probe.rested()))
                .process(process)
                .arrivals(
                        context.step() instanceof LoadStep.Open open
                                ? arrivals(load, context.scaled().rate(open.ratePerSecond()))
                                : null)
                .timeline(Timelines.of(load, samples, context.scaled()))
                .downstream(beside.downstream())
                .machine(machine)
                .seed(context.variant().seed().get(context.step().label()))
                .requestLog(context.requestLog())
                .database(beside.database())
                .profile(profile(after.profile()))
                .services(beside.services())
                .pools(PoolOccupancies.of(samples))
                .build();
    }

    static CapacityModel.Bound bound(Context context) {
        return context.variant()
                .capacity()
                .bound(context.step(), context.connections(), context.articleD(), context.sizing(), context.cpus());
    }

    /** Methods every request of a servlet service goes through, whatever it does: the trunk of every flame graph. */
    private static final List<String> TRUNK = List.of(
            "java.",
            "jdk.",
            "sun.",
            "com.sun.",
            "org.apache.catalina.",
            "org.apache.coyote.",
            "org.apache.tomcat.",
            "jakarta.servlet.",
            "javax.servlet.",
            "org.springframework.web.filter.",
            "org.springframework.web.servlet.FrameworkServlet.",
            "org.springframework.web.servlet.DispatcherServlet.",
            "org.springframework.web.servlet.HandlerExecutionChain.",
            "io.micrometer.",
            "io.netty.",
            "reactor.");

    static ServiceProfile profile(CpuProfile profile) {
        if (profile == null || profile.stacks() == 0) {
            return null; // the service ran without a profiler, or nothing in it computed
        }
        return new ServiceProfile(
                profile.stacks(),
                kept(profile.frames(), profile.stacks()),
                kept(profile.leaves(), profile.stacks()),
                profile.jvmStacks());
    }

    private static Map<String, Double> kept(Map<String, Integer> counts, int stacks) {
        Map<String, Double> shares = new TreeMap<>();
        counts.forEach((frame, count) -> {
            double share = count / (double) stacks;
            if (share >= ServiceProfile.KEPT_FROM && TRUNK.stream().noneMatch(frame::startsWith)) {
                shares.put(frame, share);
            }
        });
        return shares;
    }

    private static Arrivals arrivals(LoadResult load, double scheduledPerSecond) {
        Histogram lateness = load.sendLatenessMicros();
        return new Arrivals(
                scheduledPerSecond,
                load.achievedSendRatePerSecond(),
                lateness.getValueAtPercentile(50) / 1000.0,
                lateness.getValueAtPercentile(99) / 1000.0,
                lateness.getMaxValue() / 1000.0,
                load.failuresByKind().getOrDefault(Outcome.NOT_SENT, 0L));
    }

    static Requests requests(LoadResult load) {
        Map<String, Long> byKind = new TreeMap<>();
        for (Map.Entry<Outcome, Long> entry : load.failuresByKind().entrySet()) {
            byKind.put(entry.getKey().name(), entry.getValue());
        }
        return new Requests(load.sent(), load.ok(), load.failed(), byKind);
    }

    static LatencyMillis latency(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return new LatencyMillis(0, 0, 0, 0, 0, 0);
        }
        return new LatencyMillis(
                micros.getMean() / 1000,
                at(micros, 50),
                at(micros, 90),
                at(micros, 95),
                at(micros, 99),
                micros.getMaxValue() / 1000.0);
    }

    private static double at(Histogram micros, double percentile) {
        return micros.getValueAtPercentile(percentile) / 1000.0;
    }

    private static ProbeSample newestBefore(ProbeReport before, long startEpochMillis) {
        return before.samples().stream()
                .filter(sample -> sample.epochMillis() < startEpochMillis)
                .reduce((older, newer) -> newer)
                .orElse(null);
    }

    private static ThreadSample threadSample(ProbeSample sample, long startEpochMillis) {
        Map<String, Integer> live = new TreeMap<>();
        Map<String, Integer> runnable = new TreeMap<>();
        sample.pools().forEach((pool, counts) -> {
            live.put(pool, counts.live());
            runnable.put(pool, counts.runnable());
        });
        return new ThreadSample(
                sample.epochMillis() - startEpochMillis,
                sample.liveThreads(),
                live,
                runnable,
                sample.virtualMounted(),
                sample.heapUsedBytes());
    }

    private static Threads threads(
            List<ProbeSample> samples, long startEpochMillis, ProbeSample before, ProbeSample after) {
        int peakLive = 0;
        Map<String, Integer> peakByPool = new TreeMap<>();
        List<ThreadSample> series = new ArrayList<>();
        for (ProbeSample sample : samples) {
            peakLive = Math.max(peakLive, sample.liveThreads());
            sample.pools().forEach((pool, counts) -> peakByPool.merge(pool, counts.live(), Math::max));
            series.add(threadSample(sample, startEpochMillis));
        }
        int stackSamples = (int) samples.stream()
                .filter(sample -> !sample.activities().isEmpty())
                .count();
        return new Threads(
                peakLive,
                peakByPool,
                series,
                stackSamples,
                activityByPool(samples, stackSamples),
                before == null ? null : threadSample(before, startEpochMillis),
                after == null ? null : threadSample(after, startEpochMillis));
    }

    /** The mean number of threads per pool and activity over the samples that read stacks. */
    private static Map<String, Map<String, Double>> activityByPool(List<ProbeSample> samples, int count) {
        Map<String, Map<String, Double>> means = new TreeMap<>();
        for (ProbeSample sample : samples) {
            sample.activities()
                    .forEach((pool, byActivity) -> byActivity.forEach(
                            (activity, threads) -> means.computeIfAbsent(pool, any -> new TreeMap<>())
                                    .merge(activity, (double) threads / count, Double::sum)));
        }
        return means;
    }

    /**
     * @param pins the pins that ended during the step, where the probe counts them by when they ended; else the
     *             pins counter's difference, which takes a pin in whichever read came after JFR handed it over
     */
    private static ProcessUsage usage(
            List<ProbeSample> samples, ProcessCounters before, ProcessCounters after, PinsSince pins) {
        long heapPeak =
                samples.stream().mapToLong(ProbeSample::heapUsedBytes).max().orElse(after.heapUsedBytes());
        TimerTotals served = after.servedSince(before);
        return ProcessUsage.custom()
                .cpuSeconds((after.processCpuNanos() - before.processCpuNanos()) / 1e9)
                .heapPeakBytes(heapPeak)
                .voluntaryContextSwitches(
                        ProcessCounters.since(before.voluntaryContextSwitches(), after.voluntaryContextSwitches()))
                .involuntaryContextSwitches(
                        ProcessCounters.since(before.involuntaryContextSwitches(), after.involuntaryContextSwitches()))
                .jitCpuSeconds(jitCpuSeconds(before, after))
                .serverRequests(served.count())
                .serverMeanMillis(served.meanMillis().orElse(0))
                .virtualThreadPins(
                        pins != null && after.virtualThreadPins().isPresent()
                                ? OptionalLong.of(pins.ended())
                                : ProcessCounters.since(before.virtualThreadPins(), after.virtualThreadPins()))
                .build();
    }

    private static OptionalDouble jitCpuSeconds(ProcessCounters before, ProcessCounters after) {
        OptionalLong nanos = ProcessCounters.since(before.jitCpuNanos(), after.jitCpuNanos());
        return nanos.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(nanos.getAsLong() / 1e9);
    }
}
