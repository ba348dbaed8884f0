package org.concurrencylab.results;

import java.util.List;
import java.util.Map;

/**
 * One variant, run in its own JVM.
 *
 * @param origin     {@code seed} when the article ran it, {@code modern} when the lab adds it
 * @param cpus       the processor count the JVM was given ({@code -XX:ActiveProcessorCount})
 * @param status     {@link VariantStatus#OK}, or {@link VariantStatus#FAILED} with {@code failure} saying why
 * @param sizing     pool sizes as the running service reported them
 * @param properties the Spring properties that make this variant
 */
public record VariantResult(String name, String summary, String origin, int cpus, VariantStatus status, String failure,
                            Map<String, Object> sizing, Map<String, String> properties, List<StepResult> steps) {

    public boolean ok() {
        return status == VariantStatus.OK;
    }
}
