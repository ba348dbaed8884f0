package org.concurrencylab.results.interval;

import java.util.Optional;

/**
 * Where a figure's mean over several forks (JVMs of the same settings) lies, at a confidence level: the figure
 * beside it is the mean of the forks' own figures, and each fork is one observation of it, so the interval
 * carries the spread from one JVM to the next (its JIT's decisions, its memory's layout, the host at that
 * moment), not only the spread within one JVM.
 *
 * @param low   the interval's lower end
 * @param high  its upper end, at least {@code low}
 * @param level the confidence level, between 0 and 1 (0.95: 95 %)
 * @param forks how many forks measured the figure, at least 2
 */
public record Interval(double low, double high, double level, int forks) {

    public Interval {
        if (!(low <= high) || Double.isInfinite(low) || Double.isInfinite(high)) {
            throw new IllegalArgumentException(
                    "an interval runs from its low end to its high end, not " + low + " to " + high);
        }
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("a confidence level lies between 0 and 1, not " + level);
        }
        if (forks < 2) {
            throw new IllegalArgumentException("an interval over forks needs two forks or more, not " + forks);
        }
    }

    public boolean contains(double value) {
        return low <= value && value <= high;
    }

    /** Whether the two share a value: their figures are then not told apart by these forks. */
    public boolean overlaps(Interval other) {
        return low <= other.high && other.low <= high;
    }

    /** Whether every value of this one lies below every value of the other. */
    public boolean below(Interval other) {
        return high < other.low;
    }

    public double halfWidth() {
        return (high - low) / 2;
    }

    /** The half width as a share of {@code mean}, the figure the interval stands beside; 0 where the mean is 0. */
    public double relativeHalfWidth(double mean) {
        return mean == 0 ? 0 : halfWidth() / Math.abs(mean);
    }

    /** The same interval of a figure multiplied by {@code factor} (a unit, a size over a hold). */
    public Interval times(double factor) {
        double a = low * factor;
        double b = high * factor;
        return new Interval(Math.min(a, b), Math.max(a, b), level, forks);
    }

    /**
     * The interval of the reciprocal figure times {@code numerator} ({@code size / hold} from the hold's interval); where
     * its low end reaches zero the reciprocal has no upper end, written as {@link Double#MAX_VALUE}. None where the
     * whole interval lies at or below zero.
     */
    public Optional<Interval> reciprocal(double numerator) {
        if (high <= 0) {
            return Optional.empty();
        }
        return Optional.of(new Interval(numerator / high, low <= 0 ? Double.MAX_VALUE : numerator / low, level, forks));
    }
}
