package org.concurrencylab.probe.model;

import java.util.List;
import java.util.Map;

/**
 * What the probe endpoint answers: the service's sizing, its counters now, buffered samples, where its
 * CPU went since the same time ({@link CpuProfile#EMPTY} when not asked for a time), and the windows
 * of its own meters since then.
 */
public record ProbeReport(
        Map<String, Object> sizing,
        ProcessCounters counters,
        List<ProbeSample> samples,
        CpuProfile profile,
        List<MeterWindow> windows) {

    public ProbeReport {
        windows = windows == null ? List.of() : List.copyOf(windows);
    }
}
