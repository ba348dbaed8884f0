package org.concurrencylab.report;

import static java.lang.String.format;

import java.util.List;
import java.util.Locale;
import org.concurrencylab.results.StepResult;

/**
 * How fast one user of a study sends when nothing holds it back: one request every R0 + Z, the lone
 * request's time and the think time between requests. U users then send U / (R0 + Z) a second (Little's law
 * for a closed loop), the rate every sizing asks the pools to serve.
 *
 * @param aloneMillis R0: the first (lightest) step's mean latency
 * @param thinkMillis Z: how long each user waited after an answer
 */
record UserPace(double aloneMillis, double thinkMillis) {

    /** The pace of one variant's steps, lightest first. */
    static UserPace of(List<StepResult> steps) {
        StepResult first = steps.getFirst();
        Double think = first.plan() == null ? null : first.plan().thinkSeconds();
        return new UserPace(first.latencyMillis().mean(), think == null ? 0 : 1000 * think);
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
        return thinkMillis == 0 ? format(Locale.ROOT, "%d / %.1f ms", users, aloneMillis)
                : format(Locale.ROOT, "%d / (%.1f ms + %.0f ms thinking)", users, aloneMillis, thinkMillis);
    }

    private String thinking() {
        return thinkMillis == 0 ? "" : format(Locale.ROOT, " and %.0f ms of thinking", thinkMillis);
    }
}
