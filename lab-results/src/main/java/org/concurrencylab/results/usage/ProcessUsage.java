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
 *                          carrier (JFR's {@code VirtualThreadPinned}, counted by the lab's agent by when each
 *                          pin ended, once JFR had handed over the step's last); empty where nothing counted them
 *                          (the lab's own services)
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

    /** Usage built by name: each count a machine may not give empty, each other figure zero, until set. */
    public static Builder custom() {
        return new Builder();
    }

    /** Builds a {@link ProcessUsage} by name. */
    public static final class Builder {
        private double cpuSeconds;
        private long heapPeakBytes;
        private OptionalLong voluntaryContextSwitches = OptionalLong.empty();
        private OptionalLong involuntaryContextSwitches = OptionalLong.empty();
        private OptionalDouble jitCpuSeconds = OptionalDouble.empty();
        private long serverRequests;
        private double serverMeanMillis;
        private OptionalLong virtualThreadPins = OptionalLong.empty();

        private Builder() {}

        public Builder cpuSeconds(double cpuSeconds) {
            this.cpuSeconds = cpuSeconds;
            return this;
        }

        public Builder heapPeakBytes(long heapPeakBytes) {
            this.heapPeakBytes = heapPeakBytes;
            return this;
        }

        public Builder voluntaryContextSwitches(OptionalLong voluntaryContextSwitches) {
            this.voluntaryContextSwitches = voluntaryContextSwitches;
            return this;
        }

        public Builder involuntaryContextSwitches(OptionalLong involuntaryContextSwitches) {
            this.involuntaryContextSwitches = involuntaryContextSwitches;
            return this;
        }

        public Builder jitCpuSeconds(OptionalDouble jitCpuSeconds) {
            this.jitCpuSeconds = jitCpuSeconds;
            return this;
        }

        public Builder serverRequests(long serverRequests) {
            this.serverRequests = serverRequests;
            return this;
        }

        public Builder serverMeanMillis(double serverMeanMillis) {
            this.serverMeanMillis = serverMeanMillis;
            return this;
        }

        public Builder virtualThreadPins(OptionalLong virtualThreadPins) {
            this.virtualThreadPins = virtualThreadPins;
            return this;
        }

        public ProcessUsage build() {
            if (!(cpuSeconds >= 0) || heapPeakBytes < 0 || serverRequests < 0 || serverMeanMillis < 0) {
                throw new IllegalStateException("a process's CPU, heap peak, requests and their mean are zero or more");
            }
            return new ProcessUsage(
                    cpuSeconds,
                    heapPeakBytes,
                    voluntaryContextSwitches,
                    involuntaryContextSwitches,
                    jitCpuSeconds,
                    serverRequests,
                    serverMeanMillis,
                    virtualThreadPins);
        }
    }

    /** The JIT's CPU over the step's wall time: the share of one core it took; empty where either is unknown. */
    public OptionalDouble jitShareOfACore(double elapsedSeconds) {
        return jitCpuSeconds.isEmpty() || elapsedSeconds <= 0
                ? OptionalDouble.empty()
                : OptionalDouble.of(jitCpuSeconds.getAsDouble() / elapsedSeconds);
    }
}
