package org.concurrencylab.results.usage;

import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * What the entry service called during one step: the downstream simulator (to show it was not the
 * bottleneck), or the next service of its chain.
 *
 * @param requests        calls it answered during the step
 * @param meanMillis      the mean time it took per call, by its own server timers (D plus its overhead)
 * @param aloneMeanMillis the same over requests sent one at a time after the warm-up: its time with nothing
 *                        else running, so that what the step's load added to it shows; empty where it was
 *                        not measured (only where it times holds)
 * @param peakLiveThreads most live threads in its samples during the step
 * @param cpuSeconds      CPU it used during the step
 * @param holds           by resource, how often and how long its requests held what the capacity model
 *                        counts (legacy-chain: {@code hot-row}, the settings row's lock), by its own
 *                        timers; empty where it times none
 */
public record DownstreamUsage(
        long requests,
        double meanMillis,
        OptionalDouble aloneMeanMillis,
        int peakLiveThreads,
        double cpuSeconds,
        Map<String, Held> holds) {

    /**
     * @param meanMillis     from acquiring the resource to releasing it
     * @param aloneMeanMillis the same, measured over requests sent one at a time after the warm-up: the
     *                        hold with nothing else running, so that what the step's load added to it is
     *                        this machine's; empty where it was not measured
     */
    public record Held(long count, double meanMillis, OptionalDouble aloneMeanMillis) {

        public Held {
            aloneMeanMillis = aloneMeanMillis == null ? OptionalDouble.empty() : aloneMeanMillis;
        }
    }

    public DownstreamUsage {
        aloneMeanMillis = aloneMeanMillis == null ? OptionalDouble.empty() : aloneMeanMillis;
        holds = holds == null ? Map.of() : new TreeMap<>(holds);
    }
}
