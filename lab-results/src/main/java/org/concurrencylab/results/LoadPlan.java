package org.concurrencylab.results;

/** @param model {@code closed}: each user sends its next request when the previous one is answered */
public record LoadPlan(String model, int users, int repetitions, double requestTimeoutMillis) {
}
