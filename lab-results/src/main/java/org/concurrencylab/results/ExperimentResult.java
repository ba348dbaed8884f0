package org.concurrencylab.results;

import java.util.List;
import java.util.Map;

/**
 * @param seed                    the article the experiment reproduces, by its file in shared/seeds
 * @param scale                   the time scale S this experiment ran at
 * @param downstreamLatencyMillis D as it ran (the article's D x S)
 * @param warmUp                  the load each variant ran before it was measured
 * @param jit                     how the service JVMs compiled: {@code c1} (C1 only) or {@code full}; null in older results
 * @param downstreamSizing        how the downstream simulator was sized, as it reported; empty when there is none
 * @param findings                what the run's numbers say about this machine, in sentences
 */
public record ExperimentResult(String name, String title, String seed, double scale, double downstreamLatencyMillis,
                               WarmUpLoad warmUp, String jit,
                               Map<String, Object> downstreamSizing, List<VariantResult> variants,
                               List<ClaimResult> claims, List<String> findings) {

    /** The origin of a study's variants: the user's own application, not an article's system. */
    public static final String APPLICATION = "application";

    /** Whether this is a study of a user's application ({@code ./lab run app.jar}) rather than an article's experiment. */
    public boolean ofAnApplication() {
        return !variants.isEmpty() && variants.stream().allMatch(variant -> APPLICATION.equals(variant.origin()));
    }
}
