package org.concurrencylab.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.interval.Interval;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.statistics.ForkSample;

/**
 * A closed step that served more than its users allow at their measured pace, beyond both intervals: a bound is an
 * upper limit, so one a step beats by more than the forks' spread was measured wrong. The users' pace is read at the
 * lightest step ({@link ServiceCapacityModel#userCycleMillis}); with few users the cores and the threads of each
 * hand-over go idle between one request and the next and each request waits for them to wake, so that pace can be
 * slower than a request's with more users in flight, and their bound U / (R0 + Z) too low.
 *
 * @param step              the step's name
 * @param users             its users
 * @param served            what it served, the mean over the forks, and its interval
 * @param servedInterval    that interval
 * @param bound             what its users allow at the measured pace, the mean over the forks
 * @param boundInterval     that bound's interval
 * @param paceMillis        the users' cycle the bound divides by, the mean over the forks
 * @param cycleAtStepMillis each user's cycle in the step itself, its users over its throughput
 */
public record BeatenBound(
        String step,
        int users,
        double served,
        Interval servedInterval,
        double bound,
        Interval boundInterval,
        double paceMillis,
        double cycleAtStepMillis) {

    /** How far the step beat its bound, as a share of the bound: 0.12 for 112 %. */
    public double by() {
        return served / bound - 1;
    }

    /** The steps of a variant run in forks that beat their users' bound beyond both intervals; none for one fork. */
    public static List<BeatenBound> of(VariantResult variant, double level) {
        List<VariantResult> forks =
                variant.forks().stream().filter(VariantResult::ok).toList();
        if (forks.size() < 2) {
            return List.of();
        }
        List<BeatenBound> beaten = new ArrayList<>();
        for (StepResult step : variant.steps()) {
            if (step.plan() == null
                    || step.plan().users() == null
                    || step.plan().ratePerSecond() != null
                    || step.client().throughputPerSecondInterval() == null) {
                continue;
            }
            int users = step.plan().users();
            List<Double> bounds = new ArrayList<>();
            List<Double> paces = new ArrayList<>();
            for (VariantResult fork : forks) {
                OptionalDouble cycle = ServiceCapacityModel.userCycleMillis(fork.steps());
                if (cycle.isPresent() && cycle.getAsDouble() > 0) {
                    paces.add(cycle.getAsDouble());
                    bounds.add(users * 1000 / cycle.getAsDouble());
                }
            }
            if (bounds.size() < 2) {
                continue;
            }
            ForkSample bound = ForkSample.of(bounds);
            Interval boundInterval = bound.interval(level).orElseThrow();
            Interval served = step.client().throughputPerSecondInterval();
            if (boundInterval.below(served)) {
                beaten.add(new BeatenBound(
                        step.load(),
                        users,
                        step.client().throughputPerSecond(),
                        served,
                        bound.mean(),
                        boundInterval,
                        ForkSample.of(paces).mean(),
                        users * 1000 / step.client().throughputPerSecond()));
            }
        }
        return beaten;
    }
}
