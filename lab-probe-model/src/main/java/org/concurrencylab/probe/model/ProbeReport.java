package org.concurrencylab.probe.model;

import java.util.List;
import java.util.Map;

/**
 * What the probe endpoint answers: the service's sizing, its counters now, buffered samples, where its
 * CPU went since the same time ({@link CpuProfile#EMPTY} when not asked for a time), the windows
 * of its own meters since then, and the pinned virtual threads that ended since then.
 *
 * @param pins null where nobody counts pins (only the lab's agent does) or no time was asked for
 */
public record ProbeReport(
        Map<String, Object> sizing,
        ProcessCounters counters,
        List<ProbeSample> samples,
        CpuProfile profile,
        List<MeterWindow> windows,
        PinsSince pins) {

    public ProbeReport {
        windows = windows == null ? List.of() : List.copyOf(windows);
    }

    /** The same report with the pins of a later read, whose count covers more of its window. */
    public ProbeReport withPins(PinsSince later) {
        return new ProbeReport(sizing, counters, samples, profile, windows, later);
    }
}
