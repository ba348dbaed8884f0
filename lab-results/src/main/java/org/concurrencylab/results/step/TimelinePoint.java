package org.concurrencylab.results.step;

import java.util.Map;
import java.util.Objects;

/**
 * One bin of a step's timeline.
 *
 * @param atSeconds          start of the bin since the step started, in the article's seconds (real / S)
 * @param started            requests due in this bin
 * @param completed          requests answered OK in this bin
 * @param failed             requests that failed in this bin (at their failure time)
 * @param latencyMillisP50   latency of the requests due in this bin that were answered OK; 0 if none (so are
 *                           its p95 and maximum)
 * @param liveByPool         most live threads of each pool in the probe's samples within this bin
 */
public record TimelinePoint(
        double atSeconds,
        long started,
        long completed,
        long failed,
        double latencyMillisP50,
        double latencyMillisP95,
        double latencyMillisMax,
        Map<String, Integer> liveByPool) {

    /** A bin built by name: nothing in it, until set. */
    public static Builder custom() {
        return new Builder();
    }

    /** Builds a {@link TimelinePoint} by name. */
    public static final class Builder {
        private double atSeconds;
        private long started;
        private long completed;
        private long failed;
        private double latencyMillisP50;
        private double latencyMillisP95;
        private double latencyMillisMax;
        private Map<String, Integer> liveByPool = Map.of();

        private Builder() {}

        public Builder atSeconds(double atSeconds) {
            this.atSeconds = atSeconds;
            return this;
        }

        public Builder started(long started) {
            this.started = started;
            return this;
        }

        public Builder completed(long completed) {
            this.completed = completed;
            return this;
        }

        public Builder failed(long failed) {
            this.failed = failed;
            return this;
        }

        public Builder latencyMillisP50(double latencyMillisP50) {
            this.latencyMillisP50 = latencyMillisP50;
            return this;
        }

        public Builder latencyMillisP95(double latencyMillisP95) {
            this.latencyMillisP95 = latencyMillisP95;
            return this;
        }

        public Builder latencyMillisMax(double latencyMillisMax) {
            this.latencyMillisMax = latencyMillisMax;
            return this;
        }

        public Builder liveByPool(Map<String, Integer> liveByPool) {
            this.liveByPool = liveByPool;
            return this;
        }

        public TimelinePoint build() {
            if (atSeconds < 0 || started < 0 || completed < 0 || failed < 0) {
                throw new IllegalStateException("a timeline's point lies at 0 s or later and counts zero or more");
            }
            Objects.requireNonNull(liveByPool, "liveByPool");
            return new TimelinePoint(
                    atSeconds,
                    started,
                    completed,
                    failed,
                    latencyMillisP50,
                    latencyMillisP95,
                    latencyMillisMax,
                    liveByPool);
        }
    }
}
