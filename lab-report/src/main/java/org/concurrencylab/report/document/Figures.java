package org.concurrencylab.report.document;

import static java.lang.String.format;

import java.util.Locale;

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

    /** The middle value, or the mean of the middle two; the values need not be sorted and must not be empty. */
    public static double median(java.util.List<Double> values) {
        java.util.List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
