package org.concurrencylab.catalog.servletasync;

import static java.lang.String.format;
import static org.concurrencylab.catalog.servletasync.ServletAsyncExperiment.*;
import static org.concurrencylab.catalog.servletasync.ServletAsyncThresholds.*;

import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Thresholds;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.results.step.RequestShare;
import org.concurrencylab.results.step.StepResult;

/** The verdict functions {@link ServletAsyncClaims} names: each reads the figures a claim needs and decides it. */
final class ServletAsyncVerdicts {

    private ServletAsyncVerdicts() {}

    /** A pool's live threads over the step's samples, on average; its peak where the step kept no samples. */
    static double meanAlive(StepResult step, String pool) {
        var samples = step.service().threads().samples();
        if (samples.isEmpty()) {
            return step.service().threads().peakByPool().getOrDefault(pool, 0);
        }
        return samples.stream()
                .mapToInt(sample -> sample.byPool().getOrDefault(pool, 0))
                .average()
                .orElse(0);
    }

    /** A share's p95 in D; a share none of whose requests was answered waited at least the whole timeout. */
    static double p95InD(Measurements m, RequestShare share) {
        return share.p95Millis() == null ? Double.POSITIVE_INFINITY : m.inD(share.p95Millis());
    }

    static String inD(double p95) {
        return Double.isInfinite(p95) ? "none answered" : format("%.2f D", p95);
    }

    static boolean atTheArticlesRise(int rise) {
        int article = ARTICLE_39_AT_REST - ARTICLE_CALLABLE_AT_REST;
        return Math.abs(rise - article) <= FIGURE_TOLERANCE * article;
    }

    static Verdict nearD(Measurements m, String variant) {
        StepResult step = m.step(variant, LOAD.label());
        double p95 = m.inD(step.client().latencyMillis().p95());
        return Verdict.onSteps(
                step.client().requests().failed() == 0 && p95 <= Thresholds.P95_NEAR_D,
                format(
                        "p95 %.2f D (bound %.2f D), %d failed, %d platform threads at peak",
                        p95,
                        Thresholds.P95_NEAR_D,
                        step.client().requests().failed(),
                        step.service().threads().peakLive()),
                step);
    }
}
