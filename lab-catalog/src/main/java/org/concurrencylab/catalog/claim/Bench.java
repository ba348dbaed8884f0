package org.concurrencylab.catalog.claim;

import java.time.LocalDate;
import java.util.Objects;

/**
 * One bench of an experiment on the lab's own machine, nothing else running: {@code ./lab bench <experiment> --runs
 * N} at its defaults, on a day. The spreads it read are declared from it, so that its runs and its day are said
 * once for all of them.
 *
 * @param runs how many runs, at least 3
 * @param on   the day they ran
 */
public record Bench(int runs, LocalDate on) {

    public Bench {
        Objects.requireNonNull(on, "on");
        if (runs < 3) {
            throw new IllegalArgumentException("a spread is read over 3 runs or more, not " + runs);
        }
    }

    /** {@code runs} runs on {@code on} (an ISO date, 2026-11-28). */
    public static Bench of(int runs, String on) {
        return new Bench(runs, LocalDate.parse(on));
    }

    /** What {@code figure} read over this bench's runs: its lowest and highest, in {@code unit}. */
    public MeasuredSpread spread(String figure, double lowest, double highest, String unit) {
        return new MeasuredSpread(figure, lowest, highest, unit, runs, on);
    }
}
