package org.concurrencylab.runner.measure;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.concurrencylab.results.TimeBudget;

/**
 * Where a run's wall time goes: the runner says which phase it enters, and for which variant, and the time
 * until the next phase is that one's. Every moment of the run is in exactly one phase, so the phases add up
 * to the wall time. The build comes from the launcher ({@code -Dlab.build.millis}), which builds before the
 * lab's JVM starts.
 */
public final class PhaseClock {

    /** The runner's phases, in the order a variant goes through them. */
    public enum Phase {
        BUILD("build"),
        DRIVER_WARM_UP("the lab's driver warm-up"),
        SHARED("databases and simulators"),
        JVM_START("JVM starts"),
        CACHE_TRAINING("start-up cache training"),
        WARM_UP(TimeBudget.WARM_UPS),
        LONE("lone requests"),
        MEASURED(TimeBudget.MEASURED),
        BETWEEN("between steps"),
        JVM_STOP("JVM stops"),
        RESULTS("results and claims");

        private final String label;

        Phase(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final long startNanos = System.nanoTime();
    private final long buildNanos = Long.getLong("lab.build.millis", 0) * 1_000_000;
    private final Map<Phase, Long> total = new EnumMap<>(Phase.class);
    private final Map<String, Map<Phase, Long>> byVariant = new LinkedHashMap<>();
    private Phase current = Phase.RESULTS;
    private String variant;
    private long sinceNanos = startNanos;

    public PhaseClock() {
        if (buildNanos > 0) {
            total.put(Phase.BUILD, buildNanos);
        }
    }

    /** From now on the run is in {@code phase}, for {@code variant} ({@code experiment/variant}), or for none (null). */
    public synchronized void enter(String variant, Phase phase) {
        long now = System.nanoTime();
        charge(now);
        this.current = phase;
        this.variant = variant;
        this.sinceNanos = now;
    }

    /** The phase now, until {@link Interval#close()} returns the run to the phase it was in. */
    public synchronized Interval during(Phase phase) {
        Phase before = current;
        String owner = variant;
        enter(owner, phase);
        return () -> enter(owner, before);
    }

    /** A phase within another, ended by {@link #close()}. */
    public interface Interval extends AutoCloseable {
        @Override
        void close();
    }

    /** Where the time went so far, the current phase counted up to now. */
    public synchronized TimeBudget budget() {
        long now = System.nanoTime();
        Map<Phase, Long> phases = new EnumMap<>(total);
        phases.merge(current, now - sinceNanos, Long::sum);
        Map<String, Map<String, Double>> variants = new LinkedHashMap<>();
        byVariant.forEach((name, own) -> variants.put(name, seconds(own)));
        if (variant != null) {
            Map<Phase, Long> own = new EnumMap<>(byVariant.getOrDefault(variant, Map.of()));
            own.merge(current, now - sinceNanos, Long::sum);
            variants.put(variant, seconds(own));
        }
        double wall = (now - startNanos + buildNanos) / 1e9;
        double measured = phases.getOrDefault(Phase.MEASURED, 0L) / 1e9;
        return new TimeBudget(round(wall), seconds(phases), variants, wall > 0 ? round(measured / wall) : 0);
    }

    private void charge(long now) {
        long spent = now - sinceNanos;
        total.merge(current, spent, Long::sum);
        if (variant != null) {
            byVariant
                    .computeIfAbsent(variant, name -> new EnumMap<>(Phase.class))
                    .merge(current, spent, Long::sum);
        }
    }

    private static Map<String, Double> seconds(Map<Phase, Long> nanos) {
        Map<String, Double> seconds = new LinkedHashMap<>();
        nanos.forEach((phase, spent) -> seconds.put(phase.label(), round(spent / 1e9)));
        return seconds;
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
