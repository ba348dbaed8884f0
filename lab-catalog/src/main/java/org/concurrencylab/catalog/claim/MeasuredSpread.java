package org.concurrencylab.catalog.claim;

import java.time.LocalDate;
import java.util.Locale;
import java.util.Objects;

/**
 * How far a claim's deciding figure moved from one run to the next on the lab's own machine, nothing else running:
 * the lowest and the highest over the runs of the {@link Bench} that declares it. Declared beside the claim's
 * threshold, so that a reader sees how close a run comes to it; the check does not read it.
 *
 * @param figure  what moved, in words ("the failed share")
 * @param lowest  the lowest it read, in {@code unit}
 * @param highest the highest it read, in {@code unit}
 * @param unit    the unit after the numbers ("%", "x", "D", "ms"); empty for a plain count
 * @param runs    how many runs, at least 3
 * @param on      the day they ran
 */
public record MeasuredSpread(String figure, double lowest, double highest, String unit, int runs, LocalDate on) {

    public MeasuredSpread {
        Objects.requireNonNull(figure, "figure");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(on, "on");
        if (!(lowest <= highest)) {
            throw new IllegalArgumentException(figure + ": its lowest " + lowest + " is above its highest " + highest);
        }
        if (runs < 3) {
            throw new IllegalArgumentException(figure + ": a spread is read over 3 runs or more, not " + runs);
        }
    }

    /** In words: "the failed share 7.1 to 8.3 % over 3 runs (2026-11-28)". */
    public String describe() {
        String numbers = lowest == highest
                ? Thresholds.figure(lowest)
                : Thresholds.figure(lowest) + " to " + Thresholds.figure(highest);
        return String.format(
                Locale.ROOT, "%s %s%s over %d runs (%s)", figure, numbers, unit.isEmpty() ? "" : " " + unit, runs, on);
    }
}
