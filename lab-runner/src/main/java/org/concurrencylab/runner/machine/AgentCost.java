package org.concurrencylab.runner.machine;

import static java.lang.String.format;

import java.util.Locale;
import org.concurrencylab.driver.LoadResult;

/**
 * What the lab's agent costs an application: the same step with the agent probing and without
 * it (the agent then only watches the lab's process), and the agent's own threads' CPU.
 *
 * @param load         the step, as "8 users" or "100/s": the heaviest of the study where nothing held the load back
 * @param with         the step with the agent probing, right after the study's own steps
 * @param without      the same step in a fresh JVM without the probe, after the same warm-up and one
 *                     unmeasured run of the step, so that its JIT had as long to compile the request path
 * @param agentCores   the agent's own threads' CPU during the step with it, in cores
 */
public record AgentCost(String load, LoadResult with, LoadResult without, double agentCores) {

    public String sentence() {
        double withP50 = with.okLatencyMicros().getValueAtPercentile(50) / 1000.0;
        double withoutP50 = without.okLatencyMicros().getValueAtPercentile(50) / 1000.0;
        return format(
                Locale.ROOT,
                "The agent's cost at %s (the same step with the agent, then in a fresh JVM without it): "
                        + "%.1f/s against %.1f/s (%+.1f %%), p50 %.2f against %.2f ms (%+.1f %%); its own threads used %.2f %% of a core.",
                load,
                with.throughputPerSecond(),
                without.throughputPerSecond(),
                100 * (with.throughputPerSecond() / without.throughputPerSecond() - 1),
                withP50,
                withoutP50,
                100 * (withP50 / withoutP50 - 1),
                100 * agentCores);
    }
}
