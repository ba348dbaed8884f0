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
 * @param connections   {@code new-per-request} (siege's and Gatling's default) or {@code keep-alive}
 */
public record LoadPlan(String model, Integer users, Integer repetitions, Double ratePerSecond, Double durationSeconds,
                       double requestTimeoutMillis, String connections) {

    public static LoadPlan closed(int users, int repetitions, double requestTimeoutMillis, String connections) {
        return new LoadPlan("closed", users, repetitions, null, null, requestTimeoutMillis, connections);
    }

    public static LoadPlan open(double ratePerSecond, double durationSeconds, double requestTimeoutMillis, String connections) {
        return new LoadPlan("open", null, null, ratePerSecond, durationSeconds, requestTimeoutMillis, connections);
    }
}
