package org.concurrencylab.catalog.fanout;

import static java.lang.String.format;
import static org.concurrencylab.catalog.claim.Thresholds.percent;
import static org.concurrencylab.catalog.fanout.FanOutExperiment.*;
import static org.concurrencylab.catalog.fanout.FanOutThresholds.*;

import java.util.List;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Thresholds;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.TimelinePoint;

/** The verdict functions {@link FanOutClaims} names: each reads the figures a claim needs and decides it. */
final class FanOutVerdicts {

    private FanOutVerdicts() {}

    /** Lower beyond the spread: reproduced; higher beyond it: not; in between not told apart. */
    static Verdict latencyVerdict(double ratio, String evidence, StepResult... steps) {
        if (ratio <= 1 - LOWER_P95_BEYOND) {
            return Verdict.onSteps(true, evidence, steps);
        }
        if (ratio >= 1 + LOWER_P95_BEYOND) {
            return Verdict.onSteps(false, evidence, steps);
        }
        return Verdict.notDecided(
                evidence + format("; within %s either way, which a run here moves", percent(LOWER_P95_BEYOND)));
    }

    static Verdict nearD(Measurements m, String variant) {
        StepResult step = m.step(variant, UNDER_LOAD.label());
        double p95 = m.inD(step.client().latencyMillis().p95());
        return Verdict.onSteps(
                p95 <= P95_NEAR_D && step.client().requests().failed() == 0,
                format(
                        "p95 %.2f D (bound %.2f D), mean %.0f ms, %d failed",
                        p95,
                        P95_NEAR_D,
                        step.client().latencyMillis().mean(),
                        step.client().requests().failed()),
                step);
    }

    /**
     * The modern fixes are judged against the article's own fix on the same machine in the same run:
     * p95 within 1.15 D, or within 15 % of the pool of 400's, whichever is looser. What is left above
     * D is the request path's CPU on a small machine, which no choice of pool removes.
     */
    static Verdict asWellAsPoolOf400(Measurements m, String variant) {
        StepResult step = m.step(variant, UNDER_LOAD.label());
        StepResult pool = m.step(DEDICATED_POOL_400, UNDER_LOAD.label());
        double p95 = m.inD(step.client().latencyMillis().p95());
        double poolP95 = m.inD(pool.client().latencyMillis().p95());
        return Verdict.onSteps(
                step.client().requests().failed() == 0
                        && p95 <= Math.max(Thresholds.P95_NEAR_D, AS_WELL_AS_POOL_OF_400 * poolP95),
                format(
                        "p95 %.2f D against %.2f D with the pool of 400, mean %.0f ms, %d failed",
                        p95,
                        poolP95,
                        step.client().latencyMillis().mean(),
                        step.client().requests().failed()),
                step,
                pool);
    }

    static String failures(StepResult step) {
        return step.client().requests().failed() == 0
                ? "no failures"
                : step.client().requests().failedByKind().toString();
    }

    static int peakRunnable(StepResult step, String pool) {
        return step.service().threads().samples().stream()
                .mapToInt(sample -> sample.runnableByPool().getOrDefault(pool, 0))
                .max()
                .orElse(0);
    }

    static int number(Object value) {
        return value instanceof Number n ? n.intValue() : -1;
    }

    /** What the service process did per request it answered in a step: the kernel's context switches and its CPU. */
    record Switching(double voluntaryPerRequest, double involuntaryPerRequest, double cpuMillisPerRequest) {

        /** What a claim on context switches lacks where the system does not count them per thread. */
        private static final String SWITCHES = "the service's context switches, which this system does not count";

        static Switching of(StepResult step) {
            // the requests the service's own timers counted, else those the driver sent
            long counted = step.service().process().serverRequests();
            double requests =
                    counted > 0 ? counted : Math.max(1, step.client().requests().sent());
            return new Switching(
                    Measurements.known(step.service().process().voluntaryContextSwitches(), SWITCHES) / requests,
                    Measurements.known(step.service().process().involuntaryContextSwitches(), SWITCHES) / requests,
                    step.service().process().cpuSeconds() * 1000 / requests);
        }
    }

    /** How much the median latency grew from the first third of the arrivals to the last. */
    record Growth(double firstMillis, double lastMillis) {

        static Growth of(StepResult step) {
            List<TimelinePoint> due = step.client().timeline().points().stream()
                    .filter(point -> point.started() > 0)
                    .toList();
            int third = Math.max(1, due.size() / 3);
            return new Growth(
                    medianOfP50(due.subList(0, third)), medianOfP50(due.subList(due.size() - third, due.size())));
        }

        double factor() {
            return firstMillis == 0 ? 0 : lastMillis / firstMillis;
        }

        private static double medianOfP50(List<TimelinePoint> points) {
            double[] values = points.stream()
                    .mapToDouble(TimelinePoint::latencyMillisP50)
                    .filter(v -> v > 0)
                    .sorted()
                    .toArray();
            return values.length == 0 ? 0 : values[values.length / 2];
        }

        @Override
        public String toString() {
            return format(
                    "median latency %.0f ms in the first third of arrivals, %.0f ms in the last",
                    firstMillis, lastMillis);
        }
    }
}
