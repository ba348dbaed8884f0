package org.concurrencylab.results.capacity;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The machine a user asks the lab's capacity model to be projected onto: its processors, as fast each as
 * this machine's, and the rate it is to serve, if one is named. Written {@code cpus=8,rate=2000}.
 *
 * @param cpus          the target's processors, 1 or more
 * @param ratePerSecond the requests a second it is to serve; null to ask only what it would reach
 */
public record CapacityTarget(int cpus, Double ratePerSecond) {

    /** Far beyond any machine one service runs on: a bigger figure is a typo. */
    public static final int MAX_CPUS = 4096;

    public CapacityTarget {
        if (cpus < 1 || cpus > MAX_CPUS) {
            throw new IllegalArgumentException("a target's cpus are 1 to " + MAX_CPUS + ", not " + cpus);
        }
        if (ratePerSecond != null && !(ratePerSecond > 0 && ratePerSecond < 1e9)) {
            throw new IllegalArgumentException(
                    "a target's rate is a number of requests a second above 0, not " + ratePerSecond);
        }
    }

    /**
     * Reads {@code cpus=8,rate=2000} (either order; {@code rate} may be left out).
     *
     * @throws IllegalArgumentException naming what is wrong: an unknown key, a value that is no number, no cpus
     */
    public static CapacityTarget parse(String text) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String pair : text.split(",", -1)) {
            int equals = pair.indexOf('=');
            if (equals < 1) {
                throw new IllegalArgumentException("a target is written cpus=N[,rate=R], as cpus=8,rate=2000; '"
                        + pair.strip() + "' is not key=value");
            }
            String key = pair.substring(0, equals).strip().toLowerCase(Locale.ROOT);
            if (!key.equals("cpus") && !key.equals("rate")) {
                throw new IllegalArgumentException("a target knows cpus and rate, not '" + key + "'");
            }
            if (pairs.put(key, pair.substring(equals + 1).strip()) != null) {
                throw new IllegalArgumentException("a target names " + key + " once");
            }
        }
        if (!pairs.containsKey("cpus")) {
            throw new IllegalArgumentException("a target names its cpus, as cpus=8");
        }
        int cpus;
        try {
            cpus = Integer.parseInt(pairs.get("cpus"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a target's cpus are a whole number, not '" + pairs.get("cpus") + "'");
        }
        Double rate = null;
        if (pairs.containsKey("rate")) {
            try {
                rate = Double.parseDouble(pairs.get("rate"));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("a target's rate is a number, not '" + pairs.get("rate") + "'");
            }
        }
        return new CapacityTarget(cpus, rate);
    }

    /** As {@link #parse} reads it. */
    @Override
    public String toString() {
        return "cpus=" + cpus + (ratePerSecond == null ? "" : ",rate=" + number(ratePerSecond));
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
