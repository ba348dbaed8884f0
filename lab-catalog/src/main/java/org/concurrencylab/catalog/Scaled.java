package org.concurrencylab.runner;

import java.time.Duration;

/** The article's durations and rates under the time scale S: latencies and timeouts times S, rates divided by S. */
record Scaled(double scale) {

    Scaled {
        if (!(scale > 0) || scale > 10) {
            throw new IllegalArgumentException("scale must be above 0 and at most 10, not " + scale);
        }
    }

    Duration of(Duration articleDuration) {
        return Duration.ofNanos(Math.round(articleDuration.toNanos() * scale));
    }

    /** An article's arrival rate under S: divided by S, so that the load in Erlangs stays the article's. */
    double rate(double articleRatePerSecond) {
        return articleRatePerSecond / scale;
    }

    /** One second of the article's time, as the run goes: the width of every per-second timeline. */
    Duration articleSecond() {
        return of(Duration.ofSeconds(1));
    }

    /** The probe samples finer when everything runs faster, but never below 25 ms (its own cost). */
    Duration probeInterval() {
        return Duration.ofMillis(Math.max(25, Math.round(250 * scale)));
    }
}
