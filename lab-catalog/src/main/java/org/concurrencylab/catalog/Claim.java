package org.concurrencylab.catalog;

import java.util.function.Function;
import org.concurrencylab.results.ClaimResult;

/** Something an article concluded, as a check on what this run measured. */
public record Claim(String id, String text, Function<Measurements, Verdict> check) {

    public ClaimResult evaluate(Measurements measurements) {
        Verdict verdict;
        try {
            verdict = check.apply(measurements);
        } catch (Measurements.Missing missing) {
            verdict = Verdict.notApplicable(missing.getMessage());
        }
        return new ClaimResult(id, text, verdict.status().label(), verdict.evidence());
    }
}
