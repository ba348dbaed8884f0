package org.concurrencylab.catalog.claim;

import java.util.Locale;

/**
 * Thresholds more than one experiment's claims are checked at, each with the articles' figures it comes
 * from. A threshold one claim alone uses stands beside that claim.
 */
public final class Thresholds {

    /**
     * "p95 near D", in D, at the articles' own precision: fan-out's pool of 400 had a p95 of 345 ms on a
     * D of 300 ms (1.15 D), servlet-async's Callable 1.037 s on a D of 1 s (1.04 D); the looser of the two.
     */
    public static final double P95_NEAR_D = 1.15;

    private Thresholds() {}

    /** A share as a claim's threshold text writes it: 0.95 as "95 %", 0.025 as "2.5 %". */
    public static String percent(double share) {
        return figure(100 * share) + " %";
    }

    /** A threshold's figure as its text writes it: 19.0 as "19", 20.4 as "20.4", 4.338 as "4.34". */
    public static String figure(double value) {
        String written = String.format(Locale.ROOT, "%.2f", value);
        return written.contains(".") ? written.replaceAll("0+$", "").replaceAll("\\.$", "") : written;
    }
}
