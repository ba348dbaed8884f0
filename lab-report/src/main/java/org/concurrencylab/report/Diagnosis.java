package org.concurrencylab.report;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.VariantResult;

/**
 * Names the bottleneck of each saturated variant in one sentence, computed from the probe's stack
 * samples, never written per variant: the pool whose threads were all taken by requests, and what
 * the other pools' threads were doing meanwhile. A step is saturated when requests failed, when an
 * open load's arrivals outran the answers, or when its mean latency is more than 1.5 times the same
 * variant's at the experiment's first, lightest load (its requests queued somewhere).
 */
public final class Diagnosis {

    /** One saturated step and what the samples say held it back. */
    public record Finding(String variant, String load, String sentence) {
    }

    /** Threads the JVM, the probe or the servers' own I/O keep whatever the variant: never the bottleneck. */
    private static final Set<String> BACKGROUND = Set.of("jvm", "lab-probe", "other", "tomcat-io", "Cleaner");
    private static final double ALL_BUSY = 0.9;
    private static final List<String> BUSY = List.of("RUNNING_ON_CPU", "SOCKET_READ", "FUTURE_WAIT", "SLEEPING", "LOCK_WAIT");

    private Diagnosis() {
    }

    public static List<Finding> of(ExperimentResult experiment) {
        List<Finding> findings = new ArrayList<>();
        List<String> loads = TerminalReport.loads(experiment);
        for (String load : loads) {
            for (VariantResult variant : experiment.variants()) {
                Optional<StepResult> lightest = step(variant, loads.getFirst()).filter(step -> step.requests().ok() > 0);
                step(variant, load)
                        .filter(step -> saturated(step, load.equals(loads.getFirst()) ? Optional.empty() : lightest))
                        .ifPresent(step -> findings.add(new Finding(variant.name(), load, sentence(step))));
            }
        }
        return findings;
    }

    private static Optional<StepResult> step(VariantResult variant, String load) {
        return variant.steps().stream().filter(step -> step.load().equals(load)).findFirst();
    }

    static boolean saturated(StepResult step, Optional<StepResult> lightest) {
        boolean arrivalsOutran = step.arrivals() != null
                && step.throughputPerSecond() < 0.9 * step.arrivals().achievedPerSecond();
        boolean queued = lightest.isPresent() && step.latencyMillis().mean() > 1.5 * lightest.get().latencyMillis().mean();
        return step.requests().failed() > 0 || arrivalsOutran || queued;
    }

    static String sentence(StepResult step) {
        Map<String, Map<String, Double>> pools = step.threads().activityByPool();
        if (step.threads().stackSamples() == 0 || pools.isEmpty()) {
            return "no stack samples were taken during this step, so the lab cannot say which pool held it back";
        }
        Optional<String> bottleneck = pools.keySet().stream()
                .filter(pool -> !BACKGROUND.contains(pool) && live(pools.get(pool)) >= 0.5
                        && busy(pools.get(pool)) / live(pools.get(pool)) >= ALL_BUSY)
                // a pool whose threads wait on another pool's futures is not where the time goes
                .min(Comparator.comparing((String pool) -> "FUTURE_WAIT".equals(top(pools.get(pool))))
                        .thenComparing(pool -> live(pools.get(pool))));
        StringBuilder sentence = new StringBuilder();
        if (bottleneck.isPresent()) {
            Map<String, Double> threads = pools.get(bottleneck.get());
            sentence.append(format(Locale.ROOT, "%s is the bottleneck: %s of its %s threads were taken by requests (%s)",
                    bottleneck.get(), count(busy(threads)), count(live(threads)), breakdown(threads)));
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
        return sentence.append(format(Locale.ROOT, " (mean over %d stack samples)", step.threads().stackSamples())).toString();
    }

    private static double live(Map<String, Double> threads) {
        return threads.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    private static double busy(Map<String, Double> threads) {
        return BUSY.stream().mapToDouble(activity -> threads.getOrDefault(activity, 0.0)).sum();
    }

    private static String top(Map<String, Double> threads) {
        return threads.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
    }

    private static String breakdown(Map<String, Double> threads) {
        return threads.entrySet().stream()
                .filter(entry -> entry.getValue() >= 0.5)
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .map(entry -> count(entry.getValue()) + " " + describe(entry.getKey()))
                .reduce((a, b) -> a + ", " + b).orElse("none");
    }

    private static String describe(String activity) {
        return switch (activity) {
            case "RUNNING_ON_CPU" -> "running on CPU";
            case "SOCKET_READ" -> "blocked in a socket read";
            case "FUTURE_WAIT" -> "parked on a future";
            case "SLEEPING" -> "sleeping";
            case "LOCK_WAIT" -> "blocked on a lock";
            case "IO_EVENT_WAIT" -> "waiting for I/O events";
            case "IDLE" -> "idle";
            default -> "waiting otherwise";
        };
    }

    private static String count(double mean) {
        return mean >= 10 || Math.abs(mean - Math.rint(mean)) < 0.05 ? Long.toString(Math.round(mean))
                : format(Locale.ROOT, "%.1f", mean);
    }
}
