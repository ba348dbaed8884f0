package org.concurrencylab.results.usage;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * What the entry service called during one step: the downstream simulator (to show it was not the
 * bottleneck), or the next service of its chain.
 *
 * @param requests        calls it answered during the step
 * @param meanMillis      the mean time it took per call, by its own server timers (D plus its overhead)
 * @param aloneMeanMillis the same over requests sent one at a time after the warm-up: its time with nothing
 *                        else running, so that what the step's load added to it shows; NaN where it was
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
        double aloneMeanMillis,
        int peakLiveThreads,
        double cpuSeconds,
        Map<String, Held> holds) {

    /**
     * @param meanMillis     from acquiring the resource to releasing it
     * @param aloneMeanMillis the same, measured over requests sent one at a time after the warm-up: the
     *                        hold with nothing else running, so that what the step's load added to it is
     *                        this machine's; NaN where it was not measured
     */
    public record Held(long count, double meanMillis, double aloneMeanMillis) {}

    public DownstreamUsage {
        holds = holds == null ? Map.of() : new java.util.TreeMap<>(holds);
    }

    /** As read from results.json: a file written before the lab measured the service alone has no such figure. */
    @JsonCreator
    static DownstreamUsage read(
            @JsonProperty("requests") long requests,
            @JsonProperty("meanMillis") double meanMillis,
            @JsonProperty("aloneMeanMillis") Double aloneMeanMillis,
            @JsonProperty("peakLiveThreads") int peakLiveThreads,
            @JsonProperty("cpuSeconds") double cpuSeconds,
            @JsonProperty("holds") Map<String, Held> holds) {
        return new DownstreamUsage(
                requests,
                meanMillis,
                aloneMeanMillis == null ? Double.NaN : aloneMeanMillis,
                peakLiveThreads,
                cpuSeconds,
                holds);
    }
}
