package org.concurrencylab.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a run's wall time went, in seconds: by phase over the whole run (the build included, when the
 * launcher built first), and by phase for each variant ({@code experiment/variant}). The phases are the
 * runner's (build, JVM starts, start-up cache training, warm-ups, lone requests, measured steps, between
 * steps, JVM stops, results and claims, ...); the reports written after results.json are not in it.
 *
 * @param measuredShare the measured steps' seconds over the wall time: how much of the run measured something
 */
public record TimeBudget(
        double wallSeconds,
        Map<String, Double> byPhase,
        Map<String, Map<String, Double>> byVariant,
        double measuredShare) {

    /** The phase every figure the run reports comes from. */
    public static final String MEASURED = "measured steps";

    /** The phase the services warm up in, until steady. */
    public static final String WARM_UPS = "warm-ups";

    public TimeBudget {
        // in the order the run went through them
        byPhase = Collections.unmodifiableMap(new LinkedHashMap<>(byPhase));
        byVariant = Collections.unmodifiableMap(new LinkedHashMap<>(byVariant));
    }
}
