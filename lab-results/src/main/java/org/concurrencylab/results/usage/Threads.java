package org.concurrencylab.results.usage;

import java.util.List;
import java.util.Map;

/**
 * Threads of the service during the step.
 *
 * @param peakLive   most live platform threads in any sample
 * @param peakByPool most live threads of each pool in any sample
 * @param samples    the samples taken during the step, for time charts
 * @param stackSamples    how many of the samples read the threads' stacks
 * @param activityByPool  threads of each pool by what they were doing, averaged over those samples:
 *                        RUNNING_ON_CPU, SOCKET_READ, FUTURE_WAIT, SLEEPING, LOCK_WAIT (taken by a
 *                        request), IO_EVENT_WAIT, IDLE, OTHER_WAIT (free)
 * @param beforeLoad the newest sample before the step's first request (its time negative): the threads the
 *                   pools held when the load came; null where not sampled (results written before it)
 * @param afterLoad  a sample taken a rest after the step's last answer: the threads the pools kept once the
 *                   traffic was gone; null where the step had no rest after it (only a variant's last step has)
 */
public record Threads(
        int peakLive,
        Map<String, Integer> peakByPool,
        List<ThreadSample> samples,
        int stackSamples,
        Map<String, Map<String, Double>> activityByPool,
        ThreadSample beforeLoad,
        ThreadSample afterLoad) {

    /** Threads sampled during the step only, neither before nor after it. */
    public Threads(
            int peakLive,
            Map<String, Integer> peakByPool,
            List<ThreadSample> samples,
            int stackSamples,
            Map<String, Map<String, Double>> activityByPool) {
        this(peakLive, peakByPool, samples, stackSamples, activityByPool, null, null);
    }
}
