package org.concurrencylab.report.diagnosis;

import static java.lang.String.format;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.concurrencylab.capacity.ServiceCapacityModel;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.results.step.StepResult;

/**
 * How fast one user of a study sends when nothing holds it back: one request every R + Z, a request's time and the
 * think time between requests. U users then send U / (R + Z) a second (Little's law for a closed loop), the rate
 * every sizing asks the pools to serve.
 *
 * @param aloneMillis R0: the lightest step's mean latency, the cycle {@link ServiceCapacityModel#userCycleMillis} less
 *                    the think time
 * @param thinkMillis Z: how long each user waited after an answer
 */
record UserPace(double aloneMillis, double thinkMillis) {

    /** The pace of one variant's steps, lightest first. */
    static UserPace of(List<StepResult> steps) {
        StepResult first = steps.getFirst();
        Double think = first.plan() == null ? null : first.plan().thinkSeconds();
        double thinkMillis = think == null ? 0 : 1000 * think;
        double cycle = ServiceCapacityModel.userCycleMillis(steps).orElse(0);
        return new UserPace(Math.max(0, cycle - thinkMillis), thinkMillis);
    }

    boolean known() {
        return aloneMillis > 0;
    }

    double cycleMillis() {
        return aloneMillis + thinkMillis;
    }

    /** What {@code users} users send a second at this pace. */
    double perSecond(int users) {
        return users * 1000 / cycleMillis();
    }

    /** The pace in words: "the lone request's 88.1 ms", and "and 100 ms of thinking" where the users think. */
    String describe() {
        return format(Locale.ROOT, "the lone request's %.1f ms", aloneMillis) + thinking();
    }

    /** {@code users} over the cycle in words: "4 / 88.1 ms", or "4 / (88.1 ms + 100 ms thinking)". */
    String over(int users) {
        return thinkMillis == 0
                ? format(Locale.ROOT, "%d / %.1f ms", users, aloneMillis)
                : format(Locale.ROOT, "%d / (%.1f ms + %.0f ms thinking)", users, aloneMillis, thinkMillis);
    }

    /**
     * What a step asks of the pools: an open step its arrivals a second; a closed one what its users send at
     * this pace. None where neither is known.
     */
    Optional<Demand> demandOf(StepResult step) {
        if (step.plan() != null && step.plan().ratePerSecond() != null) {
            return Optional.of(Demand.open(step.plan().ratePerSecond()));
        }
        return step.plan() == null || step.plan().users() == null || !known()
                ? Optional.empty()
                : Optional.of(closed(step.plan().users()));
    }

    /** What {@code users} users ask for at this pace. */
    Demand closed(int users) {
        return new Demand(this, users, 0);
    }

    /**
     * A rate the pools are asked to serve: a closed step's users at their pace, or an open step's arrivals.
     *
     * @param pace  the users' pace; null for an open step
     * @param users a closed step's users; 0 for an open one
     * @param rate  an open step's arrivals a second; 0 for a closed one
     */
    record Demand(UserPace pace, int users, double rate) {

        static Demand open(double rate) {
            return new Demand(null, 0, rate);
        }

        boolean open() {
            return pace == null;
        }

        /** The requests a second it asks for. */
        double perSecond() {
            return open() ? rate : pace.perSecond(users);
        }

        /** The step as a sentence names it: "64 users", "200/s". */
        String name() {
            return open() ? format(Locale.ROOT, "%.0f/s", rate) : LoadStep.users(users);
        }

        /** How: "64 / (88.1 ms + 100 ms thinking)", or the rate itself. */
        String derivation() {
            return open() ? name() : pace.over(users);
        }

        /** Who asks, in words: "64 users at the lone request's 88.1 ms", "200 arrivals a second". */
        String who() {
            return open() ? format(Locale.ROOT, "%.0f arrivals a second", rate) : name() + " at " + pace.describe();
        }

        /** Twice this: the next step where the study declares none. */
        Demand doubled() {
            return open() ? open(2 * rate) : pace.closed(2 * users);
        }
    }

    private String thinking() {
        return thinkMillis == 0 ? "" : format(Locale.ROOT, " and %.0f ms of thinking", thinkMillis);
    }
}
