package org.concurrencylab.results;

/**
 * The load of one step as it ran (scaled).
 *
 * @param model         {@code closed}: each user sends its next request when the previous one is
 *                      answered; {@code open}: requests arrive at a fixed rate whatever the answers
 * @param users         closed only, else null
 * @param repetitions   closed only, else null
 * @param ratePerSecond open only, else null: the scheduled arrival rate
 * @param durationSeconds open only, else null: how long arrivals were scheduled
 */
public record LoadPlan(String model, Integer users, Integer repetitions, Double ratePerSecond, Double durationSeconds,
                       double requestTimeoutMillis) {

    public static LoadPlan closed(int users, int repetitions, double requestTimeoutMillis) {
        return new LoadPlan("closed", users, repetitions, null, null, requestTimeoutMillis);
    }

    public static LoadPlan open(double ratePerSecond, double durationSeconds, double requestTimeoutMillis) {
        return new LoadPlan("open", null, null, ratePerSecond, durationSeconds, requestTimeoutMillis);
    }
}
