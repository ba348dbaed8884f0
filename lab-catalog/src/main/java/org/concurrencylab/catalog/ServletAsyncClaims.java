package org.concurrencylab.catalog;

import static java.lang.String.format;
import static org.concurrencylab.catalog.ServletAsyncExperiment.*;

import java.util.List;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.VariantResult;

/** The claims of {@link ServletAsyncExperiment}: what its article said, each with the measurement that decides it, and the sentences its run tells. */
final class ServletAsyncClaims {

    private ServletAsyncClaims() {
    }

    static List<Claim> claims() {
        String load = LOAD.label();
        return List.of(
                Claim.of("blocking-10-cannot-keep-up",
                        "Blocking on 10 Tomcat threads cannot serve 20 requests/s of D = 1 s: requests time out or wait nearly the timeout.",
                        m -> {
                            StepResult step = m.clientStep("blocking-10", load);
                            long timeouts = step.requests().failedByKind().getOrDefault("TIMEOUT", 0L);
                            double p95 = step.latencyMillis().p95();
                            double timeout = step.plan().requestTimeoutMillis();
                            return Verdict.of(timeouts > 0 || p95 >= 0.8 * timeout,
                                    format("%d of %d timed out, p95 %.0f ms of a %.0f ms timeout; %.1f/s served against a bound of 10 / D = %.1f/s",
                                            timeouts, step.requests().sent(), p95, timeout, step.throughputPerSecond(),
                                            step.littlesLawPerSecond()));
                        }).shownBy(ChartRef.Kind.REQUESTS, load, "blocking-10"),
                Claim.of("callable-serves-all",
                        "Returning a Callable (on the article's unbounded executor) frees the Tomcat threads: every request answered, p95 near D.",
                        m -> {
                            StepResult step = m.clientStep("callable-10-unbounded", load);
                            double p95 = m.inD(step.latencyMillis().p95());
                            return Verdict.onSteps(step.requests().failed() == 0 && p95 <= Thresholds.P95_NEAR_D,
                                    format("%d of %d OK, p95 %.2f D (bound %.2f D)", step.requests().ok(),
                                            step.requests().sent(), p95, Thresholds.P95_NEAR_D), step);
                        }).shownBy(ChartRef.Kind.LATENCY_OVER_TIME, load, "callable-10-unbounded", "blocking-10"),
                Claim.of("callable-costs-threads",
                        "The Callable's executor adds threads: about 29 more than blocking on 10.",
                        m -> {
                            StepResult callable = m.step("callable-10-unbounded", load);
                            StepResult blocking = m.step("blocking-10", load);
                            int more = callable.threads().peakLive() - blocking.threads().peakLive();
                            return Verdict.of(more > 0, format("%d more live threads at peak (%d against %d); mvc-async pool %d",
                                    more, callable.threads().peakLive(), blocking.threads().peakLive(),
                                    callable.threads().peakByPool().getOrDefault("mvc-async", 0)));
                        }).shownBy(ChartRef.Kind.THREADS_BY_POOL, load, "callable-10-unbounded", "blocking-10"),
                Claim.of("blocking-39-as-good",
                        "Simply giving Tomcat 39 threads does as well as the Callable: every request answered, about the same latency.",
                        m -> {
                            StepResult threads39 = m.step("blocking-39", load);
                            StepResult callable = m.step("callable-10-unbounded", load);
                            double p95 = m.inD(threads39.latencyMillis().p95());
                            return Verdict.onSteps(threads39.requests().failed() == 0 && p95 <= Thresholds.P95_NEAR_D
                                            && threads39.latencyMillis().mean() <= 1.05 * callable.latencyMillis().mean(),
                                    format("p95 %.2f D, mean %.1f ms against %.1f ms with the Callable, %d failed",
                                            p95, threads39.latencyMillis().mean(), callable.latencyMillis().mean(),
                                            threads39.requests().failed()), threads39, callable);
                        }).shownBy(ChartRef.Kind.PERCENTILES, load, "blocking-39", "callable-10-unbounded"),
                Claim.of("blocking-39-less-heap",
                        "... and with less heap than the Callable.",
                        m -> {
                            StepResult threads39 = m.step("blocking-39", load);
                            StepResult callable = m.step("callable-10-unbounded", load);
                            return Verdict.of(threads39.process().heapPeakBytes() < callable.process().heapPeakBytes(),
                                    format("heap peak %.0f MB against %.0f MB (one sample per probe interval; GC timing moves it)",
                                            threads39.process().heapPeakBytes() / 1e6, callable.process().heapPeakBytes() / 1e6));
                        }).shownBy(ChartRef.Kind.THREADS_BY_POOL, load, "blocking-39", "callable-10-unbounded"),
                Claim.of("callable-on-boot-default-is-capped",
                        "Modern: on today's defaults a Callable runs on Boot's applicationTaskExecutor, 8 threads with an unbounded queue, so the article's Callable result does not hold: at most 8 calls at once, about 8 per D.",
                        m -> {
                            VariantResult variant = m.variant("callable-10-boot-default");
                            StepResult step = m.step(variant.name(), load);
                            int asyncThreads = step.threads().peakByPool().getOrDefault("mvc-async", 0);
                            double perD = m.perD(step);
                            return Verdict.of(asyncThreads <= 8 && perD <= 8.2 && m.inD(step.latencyMillis().p95()) > 10,
                                    format("executor core size %s, queue capacity %s; %d mvc-async threads at most; %.2f per D served of 20 arriving; p95 %.1f D; %s",
                                            variant.sizing().get("mvcAsyncMaxThreads"), variant.sizing().get("mvcAsyncQueueCapacity"),
                                            asyncThreads, perD, m.inD(step.latencyMillis().p95()), step.requests().failedByKind()));
                        }).shownBy(ChartRef.Kind.REQUESTS, load, "callable-10-boot-default"),
                Claim.of("virtual-threads-serve-all",
                        "Modern: blocking on a virtual thread per request needs neither a Callable nor a bigger pool: p95 near D.",
                        m -> nearD(m, "blocking-virtual-threads")).shownBy(ChartRef.Kind.PERCENTILES, load, "blocking-virtual-threads"),
                Claim.of("deferred-result-serves-all",
                        "Modern: a DeferredResult completed by a non-blocking client holds no thread while waiting: p95 near D.",
                        m -> nearD(m, "deferred-result-webclient")).shownBy(ChartRef.Kind.PERCENTILES, load, "deferred-result-webclient"),
                Claim.of("sleep-service-never-the-bottleneck",
                        "The sleep service was never the bottleneck: its own time per call stayed near D.",
                        m -> {
                            Measurements.DownstreamPeak slowest = m.slowestDownstream();
                            return Verdict.of(m.inD(slowest.meanMillis()) <= 1.2, format("slowest mean per call %.2f D (%s), "
                                            + "at most %d threads (the article's Tomcat sleep service: about 25, peak 125)",
                                    m.inD(slowest.meanMillis()), slowest.where(), slowest.peakLiveThreads()));
                        }).shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, load));
    }

    private static Verdict nearD(Measurements m, String variant) {
        StepResult step = m.step(variant, LOAD.label());
        double p95 = m.inD(step.latencyMillis().p95());
        return Verdict.onSteps(step.requests().failed() == 0 && p95 <= Thresholds.P95_NEAR_D,
                format("p95 %.2f D (bound %.2f D), %d failed, %d platform threads at peak", p95, Thresholds.P95_NEAR_D,
                        step.requests().failed(), step.threads().peakLive()), step);
    }
}
