package org.concurrencylab.report.document;

import static java.lang.String.format;

import java.util.List;
import java.util.Locale;
import org.concurrencylab.results.interval.Interval;

/** How the report writes a measured figure. */
public final class Figures {

    private Figures() {}

    /** Three significant digits are all a noisy 2-core machine can defend. */
    public static String number(double value) {
        if (value == 0) {
            return "0";
        }
        double magnitude = Math.abs(value);
        if (magnitude >= 100) {
            return format(Locale.ROOT, "%.0f", value);
        }
        if (magnitude >= 10) {
            return format(Locale.ROOT, "%.1f", value);
        }
        return format(Locale.ROOT, "%.2f", value);
    }

    /**
     * A figure measured in several forks: its mean and its interval's half width as a share of it, as in
     * {@code 1,502 ±3.1%}; the figure alone where it has no interval (one fork).
     */
    public static String withInterval(double value, Interval interval) {
        return interval == null ? number(value) : number(value) + " " + plusOrMinus(interval, value);
    }

    /** The same with the figure's unit before the interval: {@code 98.7/s ±0.2%}. */
    public static String withInterval(double value, Interval interval, String unit) {
        return interval == null ? number(value) + unit : number(value) + unit + " " + plusOrMinus(interval, value);
    }

    /** An interval's half width as a share of its figure: {@code ±3.1%}, {@code ±12%}, {@code ±0.04%}. */
    public static String plusOrMinus(Interval interval, double value) {
        double share = interval.relativeHalfWidth(value);
        return share > UNBOUNDED ? "±>" + share(UNBOUNDED) : "±" + share(share);
    }

    /** A half width past this share of its figure says only that the figure is not known: written as "±>1000%". */
    private static final double UNBOUNDED = 10;

    /** A share as a percentage with the digits it needs: 0.031 is {@code 3.1%}, 0.12 {@code 12%}. */
    public static String share(double share) {
        double percent = 100 * Math.abs(share);
        return (percent >= 10
                        ? format(Locale.ROOT, "%.0f", percent)
                        : percent >= 0.1 || percent == 0
                                ? format(Locale.ROOT, "%.1f", percent)
                                : format(Locale.ROOT, "%.2f", percent))
                + "%";
    }

    /** The middle value, or the mean of the middle two; the values need not be sorted and must not be empty. */
    public static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
