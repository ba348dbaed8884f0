package org.concurrencylab.catalog.claim;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.ClaimResult;

/**
 * Something an article concluded, as a check on what this run measured, and the chart that shows it.
 * Declare one with {@link #of(String, String, Function)}, say what it is checked at with {@link #checkedAt}
 * (and the article's own figure with {@link #articleSaid}), and name its chart with {@link #shownBy}.
 *
 * @param articleFigure what the article itself gave for it, in its words' sense ("9.95 per D"); null for the lab's
 *                      own checks and the modern variants, which no article ran
 * @param threshold     what the check holds a run's figures to, in words ("≥ 95 % of 10 per D"), for
 *                      {@code ./lab list --claims}; the check itself is the code
 * @param machineNeed   the shape of machine the claim can be decided on; null where any machine can decide it.
 *                      On another, what the check found is kept as evidence and the claim is not decided
 * @param spreads       how far its deciding figures moved from run to run here, beside its threshold; empty where
 *                      not measured yet
 */
public record Claim(
        String id,
        String text,
        Function<Measurements, Verdict> check,
        ChartRef chart,
        String articleFigure,
        String threshold,
        MachineNeed machineNeed,
        List<MeasuredSpread> spreads) {

    public Claim {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(check, id + ": check");
        spreads = List.copyOf(spreads);
    }

    public static Claim of(String id, String text, Function<Measurements, Verdict> check) {
        return new Claim(id, text, check, null, null, null, null, List.of());
    }

    /** The same claim, shown by this chart of this load step, with these variants in front. */
    public Claim shownBy(ChartRef.Kind kind, String load, String... variants) {
        return new Claim(
                id, text, check, ChartRef.of(kind, load, variants), articleFigure, threshold, machineNeed, spreads);
    }

    /** The same claim, with the figure its article gave for it. */
    public Claim articleSaid(String figure) {
        return new Claim(id, text, check, chart, figure, threshold, machineNeed, spreads);
    }

    /** The same claim, with what its check holds the measured figures to. */
    public Claim checkedAt(String threshold) {
        return new Claim(id, text, check, chart, articleFigure, threshold, machineNeed, spreads);
    }

    /** The same claim, decided only on a machine that has {@code need}. */
    public Claim decidedOn(MachineNeed need) {
        return new Claim(id, text, check, chart, articleFigure, threshold, need, spreads);
    }

    /** The same claim, with how far its deciding figures moved between runs of its experiment here. */
    public Claim spreadHere(MeasuredSpread... measured) {
        return new Claim(id, text, check, chart, articleFigure, threshold, machineNeed, List.of(measured));
    }

    public ClaimResult evaluate(Measurements measurements) {
        Verdict verdict;
        try {
            verdict = check.apply(measurements);
        } catch (Measurements.Missing missing) {
            verdict = Verdict.notApplicable(missing.getMessage());
        }
        if (machineNeed != null && verdict.status() != Verdict.Status.NOT_APPLICABLE) {
            Verdict decided = verdict;
            verdict = machineNeed
                    .lackedOn(measurements.machine())
                    .map(lack -> Verdict.notDecided(lack + ": " + decided.evidence()))
                    .orElse(verdict);
        }
        return new ClaimResult(id, text, verdict.status().label(), verdict.evidence(), chart);
    }
}
