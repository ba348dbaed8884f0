package org.concurrencylab.report;

import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.step.WarmUpLoad;

/** Experiments' results as the report's tests need them: what a run records besides the variants a test sets. */
public final class ExperimentResults {

    private ExperimentResults() {}

    /** blocking-io's result at scale S: D = S x 1 s, its warm-up of 100 users for 5 D, the services on C1. */
    public static ExperimentResult.Builder blockingIo(double scale) {
        return ExperimentResult.custom("blocking-io", "t")
                .seed("s")
                .scale(scale)
                .downstreamLatencyMillis(Math.round(1000 * scale))
                .warmUp(new WarmUpLoad(100, 5))
                .jit("c1");
    }
}
