package org.concurrencylab.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * What a sweep varies, and its values: {@value #USERS} (a closed load's users), {@value #RATE} (an
 * open load's arrivals per second), {@value #REQUEST_TIMEOUT_MS} (how long the load's client, the
 * articles' gateway, waits for an answer, in milliseconds of the article's time), or a Spring property
 * of the variant (a pool's size, a scheduler's parallelism). Values are whole numbers, rising.
 */
public record Knob(String name, List<Integer> values) {

    public static final String USERS = "users";
    public static final String RATE = "rate";
    public static final String REQUEST_TIMEOUT_MS = "request-timeout-ms";

    public Knob {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a knob has a name: users, rate, or a Spring property");
        }
        if (values.size() < 2) {
            throw new IllegalArgumentException(
                    "a sweep needs two values or more of " + name + "; " + values + " given");
        }
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) < 1 || i > 0 && values.get(i) <= values.get(i - 1)) {
                throw new IllegalArgumentException(
                        "a sweep's values are whole numbers from 1, rising; " + values + " are not");
            }
        }
        values = List.copyOf(values);
    }

    /** Whether the knob is the client's patience rather than the load or the variant's properties. */
    public boolean isRequestTimeout() {
        return REQUEST_TIMEOUT_MS.equals(name);
    }

    /** Whether the knob is the load itself rather than the variant's configuration. */
    public boolean isLoad() {
        return USERS.equals(name) || RATE.equals(name);
    }

    /**
     * {@code NAME=a,b,c}, or {@code NAME=a..b} for {@link Defaults#SWEEP_STEPS} values evenly spread from
     * a to b, or {@code NAME=a..b:steps}.
     */
    public static Knob parse(String text) {
        int equals = text.indexOf('=');
        if (equals <= 0 || equals == text.length() - 1) {
            throw new IllegalArgumentException(
                    "a knob reads NAME=a,b,c or NAME=a..b[:steps], as in users=1..64:7; not '" + text + "'");
        }
        String name = text.substring(0, equals).strip();
        String values = text.substring(equals + 1).strip();
        try {
            int range = values.indexOf("..");
            if (range < 0) {
                List<Integer> listed = new ArrayList<>();
                for (String value : values.split(",")) {
                    listed.add(Integer.parseInt(value.strip()));
                }
                return new Knob(name, listed);
            }
            int colon = values.indexOf(':', range);
            int from = Integer.parseInt(values.substring(0, range).strip());
            int to = Integer.parseInt(values.substring(range + 2, colon < 0 ? values.length() : colon)
                    .strip());
            int steps = colon < 0
                    ? Defaults.SWEEP_STEPS
                    : Integer.parseInt(values.substring(colon + 1).strip());
            return new Knob(name, spread(from, to, steps));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a knob's values are whole numbers: '" + values + "' are not", e);
        }
    }

    /** {@code steps} values from a to b, evenly spread and rounded; fewer where rounding makes two the same. */
    static List<Integer> spread(int from, int to, int steps) {
        if (steps < 2 || to <= from) {
            throw new IllegalArgumentException("a range a..b:steps rises from a to b in two steps or more; " + from
                    + ".." + to + ":" + steps + " does not");
        }
        TreeSet<Integer> values = new TreeSet<>();
        for (int i = 0; i < steps; i++) {
            values.add((int) Math.round(from + (to - from) * (double) i / (steps - 1)));
        }
        return List.copyOf(values);
    }

    @Override
    public String toString() {
        return name + "="
                + String.join(",", values.stream().map(String::valueOf).toList());
    }
}
