package org.concurrencylab.catalog;

import java.util.Objects;
import java.util.function.Function;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.ClaimResult;

/**
 * Something an article concluded, as a check on what this run measured, and the chart that shows it.
 * Declare one with {@link #of(String, String, Function)} and name its chart with {@link #shownBy}.
 */
public record Claim(String id, String text, Function<Measurements, Verdict> check, ChartRef chart) {

    public Claim {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(check, id + ": check");
    }

    public static Claim of(String id, String text, Function<Measurements, Verdict> check) {
        return new Claim(id, text, check, null);
    }

    /** The same claim, shown by this chart of this load step, with these variants in front. */
    public Claim shownBy(ChartRef.Kind kind, String load, String... variants) {
        return new Claim(id, text, check, ChartRef.of(kind, load, variants));
    }

    public ClaimResult evaluate(Measurements measurements) {
        Verdict verdict;
        try {
            verdict = check.apply(measurements);
        } catch (Measurements.Missing missing) {
            verdict = Verdict.notApplicable(missing.getMessage());
        }
        return new ClaimResult(id, text, verdict.status().label(), verdict.evidence(), chart);
    }
}
