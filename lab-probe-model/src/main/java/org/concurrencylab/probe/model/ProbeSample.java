package org.concurrencylab.probe.model;

import java.util.Map;

/**
 * One sample of the service's threads and resources.
 *
 * @param epochMillis        wall-clock time of the sample, comparable with the driver's clock (same host)
 * @param liveThreads        live platform threads
 * @param pools              platform threads by pool
 * @param virtualMounted     virtual threads mounted on a carrier, or -1 where the JDK does not tell
 * @param virtualQueued      virtual threads queued for a carrier, or -1 where the JDK does not tell
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
        long virtualMounted,
        long virtualQueued,
        long heapUsedBytes,
        long processCpuNanos,
        Map<String, Map<String, Integer>> activities,
        Map<String, PoolGauge> gauges) {

    public ProbeSample {
        gauges = gauges == null ? Map.of() : Map.copyOf(gauges);
    }
}
