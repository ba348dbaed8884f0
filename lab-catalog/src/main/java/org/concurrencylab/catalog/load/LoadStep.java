package org.concurrencylab.catalog.load;

import java.time.Duration;

/** One step of an experiment's load, in the article's units (S = 1); the runner scales it. */
public sealed interface LoadStep {

    /** The step's name in results and seed figures, e.g. {@code 100x10} or {@code 20/s for 60s}. */
    String label();

    /** The label as a file's name: {@code 20/s for 60s} becomes {@code 20-per-s-for-60s}. */
    default String fileName() {
        return label().replace("/", "-per-").replace(' ', '-');
    }

    /** How many requests the step sends; 0 where the step is held for a time rather than a count. */
    int totalRequests();

    /** A count of users in words: {@code 1 user}, {@code 8 users}. */
    static String users(int count) {
        return count + (count == 1 ? " user" : " users");
    }

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

    /**
     * A closed load for a time, as a JMeter thread group with a ramp-up period, a duration and a
     * constant timer: the users start one after another over {@code rampUp}, then all of them send for
     * {@code hold}; each sends its next request {@code thinkTime} after the previous one was answered.
     * How many requests that makes is what the system decides.
     */
    record Held(int users, Duration rampUp, Duration hold, Duration thinkTime) implements LoadStep {

        public Held {
            if (users < 1 || rampUp.isNegative() || hold.toMillis() < 1 || thinkTime.isNegative()) {
                throw new IllegalArgumentException(
                        "a held load needs users, a ramp-up and a think time of zero or more, and a hold");
            }
        }

        @Override
        public String label() {
            if (rampUp.isZero() && thinkTime.isZero()) {
                return LoadStep.users(users) + " for " + seconds(hold);
            }
            return LoadStep.users(users) + ", " + rampUp.toSeconds() + "s ramp + " + hold.toSeconds() + "s"
                    + (thinkTime.isZero() ? "" : ", think " + seconds(thinkTime));
        }

        private static String seconds(Duration duration) {
            return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + "s" : duration.toMillis() / 1000.0 + "s";
        }

        /** Unknown until it ran: the system's speed decides it. */
        @Override
        public int totalRequests() {
            return 0;
        }

        public Duration length() {
            return rampUp.plus(hold);
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
