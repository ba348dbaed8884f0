package org.concurrencylab.probe.model;

import java.util.List;
import java.util.Map;

/** What the probe endpoint answers: the service's sizing, its counters now, and buffered samples. */
public record ProbeReport(Map<String, Object> sizing, ProcessCounters counters, List<ProbeSample> samples) {
}
