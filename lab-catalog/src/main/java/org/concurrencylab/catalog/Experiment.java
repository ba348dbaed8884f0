package org.concurrencylab.catalog;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One article's system, declared: what runs, under which load, and what the article claimed.
 * Durations are the article's (S = 1); the runner scales them.
 *
 * @param service           the service module that implements the system
 * @param downstreamLatency D, the time the blocking call takes
 * @param requestTimeout    the client's per-request timeout
 * @param defaultCpus       the processor count the services see by default: the article's machine
 */
public record Experiment(String name, String title, String seedFile, String summary, String service,
                         Duration downstreamLatency, Duration requestTimeout, int defaultCpus, double defaultScale,
                         List<LoadStep> steps, List<Variant> variants, List<Claim> claims) {

    public Optional<Variant> variant(String variantName) {
        return variants.stream().filter(variant -> variant.name().equals(variantName)).findFirst();
    }

    public List<String> variantNames() {
        return variants.stream().map(Variant::name).toList();
    }
}
