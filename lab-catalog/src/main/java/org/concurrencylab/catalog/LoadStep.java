package org.concurrencylab.catalog;

import java.time.Duration;

/** One step of an experiment's load, in the article's units (S = 1); the runner scales it. */
public sealed interface LoadStep {

    /** The step's name in results and seed figures, e.g. {@code 100x10} or {@code 20/s for 60s}. */
    String label();

    /** How many requests the step sends. */
    int totalRequests();

    /**
     * A closed load, as {@code siege -c users -r repetitions}: each user sends its next request when
     * the previous one is answered.
     */
    record Closed(int users, int repetitions) implements LoadStep {

        public Closed {
            if (users < 1 || repetitions < 1) {
                throw new IllegalArgumentException("a closed load needs at least one user and one request");
            }
        }

        @Override
        public String label() {
            return users + "x" + repetitions;
        }

        @Override
        public int totalRequests() {
            return users * repetitions;
        }
    }

    /** An open load, as Gatling's constant arrival rate: {@code rate} requests a second for {@code duration}. */
    record Open(int ratePerSecond, Duration duration) implements LoadStep {

        public Open {
            if (ratePerSecond < 1 || duration.toSeconds() < 1) {
                throw new IllegalArgumentException("an open load needs a rate and a duration of at least 1 s");
            }
        }

        @Override
        public String label() {
            return ratePerSecond + "/s for " + duration.toSeconds() + "s";
        }

        @Override
        public int totalRequests() {
            return (int) (ratePerSecond * duration.toSeconds());
        }
    }
}
