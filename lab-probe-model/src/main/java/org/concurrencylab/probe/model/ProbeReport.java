package org.concurrencylab.probe.model;

import java.util.List;
import java.util.Map;

/**
 * What the probe endpoint answers: the service's sizing, its counters now, buffered samples, and where
 * its CPU went since the same time ({@link CpuProfile#EMPTY} when not asked for a time).
 */
public record ProbeReport(Map<String, Object> sizing, ProcessCounters counters, List<ProbeSample> samples,
                          CpuProfile profile) {
}
