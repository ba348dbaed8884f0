package org.concurrencylab.results.usage;

import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What the service process used during the step. A figure the machine could not give is empty.
 *
 * @param voluntaryContextSwitches   times its threads gave up a core to wait, during the step; empty where
 *                                   the machine does not count them per thread (no /proc)
 * @param involuntaryContextSwitches times the kernel took a core from its threads; empty likewise
 * @param jitCpuSeconds   CPU the JIT compiler threads used during the step, empty where the machine does not
 *                        tell it: much of it means the step measured a service still warming up
 * @param serverRequests   requests the service's own timers (http.server.requests) counted in the step
 * @param serverMeanMillis their mean time by those timers: from the handler's filter to the answer,
 *                         so without the time a request waited before a thread took it
 * @param virtualThreadPins times in the step a virtual thread blocked for 20 ms or more while pinned to its
 *                          carrier (JFR's {@code jdk.VirtualThreadPinned}, counted by the lab's agent); empty
 *                          where nothing counted them (the lab's own services)
 */
public record ProcessUsage(
        double cpuSeconds,
        long heapPeakBytes,
        OptionalLong voluntaryContextSwitches,
        OptionalLong involuntaryContextSwitches,
        OptionalDouble jitCpuSeconds,
        long serverRequests,
        double serverMeanMillis,
        OptionalLong virtualThreadPins) {

    public ProcessUsage {
        voluntaryContextSwitches = voluntaryContextSwitches == null ? OptionalLong.empty() : voluntaryContextSwitches;
        involuntaryContextSwitches =
                involuntaryContextSwitches == null ? OptionalLong.empty() : involuntaryContextSwitches;
        jitCpuSeconds = jitCpuSeconds == null ? OptionalDouble.empty() : jitCpuSeconds;
        virtualThreadPins = virtualThreadPins == null ? OptionalLong.empty() : virtualThreadPins;
    }

    /** Usage where nothing counted pinned virtual threads. */
    public ProcessUsage(
            double cpuSeconds,
            long heapPeakBytes,
            OptionalLong voluntaryContextSwitches,
            OptionalLong involuntaryContextSwitches,
            OptionalDouble jitCpuSeconds,
            long serverRequests,
            double serverMeanMillis) {
        this(
                cpuSeconds,
                heapPeakBytes,
                voluntaryContextSwitches,
                involuntaryContextSwitches,
                jitCpuSeconds,
                serverRequests,
                serverMeanMillis,
                OptionalLong.empty());
    }

    /** The JIT's CPU over the step's wall time: the share of one core it took; empty where either is unknown. */
    public OptionalDouble jitShareOfACore(double elapsedSeconds) {
        return jitCpuSeconds.isEmpty() || elapsedSeconds <= 0
                ? OptionalDouble.empty()
                : OptionalDouble.of(jitCpuSeconds.getAsDouble() / elapsedSeconds);
    }
}
