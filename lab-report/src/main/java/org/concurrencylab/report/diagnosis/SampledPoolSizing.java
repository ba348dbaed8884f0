package org.concurrencylab.report.diagnosis;

import static java.lang.String.format;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.concurrencylab.results.step.StepResult;

/**
 * Little's law for a pool that counts nothing over JMX (Reactor's schedulers, an application's own executors):
 * its threads busy with requests on average, read from the stack samples instead of the pool's own count,
 * over the step's throughput, give how long each request holds one of them, W = L / X; U users answered in
 * the lone request's time, thinking between requests, would keep U / (R0 + Z) x W of them busy, and an open
 * step's arrivals their rate x W. A busy thread is one holding a request (a
 * task waits in the pool's queue without one), so W is the hold even where the pool was full. Samples
 * are fewer than a pool's own count (the agent reads stacks at most four times a second), so the sentence
 * says how many it rests on.
 */
final class SampledPoolSizing {

    /** Fewer busy threads than this on average: the pool is not where the requests spend their time. */
    private static final double AT_LEAST_BUSY = 1;

    private SampledPoolSizing() {}

    /** The sentence for step {@code index} of one variant's steps (lightest first); none where its pools count themselves. */
    static Optional<String> sentence(List<StepResult> steps, int index) {
        StepResult step = steps.get(index);
        Optional<UserPace.Demand> asked = UserPace.of(steps).demandOf(step);
        if (!step.service().pools().isEmpty()
                || step.service().threads() == null
                || step.service().threads().stackSamples() == 0
                || asked.isEmpty()
                || step.client().throughputPerSecond() <= 0) {
            return Optional.empty();
        }
        Map<String, Map<String, Double>> pools = step.service().threads().activityByPool();
        return pools.keySet().stream()
                .filter(pool -> !Diagnosis.BACKGROUND.contains(pool) && !PinnedVirtualThreads.CARRIERS.equals(pool))
                .filter(pool -> Diagnosis.busy(pools.get(pool)) >= AT_LEAST_BUSY)
                .max(Comparator.comparingDouble(pool -> Diagnosis.busy(pools.get(pool))))
                .map(pool -> {
                    double busy = Diagnosis.busy(pools.get(pool));
                    double live = pools.get(pool).values().stream()
                            .mapToDouble(Double::doubleValue)
                            .sum();
                    double hold = busy / step.client().throughputPerSecond();
                    UserPace.Demand demand = asked.get();
                    return format(
                            Locale.ROOT,
                            "%s, which counts nothing over JMX: %.1f of its %.1f threads held a request on "
                                    + "average (from %d stack samples) at %.1f/s, so each request holds one for %.1f ms (Little's law); "
                                    + "%s would keep %d busy, %s %d.",
                            pool,
                            busy,
                            live,
                            step.service().threads().stackSamples(),
                            step.client().throughputPerSecond(),
                            1000 * hold,
                            demand.who(),
                            PoolSizing.needed(hold, demand),
                            demand.doubled().name(),
                            PoolSizing.needed(hold, demand.doubled()));
                });
    }
}
