package org.concurrencylab.catalog.claim;

import java.util.Optional;
import java.util.function.Function;

/**
 * What a run shows about this machine that the article could not see (its default pool on this
 * CPU count, a changed default), said in words from the measured numbers; empty when the variants
 * it needs did not run.
 */
public record Finding(String id, Function<Measurements, String> sentence) {

    public Optional<String> describe(Measurements measurements) {
        try {
            return Optional.of(sentence.apply(measurements));
        } catch (Measurements.Missing missing) {
            return Optional.empty();
        }
    }
}
