package org.concurrencylab.results.usage;

import java.util.Locale;

/**
 * A measured figure that passed its limit, written so that it reads as past it: 1.254 times slower than usual
 * against a limit of 1.25 is "1.254", not "1.25 (at most 1.25)".
 */
public final class BeyondLimit {

    /** The most decimals added beyond the figure's own. */
    private static final int MORE_DECIMALS = 3;

    private BeyondLimit() {}

    /**
     * {@code value} with {@code decimals} decimals, or with the fewest more (up to three) at which it no longer reads
     * as {@code limit} written with as many.
     */
    public static String figure(double value, double limit, int decimals) {
        for (int places = decimals; places < decimals + MORE_DECIMALS; places++) {
            String written = String.format(Locale.ROOT, "%." + places + "f", value);
            if (!written.equals(String.format(Locale.ROOT, "%." + places + "f", limit))) {
                return written;
            }
        }
        return String.format(Locale.ROOT, "%." + (decimals + MORE_DECIMALS) + "f", value);
    }
}
