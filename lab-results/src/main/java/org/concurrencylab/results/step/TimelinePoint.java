package org.concurrencylab.results.step;

import java.util.Map;

/**
 * One bin of a step's timeline.
 *
 * @param atSeconds          start of the bin since the step started, in the article's seconds (real / S)
 * @param started            requests due in this bin
 * @param completed          requests answered OK in this bin
 * @param failed             requests that failed in this bin (at their failure time)
 * @param latencyMillisP50   latency of the requests due in this bin that were answered OK; 0 if none
 * @param liveByPool         most live threads of each pool in the probe's samples within this bin
 */
public record TimelinePoint(
        double atSeconds,
        long started,
        long completed,
        long failed,
        double latencyMillisP50,
        double latencyMillisP95,
        double latencyMillisMax,
        Map<String, Integer> liveByPool) {}
