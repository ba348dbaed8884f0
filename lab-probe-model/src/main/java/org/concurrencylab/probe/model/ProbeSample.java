package org.concurrencylab.probe.model;

import java.util.Map;
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
}
