package org.concurrencylab.statistics;

import java.util.OptionalInt;
import org.concurrencylab.results.interval.Interval;

/**
 * One variant's figure against another's, both measured in forks: the difference of their means as a share of
 * the first's ({@code +0.12}: 12 % higher), with Welch's interval (unequal spreads, Welch-Satterthwaite degrees
 * of freedom) carried over to that share, and whether it tells the two apart: only where the interval leaves out
 * zero. The share's interval divides by the first's mean as if it were exact; with forks of a few per cent each
 * that moves its ends by a few per cent of themselves.
 *
 * @param relative  the other's mean over the first's, less one
 * @param interval  that share's interval at the level asked for; null where either side has fewer than two forks
 * @param separation {@code HIGHER} or {@code LOWER} where the interval lies wholly above or below zero, else
 *                   {@code NOT_TOLD_APART} (also where there is no interval)
 */
public record Difference(double relative, Interval interval, Separation separation) {

    /** What an interval says of a difference. */
    public enum Separation {
        HIGHER,
        LOWER,
        NOT_TOLD_APART
    }

    /** The most forks {@link #forksToTellApart} looks for. */
    public static final int MOST_FORKS = 50;

    /** {@code other} against {@code first}. */
    public static Difference of(ForkSample first, ForkSample other, double level) {
        double base = first.mean();
        if (base == 0) {
            throw new IllegalArgumentException("a difference is a share of the first figure, which is 0");
        }
        double relative = other.mean() / base - 1;
        if (first.forks() < 2 || other.forks() < 2) {
            return new Difference(relative, null, Separation.NOT_TOLD_APART);
        }
        double varianceFirst = square(first.standardError());
        double varianceOther = square(other.standardError());
        double standardError = Math.sqrt(varianceFirst + varianceOther);
        double difference = other.mean() - base;
        double half = standardError == 0
                ? 0
                : ForkSample.tQuantile(welchDegreesOfFreedom(first, other), level) * standardError;
        Interval share = new Interval(
                (difference - half) / Math.abs(base),
                (difference + half) / Math.abs(base),
                level,
                Math.min(first.forks(), other.forks()));
        Separation separation =
                share.low() > 0 ? Separation.HIGHER : share.high() < 0 ? Separation.LOWER : Separation.NOT_TOLD_APART;
        return new Difference(relative, share, separation);
    }

    /**
     * How many forks of each variant would tell apart a difference of the size measured, at the spread measured:
     * the fewest {@code n} for which {@code t(2n - 2) * s * sqrt(2 / n)} falls below the difference, {@code s} the
     * two samples' pooled standard deviation. Empty where the difference is zero or needs more than
     * {@link #MOST_FORKS}; 2 where the spread is zero.
     */
    public static OptionalInt forksToTellApart(ForkSample first, ForkSample other, double level) {
        double difference = Math.abs(other.mean() - first.mean());
        if (difference == 0) {
            return OptionalInt.empty();
        }
        double pooled = Math.sqrt((square(first.standardDeviation()) * (first.forks() - 1)
                        + square(other.standardDeviation()) * (other.forks() - 1))
                / Math.max(1, first.forks() + other.forks() - 2));
        for (int n = 2; n <= MOST_FORKS; n++) {
            if (ForkSample.tQuantile(2 * n - 2, level) * pooled * Math.sqrt(2.0 / n) < difference) {
                return OptionalInt.of(n);
            }
        }
        return OptionalInt.empty();
    }

    /** Welch-Satterthwaite: the degrees of freedom of a difference of two means of unequal spreads. */
    static double welchDegreesOfFreedom(ForkSample first, ForkSample other) {
        double a = square(first.standardError());
        double b = square(other.standardError());
        double denominator = square(a) / (first.forks() - 1) + square(b) / (other.forks() - 1);
        return denominator == 0 ? first.forks() + other.forks() - 2 : square(a + b) / denominator;
    }

    private static double square(double value) {
        return value * value;
    }
}
