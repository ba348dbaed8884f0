package org.concurrencylab.probe.model;

import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Cumulative counters of the process, read on demand rather than every sample because the context
 * switches need one /proc read per thread. A counter nobody counts on this host or by this probe is
 * empty, never a number.
 *
 * @param voluntaryContextSwitches   over the process's threads so far; empty where /proc is not available
 * @param involuntaryContextSwitches over the process's threads so far; empty where /proc is not available
 * @param jitCpuNanos                CPU the JIT compiler threads have used so far; empty where /proc or its
 *                                   schedstat is not available
 * @param serverRequests             requests the service has answered so far (Actuator's own excluded)
 * @param serverRequestNanos         the time it took over them, by its own timers
 * @param holds                      by resource: how often and how long the service's requests held a
 *                                   resource its experiment's capacity model counts (a hot row's lock), by
 *                                   the service's own {@code lab.hold} timers; empty where it times none
 * @param virtualThreadPins          times so far a virtual thread blocked while pinned to its carrier for 20 ms
 *                                   or more (JFR's {@code VirtualThreadPinned}); empty where nobody counts
 * @param probeCpuNanos              CPU the probe's own threads have used so far (the lab's agent: its sampler,
 *                                   its server, JFR's threads); empty where the probe does not count it
 */
public record ProcessCounters(
        long epochMillis,
        long processCpuNanos,
        long heapUsedBytes,
        OptionalLong voluntaryContextSwitches,
        OptionalLong involuntaryContextSwitches,
        OptionalLong jitCpuNanos,
        long serverRequests,
        long serverRequestNanos,
        Map<String, TimerTotals> holds,
        OptionalLong virtualThreadPins,
        OptionalLong probeCpuNanos) {

    public ProcessCounters {
        voluntaryContextSwitches = orEmpty(voluntaryContextSwitches);
        involuntaryContextSwitches = orEmpty(involuntaryContextSwitches);
        jitCpuNanos = orEmpty(jitCpuNanos);
        holds = holds == null ? Map.of() : Map.copyOf(holds);
        virtualThreadPins = orEmpty(virtualThreadPins);
        probeCpuNanos = orEmpty(probeCpuNanos);
    }

    /** A builder of counters by name: each optional counter empty, and each other one zero, until set. */
    public static Builder custom() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.epochMillis = epochMillis;
        builder.processCpuNanos = processCpuNanos;
        builder.heapUsedBytes = heapUsedBytes;
        builder.voluntaryContextSwitches = voluntaryContextSwitches;
        builder.involuntaryContextSwitches = involuntaryContextSwitches;
        builder.jitCpuNanos = jitCpuNanos;
        builder.serverRequests = serverRequests;
        builder.serverRequestNanos = serverRequestNanos;
        builder.holds = holds;
        builder.virtualThreadPins = virtualThreadPins;
        builder.probeCpuNanos = probeCpuNanos;
        return builder;
    }

    /** The same, with the service's own timers: what it served, and what its requests held. */
    public ProcessCounters withTimers(TimerTotals served, Map<String, TimerTotals> held) {
        return toBuilder().served(served).holds(held).build();
    }

    /** The same, with what only the lab's agent counts. */
    public ProcessCounters withAgentCounts(long pins, long probeCpu) {
        return toBuilder().virtualThreadPins(pins).probeCpuNanos(probeCpu).build();
    }

    /** The requests the service answered since an earlier reading, by its own server timers. */
    public TimerTotals servedSince(ProcessCounters earlier) {
        return new TimerTotals(serverRequests, serverRequestNanos)
                .minus(new TimerTotals(earlier.serverRequests, earlier.serverRequestNanos));
    }

    /** The holds of a resource since an earlier reading. */
    public TimerTotals heldSince(ProcessCounters earlier, String resource) {
        return holds.getOrDefault(resource, TimerTotals.NONE)
                .minus(earlier.holds.getOrDefault(resource, TimerTotals.NONE));
    }

    /** What a counter counted between an earlier reading and this one; empty where either did not count it. */
    public static OptionalLong since(OptionalLong earlier, OptionalLong later) {
        return earlier.isPresent() && later.isPresent()
                ? OptionalLong.of(later.getAsLong() - earlier.getAsLong())
                : OptionalLong.empty();
    }

    private static OptionalLong orEmpty(OptionalLong value) {
        return value == null ? OptionalLong.empty() : value;
    }

    /** Builds counters by name; a counter not set is empty (or zero, for those every probe counts). */
    public static final class Builder {
        private long epochMillis;
        private long processCpuNanos;
        private long heapUsedBytes;
        private OptionalLong voluntaryContextSwitches = OptionalLong.empty();
        private OptionalLong involuntaryContextSwitches = OptionalLong.empty();
        private OptionalLong jitCpuNanos = OptionalLong.empty();
        private long serverRequests;
        private long serverRequestNanos;
        private Map<String, TimerTotals> holds = Map.of();
        private OptionalLong virtualThreadPins = OptionalLong.empty();
        private OptionalLong probeCpuNanos = OptionalLong.empty();

        private Builder() {}

        public Builder epochMillis(long epochMillis) {
            this.epochMillis = epochMillis;
            return this;
        }

        public Builder processCpuNanos(long processCpuNanos) {
            this.processCpuNanos = processCpuNanos;
            return this;
        }

        public Builder heapUsedBytes(long heapUsedBytes) {
            this.heapUsedBytes = heapUsedBytes;
            return this;
        }

        public Builder contextSwitches(long voluntary, long involuntary) {
            this.voluntaryContextSwitches = OptionalLong.of(voluntary);
            this.involuntaryContextSwitches = OptionalLong.of(involuntary);
            return this;
        }

        public Builder jitCpuNanos(OptionalLong jitCpuNanos) {
            this.jitCpuNanos = jitCpuNanos;
            return this;
        }

        /** What the service's own server timers counted so far. */
        public Builder served(TimerTotals served) {
            this.serverRequests = served.count();
            this.serverRequestNanos = served.totalNanos();
            return this;
        }

        public Builder holds(Map<String, TimerTotals> holds) {
            this.holds = holds;
            return this;
        }

        public Builder virtualThreadPins(long pins) {
            this.virtualThreadPins = OptionalLong.of(pins);
            return this;
        }

        public Builder probeCpuNanos(long probeCpuNanos) {
            this.probeCpuNanos = OptionalLong.of(probeCpuNanos);
            return this;
        }

        public ProcessCounters build() {
            if (epochMillis < 0 || serverRequests < 0 || serverRequestNanos < 0) {
                throw new IllegalStateException(
                        "counters are read at a time since the epoch; requests count up from 0");
            }
            Objects.requireNonNull(holds, "holds");
            return new ProcessCounters(
                    epochMillis,
                    processCpuNanos,
                    heapUsedBytes,
                    voluntaryContextSwitches,
                    involuntaryContextSwitches,
                    jitCpuNanos,
                    serverRequests,
                    serverRequestNanos,
                    holds,
                    virtualThreadPins,
                    probeCpuNanos);
        }
    }
}
