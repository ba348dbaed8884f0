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

    /** How a claim that a variant serves the load with its p95 near D says what it is checked at. */
    public static final String SERVES_NEAR_D = "no failure; p95 ≤ " + figure(P95_NEAR_D) + " D";

    /**
     * "Never the bottleneck": the service an experiment calls took at most 1.2 D a call by its own timers, in
     * every step (fan-out's metadata service "around 300 ms a call" on a D of 300 ms; servlet-async's sleep
     * service "has enough resources").
     */
    public static final double DOWNSTREAM_NEAR_D = 1.2;

    /** How a claim that the called service was never the bottleneck says what it is checked at. */
    public static final String DOWNSTREAM_CHECKED_AT =
            "its slowest mean per call ≤ " + figure(DOWNSTREAM_NEAR_D) + " D";

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
