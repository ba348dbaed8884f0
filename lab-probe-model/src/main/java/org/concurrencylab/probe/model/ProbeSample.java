package org.concurrencylab.probe.model;

import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One sample of the service's threads and resources.
 *
 * @param epochMillis        wall-clock time of the sample, comparable with the driver's clock (same host)
 * @param liveThreads        live platform threads
 * @param pools              platform threads by pool
 * @param virtualMounted     virtual threads mounted on a carrier; empty where the JDK does not tell (before 24)
 * @param virtualQueued      virtual threads queued for a carrier; empty where the JDK does not tell (before 24)
 * @param heapUsedBytes      heap in use
 * @param processCpuNanos    CPU time of the whole process so far
 * @param activities         on samples that read stacks (a few a second), threads by pool and by what
 *                           they were doing (ThreadActivity names); empty on the others
 * @param gauges             pools that count their own members, by name ({@code tomcat-workers},
 *                           {@code hikari:HikariPool-1}); empty where none is exposed
 */
public record ProbeSample(
        long epochMillis,
        int liveThreads,
        Map<String, PoolSnapshot> pools,
        OptionalLong virtualMounted,
        OptionalLong virtualQueued,
        long heapUsedBytes,
        long processCpuNanos,
        Map<String, Map<String, Integer>> activities,
        Map<String, PoolGauge> gauges) {

    public ProbeSample {
        virtualMounted = virtualMounted == null ? OptionalLong.empty() : virtualMounted;
        virtualQueued = virtualQueued == null ? OptionalLong.empty() : virtualQueued;
        gauges = gauges == null ? Map.of() : Map.copyOf(gauges);
    }

    /** A sample taken at {@code epochMillis}, to be filled in; what is not set is 0, empty or not told. */
    public static Builder custom(long epochMillis) {
        return new Builder(epochMillis);
    }

    /** Sets a sample's readings by name. */
    public static final class Builder {
        private final long epochMillis;
        private int liveThreads;
        private Map<String, PoolSnapshot> pools = Map.of();
        private OptionalLong virtualMounted = OptionalLong.empty();
        private OptionalLong virtualQueued = OptionalLong.empty();
        private long heapUsedBytes;
        private long processCpuNanos;
        private Map<String, Map<String, Integer>> activities = Map.of();
        private Map<String, PoolGauge> gauges = Map.of();

        private Builder(long epochMillis) {
            this.epochMillis = epochMillis;
        }

        /** Live platform threads, all together and by pool. */
        public Builder threads(int live, Map<String, PoolSnapshot> byPool) {
            this.liveThreads = live;
            this.pools = byPool;
            return this;
        }

        /** Virtual threads mounted on a carrier and queued for one; empty where the JDK does not tell. */
        public Builder virtual(OptionalLong mounted, OptionalLong queued) {
            this.virtualMounted = mounted;
            this.virtualQueued = queued;
            return this;
        }

        public Builder heapUsedBytes(long bytes) {
            this.heapUsedBytes = bytes;
            return this;
        }

        public Builder processCpuNanos(long nanos) {
            this.processCpuNanos = nanos;
            return this;
        }

        /** Threads by pool and by what they were doing, on a sample that read stacks. */
        public Builder activities(Map<String, Map<String, Integer>> activities) {
            this.activities = activities;
            return this;
        }

        public Builder gauges(Map<String, PoolGauge> gauges) {
            this.gauges = gauges;
            return this;
        }

        public ProbeSample build() {
            if (epochMillis < 0 || liveThreads < 0) {
                throw new IllegalStateException("a sample is taken at a time since the epoch, of zero or more threads");
            }
            Objects.requireNonNull(pools, "pools");
            Objects.requireNonNull(activities, "activities");
            Objects.requireNonNull(gauges, "gauges");
            return new ProbeSample(
                    epochMillis,
                    liveThreads,
                    pools,
                    virtualMounted,
                    virtualQueued,
                    heapUsedBytes,
                    processCpuNanos,
                    activities,
                    gauges);
        }
    }
}
