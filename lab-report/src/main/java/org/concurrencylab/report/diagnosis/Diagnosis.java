package org.concurrencylab.report.diagnosis;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.concurrencylab.probe.model.ThreadActivity;
import org.concurrencylab.report.section.StepTables;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;

/**
 * Names the bottleneck of each saturated variant in one sentence, computed from the probe's stack
 * samples, never written per variant: the pool whose threads were all taken by requests, and what
 * the other pools' threads were doing meanwhile. A step is saturated when requests failed, when an
 * open load's arrivals outran the answers, or when its mean latency is more than 1.5 times the same
 * variant's at the experiment's first, lightest load (its requests queued somewhere).
 */
public final class Diagnosis {

    /** One saturated step and what the samples say held it back. */
    public record Finding(String variant, String load, String sentence) {}

    /** The pools every JVM has, plus Tomcat's own I/O threads, which take no request: never the bottleneck. */
    static final Set<String> BACKGROUND = Stream.concat(StepTables.BACKGROUND_POOLS.stream(), Stream.of("tomcat-io"))
            .collect(Collectors.toUnmodifiableSet());

    private static final double ALL_BUSY = 0.9;

    private Diagnosis() {}

    public static List<Finding> of(ExperimentResult experiment) {
        List<Finding> findings = new ArrayList<>();
        List<Finding> sampledSizes = new ArrayList<>();
        // a study of an application under the lab's agent is answered from its pools' own counts, step by step;
        // an experiment's steps are judged against its capacity model's bound, which the stack samples explain
        for (VariantResult variant : experiment.ofAnApplication() ? experiment.variants() : List.<VariantResult>of()) {
            for (int i = 0; i < variant.steps().size(); i++) {
                int index = i;
                PoolSizing.sentence(variant.steps(), i)
                        .ifPresent(sentence -> findings.add(new Finding(
                                variant.name(), variant.steps().get(index).load(), sentence)));
                PinnedVirtualThreads.sentence(variant.steps(), i)
                        .ifPresent(sentence -> findings.add(new Finding(
                                variant.name(), variant.steps().get(index).load(), sentence)));
                SampledPoolSizing.sentence(variant.steps(), i)
                        .ifPresent(sentence -> sampledSizes.add(new Finding(
                                variant.name(), variant.steps().get(index).load(), sentence)));
            }
        }
        if (!findings.isEmpty()) {
            findings.addAll(sampledSizes);
            return findings;
        }
        List<String> loads = StepTables.loads(experiment);
        for (String load : loads) {
            for (VariantResult variant : experiment.variants()) {
                Optional<StepResult> lightest = step(variant, loads.getFirst())
                        .filter(step -> step.client().requests().ok() > 0);
                step(variant, load)
                        .filter(step -> saturated(step, load.equals(loads.getFirst()) ? Optional.empty() : lightest))
                        .ifPresent(step -> findings.add(new Finding(variant.name(), load, sentence(step))));
            }
        }
        // where its pools count nothing over JMX, what the samples say they held, and the size a load needs
        findings.addAll(sampledSizes);
        return findings;
    }

    private static Optional<StepResult> step(VariantResult variant, String load) {
        return variant.steps().stream().filter(step -> step.load().equals(load)).findFirst();
    }

    static boolean saturated(StepResult step, Optional<StepResult> lightest) {
        boolean arrivalsOutran = step.client().arrivals() != null
                && step.client().throughputPerSecond()
                        < 0.9 * step.client().arrivals().achievedPerSecond();
        boolean queued = lightest.isPresent()
                && step.client().latencyMillis().mean()
                        > 1.5 * lightest.get().client().latencyMillis().mean();
        return step.client().requests().failed() > 0 || arrivalsOutran || queued;
    }

    /** Most of the database's sessions waiting on locks: the requests queue on a row, not on a thread pool. */
    private static final double MOSTLY_WAITING = 0.5;
    /** Cores this idle or less: the machine's CPU, not the system's pools, sets the pace. */
    private static final double NEARLY_NO_IDLE = 0.1;

    static String sentence(StepResult step) {
        return bottleneck(step) + hottest(step);
    }

    /**
     * What the service itself spent its CPU on, whatever held the step back: where a profiler would look next; empty
     * where the step was not profiled or its service barely computed.
     */
    static String hottest(StepResult step) {
        if (step.service().profile() == null
                || step.service().profile().stacks() < HotFrames.ENOUGH_STACKS
                || step.service().profile().hottestSelf(1).isEmpty()) {
            return "";
        }
        return "; the service's own CPU went most to "
                + step.service().profile().hottestSelf(3).stream()
                        .map(frame -> format(
                                Locale.ROOT,
                                "%s (%.0f %% of its on-CPU samples)",
                                HotFrames.shortName(frame.method()),
                                100 * frame.share()))
                        .collect(Collectors.joining(", "));
    }

    private static String bottleneck(StepResult step) {
        if (step.service().database() != null
                && step.service().database().peakOpenSessions() > 0
                && step.service().database().meanWaitingOnLocks()
                        >= MOSTLY_WAITING * step.service().database().peakOpenSessions()) {
            return format(
                    Locale.ROOT,
                    "the database is the bottleneck: %s of its %d connected sessions waited on a lock "
                            + "another transaction held, on average (pg_stat_activity); %.0f transactions committed per second",
                    count(step.service().database().meanWaitingOnLocks()),
                    step.service().database().peakOpenSessions(),
                    step.service().database().commitsPerSecond());
        }
        if (step.machine() != null
                && step.machine().idleShare().isPresent()
                && step.machine().idleShare().getAsDouble() <= NEARLY_NO_IDLE) {
            return format(
                    Locale.ROOT,
                    "this machine's CPU is the bottleneck: its cores were %.0f %% busy",
                    100 * (1 - step.machine().idleShare().getAsDouble()));
        }
        if (!step.probed()) {
            return "the load came from " + step.plan().driver()
                    + ", whose statistics hold no threads, so the lab cannot " + "say which pool held it back";
        }
        Map<String, Map<String, Double>> pools = step.service().threads().activityByPool();
        if (step.service().threads().stackSamples() == 0 || pools.isEmpty()) {
            return "no stack samples were taken during this step, so the lab cannot say which pool held it back";
        }
        Optional<String> bottleneck = pools.keySet().stream()
                .filter(pool -> !BACKGROUND.contains(pool)
                        && live(pools.get(pool)) >= 0.5
                        && busy(pools.get(pool)) / live(pools.get(pool)) >= ALL_BUSY)
                // a pool whose threads wait on another pool's futures is not where the time goes
                .min(Comparator.comparing((String pool) ->
                                ThreadActivity.FUTURE_WAIT.name().equals(top(pools.get(pool))))
                        .thenComparing(pool -> live(pools.get(pool))));
        StringBuilder sentence = new StringBuilder();
        if (bottleneck.isPresent()) {
            Map<String, Double> threads = pools.get(bottleneck.get());
            sentence.append(format(
                    Locale.ROOT,
                    "%s is the bottleneck: %s of its %s threads were taken by requests (%s)",
                    bottleneck.get(),
                    count(busy(threads)),
                    count(live(threads)),
                    breakdown(threads)));
        } else {
            sentence.append("no pool had all its threads taken by requests, so the limit lies outside the thread pools "
                    + "(the CPU, a queue, the client)");
        }
        List<String> others = new ArrayList<>();
        pools.forEach((pool, threads) -> {
            if (!BACKGROUND.contains(pool) && !bottleneck.map(pool::equals).orElse(false) && live(threads) >= 0.5) {
                others.add(pool + ": " + breakdown(threads));
            }
        });
        if (!others.isEmpty()) {
            sentence.append("; meanwhile ").append(String.join("; ", others));
        }
        return sentence.append(format(
                        Locale.ROOT,
                        " (mean over %d stack samples)",
                        step.service().threads().stackSamples()))
                .toString();
    }

    private static double live(Map<String, Double> threads) {
        return threads.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** Threads of a pool taken by a request, on average over the stack samples. */
    static double busy(Map<String, Double> threads) {
        return threads.entrySet().stream()
                .filter(entry ->
                        activity(entry.getKey()).map(ThreadActivity::busy).orElse(false))
                .mapToDouble(Map.Entry::getValue)
                .sum();
    }

    /** Results written by another version of the probe may name an activity this one does not know. */
    private static Optional<ThreadActivity> activity(String name) {
        return Arrays.stream(ThreadActivity.values())
                .filter(activity -> activity.name().equals(name))
                .findFirst();
    }

    private static String top(Map<String, Double> threads) {
        return threads.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey)
                .orElse("");
    }

    private static String breakdown(Map<String, Double> threads) {
        return threads.entrySet().stream()
                .filter(entry -> entry.getValue() >= 0.5)
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .map(entry -> count(entry.getValue()) + " " + describe(entry.getKey()))
                .reduce((a, b) -> a + ", " + b)
                .orElse("none");
    }

    private static String describe(String activity) {
        return activity(activity).map(ThreadActivity::description).orElse(ThreadActivity.OTHER_WAIT.description());
    }

    private static String count(double mean) {
        return mean >= 10 || Math.abs(mean - Math.rint(mean)) < 0.05
                ? Long.toString(Math.round(mean))
                : format(Locale.ROOT, "%.1f", mean);
    }
}
