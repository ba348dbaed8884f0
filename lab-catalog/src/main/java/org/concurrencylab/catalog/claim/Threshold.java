package org.concurrencylab.catalog.claim;

/**
 * A bound a claim holds one figure to, with the text that says it: at least, at most, or a range around an
 * article's figure. A claim asks it whether a figure {@link #holds} and prints its {@link #text}, so what a claim
 * checks and what it says it checks cannot part.
 *
 * @param low  the least figure that holds; {@link Double#NEGATIVE_INFINITY} where there is none
 * @param high the greatest figure that holds; {@link Double#POSITIVE_INFINITY} where there is none
 * @param unit how the figures are written
 */
public record Threshold(double low, double high, Unit unit) {

    /** How a threshold's figures are written. */
    public enum Unit {
        /** A share, written in percent: 0.08 as "8 %". */
        SHARE,
        /** A ratio of two figures: 0.5 as "0.5 x". */
        TIMES;

        String write(double value) {
            return switch (this) {
                case SHARE -> Thresholds.percent(value);
                case TIMES -> Thresholds.figure(value) + " x";
            };
        }
    }

    public Threshold {
        if (Double.isNaN(low) || Double.isNaN(high) || low > high || low == high && Double.isInfinite(low)) {
            throw new IllegalArgumentException("a threshold holds a range of figures, not " + low + " to " + high);
        }
        if (unit == null) {
            throw new IllegalArgumentException("a threshold says how its figures are written");
        }
    }

    public static Threshold atLeast(double value, Unit unit) {
        return new Threshold(value, Double.POSITIVE_INFINITY, unit);
    }

    public static Threshold atMost(double value, Unit unit) {
        return new Threshold(Double.NEGATIVE_INFINITY, value, unit);
    }

    /** From {@code low} to {@code high}, both included. */
    public static Threshold between(double low, double high, Unit unit) {
        return new Threshold(low, high, unit);
    }

    /** Within {@code relative} of {@code value} either way: {@code around(0.08, 0.5, SHARE)} is 4 % to 12 %. */
    public static Threshold around(double value, double relative, Unit unit) {
        if (!(relative > 0 && relative < 1)) {
            throw new IllegalArgumentException(
                    "around a figure is within a share of it between 0 and 1, not " + relative);
        }
        return new Threshold(value * (1 - relative), value * (1 + relative), unit);
    }

    public boolean holds(double figure) {
        return figure >= low && figure <= high;
    }

    /** Short of the range: below its low end. */
    public boolean below(double figure) {
        return figure < low;
    }

    /** "≥ 2 x", "≤ 0.5 x" or "4 % to 12 %". */
    public String text() {
        if (Double.isInfinite(high)) {
            return "≥ " + unit.write(low);
        }
        if (Double.isInfinite(low)) {
            return "≤ " + unit.write(high);
        }
        return unit.write(low) + " to " + unit.write(high);
    }

    @Override
    public String toString() {
        return text();
    }
}
