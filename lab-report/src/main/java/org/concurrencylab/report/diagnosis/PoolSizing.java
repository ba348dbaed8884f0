package org.concurrencylab.report.diagnosis;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.concurrencylab.capacity.LittlesLaw;
import org.concurrencylab.capacity.ServiceCapacityModel;
import org.concurrencylab.results.capacity.PoolLimits;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.PoolOccupancy;

/**
 * The articles' method on a step of pools that count themselves: which pool held the load back, the size
 * Little's law asks of it, and what would run out next. Each request holds a member of a pool for
 * W = L / X, the pool's mean occupancy over the throughput, read at the heaviest step where nothing
 * queued (where W is the hold itself, not the hold plus a wait); U users answered at the lone request's
 * time R0, thinking Z between requests, would send X = U / (R0 + Z), and need X x W members; an open step's
 * arrivals ask for their rate X whatever the answers.
 */
public final class PoolSizing {

    private PoolSizing() {}

    /** The sentence for step {@code index} of {@code steps} (one variant's, lightest first); none where no pool counts itself. */
    public static Optional<String> sentence(List<StepResult> steps, int index) {
        StepResult step = steps.get(index);
        UserPace pace = UserPace.of(steps);
        Optional<UserPace.Demand> asked = pace.demandOf(step);
        if (step.service().pools().isEmpty() || asked.isEmpty()) {
            return Optional.empty();
        }
        UserPace.Demand demand = asked.get();
        StepResult reference = reference(steps, index);
        UserPace.Demand next = (index + 1 < steps.size()
                        ? pace.demandOf(steps.get(index + 1))
                        : Optional.<UserPace.Demand>empty())
                .orElse(demand.doubled());
        Optional<String> holding = PoolLimits.holdingBack(step);
        StringBuilder sentence = new StringBuilder();
        if (holding.isPresent()) {
            PoolOccupancy pool = step.service().pools().get(holding.get());
            sentence.append(format(
                    Locale.ROOT,
                    "%s held the load back at %s: all %d %s taken in %.0f %% of the samples%s. ",
                    holding.get(),
                    demand.name(),
                    pool.max(),
                    pool.kind(),
                    100 * pool.fullShare(),
                    pool.meanWaiting() == null
                            ? format(
                                    Locale.ROOT,
                                    ", and %.1f/s is %.0f %% of %s",
                                    step.client().throughputPerSecond(),
                                    100
                                            * step.client().throughputPerSecond()
                                            / step.bound().littlesLawPerSecond(),
                                    demand.open() ? "the rate" : "what the users alone allow")
                            : format(Locale.ROOT, ", %.1f callers waiting for one on average", pool.meanWaiting())));
            sizing(sentence, holding.get(), reference, demand, next);
            next(step, reference, holding.get(), demand)
                    .ifPresent(text -> sentence.append(" Then ").append(text));
        } else if (demand.open()) {
            sentence.append(format(
                    Locale.ROOT,
                    "nothing held the arrivals back at %s: %.1f/s answered, %.0f %% of the rate",
                    demand.name(),
                    step.client().throughputPerSecond(),
                    100 * step.client().throughputPerSecond() / demand.perSecond()));
        } else {
            Optional<ResourceDemand> other = limitOtherThanTheUsers(steps, index);
            if (other.isPresent()) {
                sentence.append(otherLimit(other.get(), step, demand));
            } else {
                sentence.append(format(
                        Locale.ROOT,
                        "the users were the limit at %s: %.1f/s is %.0f %% of what they allow alone " + "(%s)",
                        demand.name(),
                        step.client().throughputPerSecond(),
                        100 * step.client().throughputPerSecond() / demand.perSecond(),
                        demand.derivation()));
            }
        }
        if (holding.isEmpty()) {
            fullest(step)
                    .ifPresent(pool -> sentence.append(format(
                            Locale.ROOT,
                            "; the fullest pool, %s, had %.1f of its %d %s taken on average",
                            pool.getKey(),
                            pool.getValue().meanBusy(),
                            pool.getValue().max(),
                            pool.getValue().kind())));
            sentence.append('.');
        }
        return Optional.of(sentence.toString());
    }

    /**
     * What the capacity model, weighing every resource at once, finds allows least at step {@code index}, where that is
     * not the users themselves: a closed step no pool held back may still have been held by this machine's cores. The
     * model is the one of an application free to run on every core, so the cores are this machine's, all of them.
     */
    static Optional<ResourceDemand> limitOtherThanTheUsers(List<StepResult> steps, int index) {
        return ServiceCapacityModel.of("", steps.subList(0, index + 1))
                .flatMap(model -> model.resource(model.limit()))
                .filter(limit -> !limit.isLoad());
    }

    private static String otherLimit(ResourceDemand limit, StepResult step, UserPace.Demand demand) {
        String what = ResourceDemand.CORES.equals(limit.kind())
                ? format(
                        Locale.ROOT,
                        "this machine's %.0f cores were the limit at %s: at %.2f ms of CPU a request on every process "
                                + "here (the lab's load driver's included) they allow %.1f/s",
                        limit.size(),
                        demand.name(),
                        limit.holdMillis(),
                        limit.allowsPerSecond())
                : format(
                        Locale.ROOT,
                        "%s was the limit at %s: %.0f members, each held %.2f ms a request, allow %.1f/s",
                        limit.name(),
                        demand.name(),
                        limit.size(),
                        limit.holdMillis(),
                        limit.allowsPerSecond());
        return format(
                        Locale.ROOT,
                        "%s; %.1f/s served, %.0f %% of it, where the users alone would send %.0f/s (%s)",
                        what,
                        step.client().throughputPerSecond(),
                        100 * step.client().throughputPerSecond() / limit.allowsPerSecond(),
                        demand.perSecond(),
                        demand.derivation())
                + (ResourceDemand.CORES.equals(limit.kind()) ? Diagnosis.hottest(step) : "");
    }

    /** The heaviest step up to {@code index} where nothing held the load back and nothing failed; the step itself if none. */
    public static StepResult reference(List<StepResult> steps, int index) {
        for (int i = index; i >= 0; i--) {
            StepResult candidate = steps.get(i);
            if (candidate.client().requests().failed() == 0
                    && PoolLimits.holdingBack(candidate).isEmpty()
                    && candidate.client().throughputPerSecond() > 0) {
                return candidate;
            }
        }
        return steps.get(index);
    }

    /** W, in seconds: how long each request holds one of the pool's members, by Little's law at the reference step. */
    public static double holdSeconds(StepResult reference, String pool) {
        PoolOccupancy occupancy = reference.service().pools().get(pool);
        return occupancy == null || reference.client().throughputPerSecond() <= 0
                ? 0
                : occupancy.meanBusy() / reference.client().throughputPerSecond();
    }

    /**
     * The members a demand of so many requests a second asks for, each held so long, rounded up beyond the
     * measurement's precision ({@link LittlesLaw#OCCUPANCY_PRECISION}); none for a demand that holds nothing.
     */
    static int needed(double holdSeconds, UserPace.Demand demand) {
        double exact = demand.perSecond() * holdSeconds;
        return exact <= 0 ? 0 : LittlesLaw.membersFor(exact);
    }

    private static void sizing(
            StringBuilder sentence, String pool, StepResult reference, UserPace.Demand demand, UserPace.Demand next) {
        PoolOccupancy occupancy = reference.service().pools().get(pool);
        double hold = holdSeconds(reference, pool);
        sentence.append(format(
                Locale.ROOT,
                "Each request holds one for %.1f ms (Little's law at %s: %.2f in use at %.1f/s); "
                        + "%s ask for %.0f/s, which need %d (%s x %.1f ms), and %s %d.",
                1000 * hold,
                reference.load(),
                occupancy == null ? 0 : occupancy.meanBusy(),
                reference.client().throughputPerSecond(),
                demand.who(),
                demand.perSecond(),
                needed(hold, demand),
                demand.derivation(),
                1000 * hold,
                next.name(),
                needed(hold, next)));
    }

    /** What would run out next once the bottleneck is sized: the pool that would be fullest, and the CPU. */
    private static Optional<String> next(
            StepResult step, StepResult reference, String bottleneck, UserPace.Demand demand) {
        List<String> parts = new ArrayList<>();
        step.service().pools().keySet().stream()
                .filter(pool -> !pool.equals(bottleneck))
                .max(Comparator.comparingDouble(pool -> needed(holdSeconds(reference, pool), demand)
                        / (double) step.service().pools().get(pool).max()))
                .ifPresent(pool -> parts.add(format(
                        Locale.ROOT,
                        "%s would be the fullest pool: %d of its %d %s at %s",
                        pool,
                        needed(holdSeconds(reference, pool), demand),
                        step.service().pools().get(pool).max(),
                        step.service().pools().get(pool).kind(),
                        demand.name())));
        OptionalDouble measured = ServiceCapacityModel.serviceCpuMillis(reference);
        if (measured.isPresent()) {
            double cpu = measured.getAsDouble();
            parts.add(format(
                    Locale.ROOT,
                    "the service's CPU, %.2f ms per request, would keep %.2f of its %d cores busy",
                    cpu,
                    cpu * demand.perSecond() / 1000,
                    reference.machine().cores()));
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", parts) + ".");
    }

    private static Optional<Map.Entry<String, PoolOccupancy>> fullest(StepResult step) {
        return step.service().pools().entrySet().stream()
                .max(Comparator.comparingDouble(
                        pool -> pool.getValue().meanBusy() / pool.getValue().max()));
    }
}
