package org.concurrencylab.catalog;

import static java.lang.String.format;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.CapacityModel.SharedPool;
import org.concurrencylab.catalog.CapacityModel.Unbounded;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.SeedFigure;
import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.VariantResult;

/**
 * SPEC section 3, after "Servlet 3.0 async support in Spring and performance misconceptions": Tomcat
 * with 10 threads calls a sleep service (D = 1 s) per request, blocking or from a Callable, under 20
 * requests a second for 60 s.
 */
final class ServletAsyncExperiment {

    static final String NAME = "servlet-async";
    private static final String ARTICLE = "Servlet 3.0 async support in Spring and performance misconceptions";
    private static final LoadStep.Open LOAD = new LoadStep.Open(20, Duration.ofSeconds(60));

    private ServletAsyncExperiment() {
    }

    static Experiment create() {
        return Experiment.custom(NAME)
                .article(ARTICLE, "002_6109a3ab95499e96.txt",
                        "A call of D = 1 s per request on 10 Tomcat threads: a Callable frees the threads, but so do 39 threads, and today's executor has 8.")
                .service("servlet-async-service", "/ruleTheWorld")
                .downstream(new Downstream("downstream-service", "/sleep/1"))
                .downstreamLatency(Duration.ofSeconds(1))
                .requestTimeout(Duration.ofSeconds(60))
                // as fan-out: at S = 0.3 the request path's CPU stays a few per cent of D
                .scale(0.3)
                .warmUp(new WarmUp(20, 30))
                .steps(LOAD)
                .variants(variants())
                .claims(claims())
                .build();
    }

    private static List<Variant> variants() {
        SharedPool tomcat = new SharedPool("Tomcat worker", "tomcatMaxThreads", cpus -> 10);
        return List.of(
                new Variant("blocking-10", "The Tomcat thread calls and waits; 10 threads", Origin.SEED,
                        VariantProperties.servlet("lab.servlet-async.handler", "blocking"), tomcat,
                        Map.of(LOAD.label(), seed(null, 56_700.0, "timeouts"))),
                new Variant("callable-10-unbounded", "Returns a Callable, run on the article's unbounded executor (a thread per Callable)",
                        Origin.SEED, VariantProperties.servlet("lab.servlet-async.handler", "callable",
                                "lab.servlet-async.executor", "unbounded"),
                        new Unbounded("a new thread per Callable"),
                        Map.of(LOAD.label(), seed(null, 1_037.0, "1200 of 1200 OK, about 29 more threads"))),
                new Variant("blocking-39", "The Tomcat thread calls and waits; 39 threads", Origin.SEED,
                        VariantProperties.servlet("lab.servlet-async.handler", "blocking", "server.tomcat.threads.max", "39"),
                        new SharedPool("Tomcat worker", "tomcatMaxThreads", cpus -> 39),
                        Map.of(LOAD.label(), seed(null, null, "slightly faster than Callable, less heap"))),
                new Variant("callable-10-boot-default", "Returns a Callable, run on Boot 4's default executor (8 threads, unbounded queue)",
                        Origin.MODERN, VariantProperties.servlet("lab.servlet-async.handler", "callable",
                                "lab.servlet-async.executor", "boot-default"),
                        new SharedPool("mvc-async", "mvcAsyncMaxThreads", cpus -> 8), Map.of()),
                new Variant("blocking-virtual-threads", "The request's thread calls and waits, on a virtual thread per request",
                        Origin.MODERN, VariantProperties.servlet("lab.servlet-async.handler", "blocking",
                                "spring.threads.virtual.enabled", "true"),
                        new Unbounded("a virtual thread per request"), Map.of()),
                new Variant("deferred-result-webclient", "Returns a DeferredResult that a non-blocking WebClient completes",
                        Origin.MODERN, VariantProperties.servlet("lab.servlet-async.handler", "deferred-result"),
                        new Unbounded("no thread waits for the call"), Map.of()));
    }

    private static List<Claim> claims() {
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

    private static SeedFigure seed(Double meanMillis, Double p95Millis, String note) {
        return SeedFigure.ofArticle(ARTICLE, null, meanMillis, p95Millis, note);
    }
}
