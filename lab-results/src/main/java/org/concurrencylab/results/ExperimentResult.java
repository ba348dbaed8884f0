package org.concurrencylab.results;

import java.util.List;

/**
 * @param seed                    the article the experiment reproduces, by its file in shared/seeds
 * @param scale                   the time scale S this experiment ran at
 * @param downstreamLatencyMillis D as it ran (the article's D x S)
 */
public record ExperimentResult(String name, String title, String seed, double scale, double downstreamLatencyMillis,
                               List<VariantResult> variants, List<ClaimResult> claims) {
}
