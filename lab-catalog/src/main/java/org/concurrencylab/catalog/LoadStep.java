package org.concurrencylab.catalog;

/** One step of a closed load: {@code users} users, each sending {@code repetitions} requests in a row. */
public record LoadStep(int users, int repetitions) {

    public LoadStep {
        if (users < 1 || repetitions < 1) {
            throw new IllegalArgumentException("a load step needs at least one user and one request");
        }
    }

    public String label() {
        return users + "x" + repetitions;
    }

    public int totalRequests() {
        return users * repetitions;
    }
}
