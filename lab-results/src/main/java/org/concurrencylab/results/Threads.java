package org.concurrencylab.results;

import java.util.List;
import java.util.Map;

/**
 * Threads of the service during the step.
 *
 * @param peakLive   most live platform threads in any sample
 * @param peakByPool most live threads of each pool in any sample
 * @param samples    the samples taken during the step, for time charts
 */
public record Threads(int peakLive, Map<String, Integer> peakByPool, List<ThreadSample> samples) {
}
