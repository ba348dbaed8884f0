package org.concurrencylab.probe.model;

import java.util.OptionalDouble;

/**
 * A Micrometer timer's cumulative count and total time: the lab reads it before and after a step and
 * divides the differences.
 */
public record TimerTotals(long count, long totalNanos) {

    public static final TimerTotals NONE = new TimerTotals(0, 0);

    public TimerTotals plus(TimerTotals other) {
        return new TimerTotals(count + other.count, totalNanos + other.totalNanos);
    }

    public TimerTotals minus(TimerTotals earlier) {
        return new TimerTotals(count - earlier.count, totalNanos - earlier.totalNanos);
    }

    /** The mean time per event in milliseconds; empty when nothing was timed. */
    public OptionalDouble meanMillis() {
        return count == 0 ? OptionalDouble.empty() : OptionalDouble.of(totalNanos / 1e6 / count);
    }
}
