package org.concurrencylab.results.step;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The load of one step as it ran (scaled).
 *
 * @param model         {@code closed}: each user sends its next request when the previous one is
 *                      answered; {@code held}: closed, with users ramped up then held for a time
 *                      rather than a count; {@code open}: requests arrive at a fixed rate whatever the answers
 * @param users         closed and held only, else null
 * @param repetitions   closed only, else null
 * @param ratePerSecond open only, else null: the scheduled arrival rate
 * @param durationSeconds open and held only, else null: how long arrivals were scheduled, or the
 *                      ramp-up and the hold together
 * @param rampUpSeconds held only, else null: over how long the users started one after another
 * @param connections   {@code new-per-request} (siege's and Gatling's default) or {@code keep-alive}
 * @param thinkSeconds  held only, else null: how long each user waited after an answer before its next request
 * @param driver        what drove the load: {@link #LAB} (null in results written before), or another
 *                      engine whose statistics were imported ({@code hyperfoil}): then only the client's
 *                      figures are the step's, and nothing the lab's probe measures in a service; or
 *                      an engine on other hosts ({@code jmeter}) that the lab ran while its probe watched
 * @param requestsByLoadHost for load from other hosts, how many requests each host sent, by the name
 *                      the user gave it; null when the load came from this host
 */
public record LoadPlan(
        String model,
        Integer users,
        Integer repetitions,
        Double ratePerSecond,
        Double durationSeconds,
        double requestTimeoutMillis,
        String connections,
        Double rampUpSeconds,
        Double thinkSeconds,
        String driver,
        Map<String, Long> requestsByLoadHost) {

    public LoadPlan {
        requestsByLoadHost =
                requestsByLoadHost == null ? null : Collections.unmodifiableMap(new TreeMap<>(requestsByLoadHost));
    }

    /** The lab's own load driver. */
    public static final String LAB = "lab";

    /**
     * The most requests one step's plan may schedule: the driver keeps a record of each in memory (about 80 bytes
     * with its place in the list), so 5 million take about 400 MB of the lab's heap.
     */
    public static final long MAX_REQUESTS = 5_000_000;

    public static LoadPlan closed(int users, int repetitions, double requestTimeoutMillis, String connections) {
        return new LoadPlan(
                "closed", users, repetitions, null, null, requestTimeoutMillis, connections, null, null, LAB, null);
    }

    public static LoadPlan held(
            int users,
            double rampUpSeconds,
            double holdSeconds,
            double thinkSeconds,
            double requestTimeoutMillis,
            String connections) {
        return new LoadPlan(
                "held",
                users,
                null,
                null,
                rampUpSeconds + holdSeconds,
                requestTimeoutMillis,
                connections,
                rampUpSeconds,
                thinkSeconds,
                LAB,
                null);
    }

    public static LoadPlan open(
            double ratePerSecond, double durationSeconds, double requestTimeoutMillis, String connections) {
        return new LoadPlan(
                "open",
                null,
                null,
                ratePerSecond,
                durationSeconds,
                requestTimeoutMillis,
                connections,
                null,
                null,
                LAB,
                null);
    }

    /** The same load, as another engine drove it. */
    public LoadPlan drivenBy(String engine) {
        return new LoadPlan(
                model,
                users,
                repetitions,
                ratePerSecond,
                durationSeconds,
                requestTimeoutMillis,
                connections,
                rampUpSeconds,
                thinkSeconds,
                engine,
                null);
    }

    /** The same load, driven by an engine on other hosts while the lab ran the services and watched them. */
    public LoadPlan drivenFrom(String engine, Map<String, Long> requestsByHost) {
        return new LoadPlan(
                model,
                users,
                repetitions,
                ratePerSecond,
                durationSeconds,
                requestTimeoutMillis,
                connections,
                rampUpSeconds,
                thinkSeconds,
                engine,
                Objects.requireNonNull(requestsByHost, "requestsByHost"));
    }

    /**
     * Whether the lab ran the step, with its probe watching the services: its own driver, or an engine on
     * other hosts that the lab started the step on. Not so for a load whose statistics were imported.
     */
    public boolean byTheLab() {
        return driver == null || LAB.equals(driver) || requestsByLoadHost != null;
    }
}
