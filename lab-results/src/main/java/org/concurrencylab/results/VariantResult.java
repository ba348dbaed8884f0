package org.concurrencylab.results;

import java.util.List;
import java.util.Map;
import org.concurrencylab.results.step.StepResult;

/**
 * One variant, run in its own JVM.
 *
 * @param origin     {@code seed} when the article ran it, {@code modern} when the lab adds it
 * @param cpus       the processor count the JVM was given ({@code -XX:ActiveProcessorCount})
 * @param status     {@link VariantStatus#OK}, or {@link VariantStatus#FAILED} with {@code failure} saying why
 * @param sizing     pool sizes as the running service reported them
 * @param properties the Spring properties that make this variant
 */
public record VariantResult(
        String name,
        String summary,
        String origin,
        int cpus,
        VariantStatus status,
        String failure,
        Map<String, Object> sizing,
        Map<String, String> properties,
        List<StepResult> steps) {

    /** The sizing's entry for the entry service's live threads once started, before any load (its warm-up included). */
    public static final String LIVE_THREADS_AT_START = "liveThreadsAtStart";

    /** The live threads of the entry service once started, before any load; empty in results written before it. */
    public java.util.OptionalInt liveThreadsAtStart() {
        return sizing != null && sizing.get(LIVE_THREADS_AT_START) instanceof Number live
                ? java.util.OptionalInt.of(live.intValue())
                : java.util.OptionalInt.empty();
    }

    public boolean ok() {
        return status == VariantStatus.OK;
    }
}
