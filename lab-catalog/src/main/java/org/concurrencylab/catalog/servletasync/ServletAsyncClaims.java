package org.concurrencylab.catalog.servletasync;

import static java.lang.String.format;
import static org.concurrencylab.catalog.claim.Thresholds.figure;
import static org.concurrencylab.catalog.claim.Thresholds.percent;
import static org.concurrencylab.catalog.servletasync.ServletAsyncExperiment.*;
import static org.concurrencylab.catalog.servletasync.ServletAsyncThresholds.*;
import static org.concurrencylab.catalog.servletasync.ServletAsyncVerdicts.*;

import java.util.List;
import org.concurrencylab.catalog.claim.Claim;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Thresholds;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.catalog.model.GrowingQueue;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.RequestShare;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.ThreadSample;

/** The claims of {@link ServletAsyncExperiment}: what its article said, each with the measurement that decides it, and the sentences its run tells. */
final class ServletAsyncClaims {

    private ServletAsyncClaims() {}

    static List<Claim> claims() {
        String load = LOAD.label();
        return List.of(
                Claim.of(
                                "blocking-10-cannot-keep-up",
                                "Blocking on 10 Tomcat threads cannot serve 20 requests/s of D = 1 s: the queue grows for the whole "
                                        + "run, the p95 nears the timeout and the last requests time out.",
                                m -> {
                                    StepResult step = m.clientStep(BLOCKING_10, load);
                                    if (step.plan().ratePerSecond() == null
                                            || step.plan().durationSeconds() == null) {
                                        throw new Measurements.Missing("needs the open load's rate and duration");
                                    }
                                    long timeouts = step.client().requests().timedOut();
                                    double p95 = step.client().latencyMillis().p95();
                                    double timeout = step.plan().requestTimeoutMillis();
                                    // where the service's timers were not read, the threads' bound of 10 / D
                                    double served = Measurements.servedPerSecond(step)
                                            .orElse(step.bound().littlesLawPerSecond());
                                    GrowingQueue queue = new GrowingQueue(
                                            step.plan().ratePerSecond(),
                                            step.plan().durationSeconds(),
                                            served,
                                            m.seconds() * 1000);
                                    double predicted = queue.percentileMillis(P95);
                                    double off = p95 / predicted - 1;
                                    return Verdict.of(
                                            queue.grows() && timeouts > 0 && Math.abs(off) <= QUEUE_P95_WITHIN,
                                            format(
                                                    "%.1f/s served of %.1f/s arriving; %d of %d timed out; p95 %.0f ms, %.1f %% "
                                                            + "of the %.0f ms timeout (the article: %s), against %.0f ms for a queue "
                                                            + "growing all run (%+.1f %%; the same queue on the article's 10 threads "
                                                            + "of 1 s gives %.1f s, its own %.1f s)",
                                                    served,
                                                    step.plan().ratePerSecond(),
                                                    timeouts,
                                                    step.client().requests().sent(),
                                                    p95,
                                                    100 * p95 / timeout,
                                                    timeout,
                                                    percent(ARTICLE_P95_MILLIS / ARTICLE_TIMEOUT_MILLIS),
                                                    predicted,
                                                    100 * off,
                                                    ARTICLE_QUEUE.percentileMillis(P95) / 1000,
                                                    ARTICLE_P95_MILLIS / 1000));
                                })
                        .articleSaid("p95 56.7 s of the 60 s timeout (94.5 %), timeouts")
                        .checkedAt(format(
                                "fewer served than arrive; a timeout; p95 within %s of a queue growing all run",
                                percent(QUEUE_P95_WITHIN)))
                        .spreadHere(BLOCKING_10_P95_SPREAD, BLOCKING_10_TIMEOUTS_SPREAD)
                        .shownBy(ChartRef.Kind.REQUESTS, load, BLOCKING_10),
                Claim.of(
                                "callable-serves-all",
                                "Returning a Callable (on the article's unbounded executor) frees the Tomcat threads: every request answered, p95 near D.",
                                m -> {
                                    StepResult step = m.clientStep(CALLABLE_10_UNBOUNDED, load);
                                    double p95 =
                                            m.inD(step.client().latencyMillis().p95());
                                    return Verdict.onSteps(
                                            step.client().requests().failed() == 0 && p95 <= Thresholds.P95_NEAR_D,
                                            format(
                                                    "%d of %d OK, p95 %.2f D (bound %.2f D)",
                                                    step.client().requests().ok(),
                                                    step.client().requests().sent(),
                                                    p95,
                                                    Thresholds.P95_NEAR_D),
                                            step);
                                })
                        .articleSaid("1200 of 1200 OK, p95 1.037 s")
                        .checkedAt(Thresholds.SERVES_NEAR_D)
                        .spreadHere(CALLABLE_P95_SPREAD)
                        .shownBy(ChartRef.Kind.LATENCY_OVER_TIME, load, CALLABLE_10_UNBOUNDED, BLOCKING_10),
                Claim.of(
                                "callable-costs-threads",
                                "The Callable's executor adds threads: about 29 over the service at rest (the article's next variant is "
                                        + "10 + 29 = 39 Tomcat threads).",
                                m -> {
                                    StepResult callable = m.step(CALLABLE_10_UNBOUNDED, load);
                                    int rest = m.beforeLoad(callable).live();
                                    int rise = callable.service().threads().peakLive() - rest;
                                    // Little's law: the executor holds a thread per Callable in flight
                                    double inFlight = Measurements.inFlight(callable);
                                    return Verdict.of(
                                            Math.abs(rise - ARTICLE_RISE) <= FIGURE_TOLERANCE * ARTICLE_RISE,
                                            format(
                                                    "%d live threads at rest, %d at peak: %d more (the article: %d); the executor holds a thread per "
                                                            + "Callable in flight, %.1f on average by Little's law (X x W), at most %d of its threads "
                                                            + "at once%s",
                                                    rest,
                                                    callable.service().threads().peakLive(),
                                                    rise,
                                                    ARTICLE_RISE,
                                                    inFlight,
                                                    callable.service()
                                                            .threads()
                                                            .peakByPool()
                                                            .getOrDefault("mvc-async", 0),
                                                    rise < ARTICLE_RISE
                                                            ? format(
                                                                    "; arrivals on a fixed schedule keep %.0f in flight, and more threads would "
                                                                            + "need more calls in flight at once than 20/s of D allows",
                                                                    inFlight)
                                                            : ""));
                                })
                        .articleSaid("29 more threads (hence 10 + 29 = 39)")
                        .checkedAt(format(
                                "peak live threads over those at rest within %s of %d",
                                percent(FIGURE_TOLERANCE), ARTICLE_RISE))
                        .spreadHere(CALLABLE_THREADS_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, load, CALLABLE_10_UNBOUNDED, BLOCKING_10),
                Claim.of(
                                "blocking-39-more-threads-at-rest",
                                "Blocking on 39 threads keeps more live threads than the Callable when no request is in flight, at the "
                                        + "start and at the end: 23 more (the article: 53 against 30).",
                                m -> {
                                    StepResult threads39 = m.step(BLOCKING_39, load);
                                    StepResult callable = m.step(CALLABLE_10_UNBOUNDED, load);
                                    ThreadSample startOf39 = m.beforeLoad(threads39);
                                    ThreadSample startOfCallable = m.beforeLoad(callable);
                                    ThreadSample endOf39 = m.afterLoad(threads39);
                                    ThreadSample endOfCallable = m.afterLoad(callable);
                                    int startRise = startOf39.live() - startOfCallable.live();
                                    int endRise = endOf39.live() - endOfCallable.live();
                                    // Tomcat creates a worker only when no idle one is left and keeps it 60 s: it
                                    // keeps as many as the load held at once, not its maximum
                                    double inFlight = Measurements.inFlight(threads39);
                                    return Verdict.of(
                                            atTheArticlesRise(startRise) && atTheArticlesRise(endRise),
                                            format(
                                                    "%d against %d live threads at the start (%+d), %d against %d at the end "
                                                            + "(%+d; the article: %d against %d, %+d); %d of the 39 Tomcat workers "
                                                            + "kept against %d of 10: Tomcat keeps the workers the load held at "
                                                            + "once, %.1f requests in flight on average by Little's law (X x W), "
                                                            + "where the article's %+d needs %d kept",
                                                    startOf39.live(),
                                                    startOfCallable.live(),
                                                    startRise,
                                                    endOf39.live(),
                                                    endOfCallable.live(),
                                                    endRise,
                                                    ARTICLE_39_AT_REST,
                                                    ARTICLE_CALLABLE_AT_REST,
                                                    ARTICLE_39_AT_REST - ARTICLE_CALLABLE_AT_REST,
                                                    endOf39.byPool().getOrDefault("tomcat-workers", 0),
                                                    endOfCallable.byPool().getOrDefault("tomcat-workers", 0),
                                                    inFlight,
                                                    ARTICLE_39_AT_REST - ARTICLE_CALLABLE_AT_REST,
                                                    TOMCAT_THREADS_OF_THE_CALLABLE
                                                            + ARTICLE_39_AT_REST
                                                            - ARTICLE_CALLABLE_AT_REST));
                                })
                        .articleSaid("53 against 30 live threads at the start and the end")
                        .checkedAt(format(
                                "live threads before and after the load, each time within %s of the article's %d more than "
                                        + "the Callable's",
                                percent(FIGURE_TOLERANCE), ARTICLE_39_AT_REST - ARTICLE_CALLABLE_AT_REST))
                        .spreadHere(AT_START_SPREAD, AT_END_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, load, BLOCKING_39, CALLABLE_10_UNBOUNDED),
                Claim.of(
                                "blocking-39-a-bit-better",
                                "Simply giving Tomcat 39 threads does a bit better than the Callable: every request answered, a lower "
                                        + "mean.",
                                m -> {
                                    StepResult threads39 = m.step(BLOCKING_39, load);
                                    StepResult callable = m.step(CALLABLE_10_UNBOUNDED, load);
                                    double p95 = m.inD(
                                            threads39.client().latencyMillis().p95());
                                    double mean39 =
                                            threads39.client().latencyMillis().mean();
                                    double meanCallable =
                                            callable.client().latencyMillis().mean();
                                    String evidence = format(
                                            "mean %.1f ms against %.1f ms with the Callable, p95 %.1f ms against %.1f ms (%.2f D), "
                                                    + "%d failed; the Callable's request is dispatched twice, to its thread and back "
                                                    + "to Tomcat's to answer (the p95s, a millisecond apart at most, are shown, not "
                                                    + "decided: they differ by less than they move run to run)",
                                            mean39,
                                            meanCallable,
                                            threads39.client().latencyMillis().p95(),
                                            callable.client().latencyMillis().p95(),
                                            p95,
                                            threads39.client().requests().failed());
                                    if (threads39.client().requests().failed() > 0 || p95 > Thresholds.P95_NEAR_D) {
                                        return Verdict.onSteps(false, evidence, threads39, callable);
                                    }
                                    return Verdict.lowerBeyondNoise(
                                            mean39 / meanCallable - 1,
                                            A_BIT_BETTER_NOISE,
                                            evidence,
                                            threads39,
                                            callable);
                                })
                        .articleSaid("a bit better response time")
                        .checkedAt(Thresholds.SERVES_NEAR_D + "; mean below the Callable's by more than "
                                + percent(A_BIT_BETTER_NOISE)
                                + ", three standard deviations of their difference from run to run here; within it, not "
                                + "decided")
                        .spreadHere(A_BIT_BETTER_SPREAD)
                        .shownBy(ChartRef.Kind.PERCENTILES, load, BLOCKING_39, CALLABLE_10_UNBOUNDED),
                Claim.of("blocking-39-less-heap", "... and with less heap than the Callable.", m -> {
                            StepResult threads39 = m.step(BLOCKING_39, load);
                            StepResult callable = m.step(CALLABLE_10_UNBOUNDED, load);
                            return Verdict.of(
                                    threads39.service().process().heapPeakBytes()
                                            < callable.service().process().heapPeakBytes(),
                                    format(
                                            "heap peak %.0f MB against %.0f MB (one sample per probe interval; GC timing moves it)",
                                            threads39.service().process().heapPeakBytes() / 1e6,
                                            callable.service().process().heapPeakBytes() / 1e6));
                        })
                        .articleSaid("less heap")
                        .checkedAt("a lower heap peak than the Callable's")
                        .spreadHere(LESS_HEAP_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, load, BLOCKING_39, CALLABLE_10_UNBOUNDED),
                Claim.of(
                                "tomcat-makes-workers-as-needed",
                                "Tomcat too makes threads only as requests need them: with 39 allowed it keeps about as many "
                                        + "alive as the load holds at once, not 39.",
                                m -> {
                                    VariantResult variant = m.variant(BLOCKING_39);
                                    StepResult step = m.step(BLOCKING_39, load);
                                    int limit = variant.sizing()
                                            .whole("tomcatMaxThreads")
                                            .orElse(0);
                                    int made = step.service()
                                            .threads()
                                            .peakByPool()
                                            .getOrDefault("tomcat-workers", 0);
                                    double alive = meanAlive(step, "tomcat-workers");
                                    double inFlight = Measurements.inFlight(step);
                                    return Verdict.of(
                                            limit > 0 && made < limit && alive <= AS_NEEDED * inFlight,
                                            format(
                                                    "%.1f Tomcat workers alive on average, %d at most, of the %d allowed, for "
                                                            + "%.1f requests in flight on average by Little's law (X x W); %d "
                                                            + "after the load: an idle worker goes after 60 s, longer than the "
                                                            + "rest between loads (the deletion is tomcat-deletes-idle-workers')",
                                                    alive,
                                                    made,
                                                    limit,
                                                    inFlight,
                                                    m.afterLoad(step).byPool().getOrDefault("tomcat-workers", 0)));
                                })
                        .articleSaid(
                                "Tomcat creates and deletes threads too; its sleep service, allowed 1000, used about 25 (125 at peak)")
                        .checkedAt(format(
                                "fewer workers at their peak than allowed, and on average no more than %s x the requests in "
                                        + "flight",
                                figure(AS_NEEDED)))
                        .spreadHere(WORKERS_MADE_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, load, BLOCKING_39),
                Claim.of(
                                "tomcat-deletes-idle-workers",
                                "... and deletes them too: a worker above Tomcat's min-spare that stays idle for its idle time "
                                        + "is gone by the rest after the load, where Tomcat's own 60 s keeps them all.",
                                m -> {
                                    StepResult deleting = m.step(BLOCKING_39_IDLE_2D, load);
                                    StepResult keeping = m.step(BLOCKING_39, load);
                                    int made = deleting.service()
                                            .threads()
                                            .peakByPool()
                                            .getOrDefault("tomcat-workers", 0);
                                    int left = m.afterLoad(deleting).byPool().getOrDefault("tomcat-workers", 0);
                                    int kept = m.afterLoad(keeping).byPool().getOrDefault("tomcat-workers", 0);
                                    return Verdict.of(
                                            made > TOMCAT_MIN_SPARE
                                                    && left <= TOMCAT_MIN_SPARE
                                                    && kept > TOMCAT_MIN_SPARE,
                                            format(
                                                    "with an idle time of %d D: %d workers at most, %d after the load's rest "
                                                            + "(%.1f D after its last answer); with Tomcat's %d s: %d after the "
                                                            + "same rest; its min-spare: %d",
                                                    WORKER_IDLE_IN_D,
                                                    made,
                                                    left,
                                                    m.inD(m.afterLoad(deleting).atMillis()
                                                            - deleting.client().elapsedSeconds() * 1000),
                                                    TOMCAT_IDLE_SECONDS,
                                                    kept,
                                                    TOMCAT_MIN_SPARE));
                                })
                        .articleSaid("Tomcat creates and deletes threads too")
                        .checkedAt(format(
                                "more than %d workers made; at most %d after the rest with a %d D idle time, more with "
                                        + "Tomcat's %d s",
                                TOMCAT_MIN_SPARE, TOMCAT_MIN_SPARE, WORKER_IDLE_IN_D, TOMCAT_IDLE_SECONDS))
                        .spreadHere(WORKERS_LEFT_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, load, BLOCKING_39_IDLE_2D, BLOCKING_39),
                Claim.of(
                                "callable-on-boot-default-is-capped",
                                "Modern: on today's defaults a Callable runs on Boot's applicationTaskExecutor, 8 threads with an unbounded queue, so the article's Callable result does not hold: at most 8 calls at once, about 8 per D.",
                                m -> {
                                    VariantResult variant = m.variant(CALLABLE_10_BOOT_DEFAULT);
                                    StepResult step = m.step(variant.name(), load);
                                    int asyncThreads = step.service()
                                            .threads()
                                            .peakByPool()
                                            .getOrDefault("mvc-async", 0);
                                    double perD = m.perD(step);
                                    return Verdict.of(
                                            asyncThreads <= BOOT_EXECUTOR_THREADS
                                                    && perD <= OVER_A_CAP * BOOT_EXECUTOR_THREADS
                                                    && m.inD(step.client()
                                                                    .latencyMillis()
                                                                    .p95())
                                                            > QUEUED_P95_D,
                                            format(
                                                    "executor core size %s, queue capacity %s; %d mvc-async threads at most; %.2f per D served of 20 arriving; p95 %.1f D; %s",
                                                    variant.sizing()
                                                            .text("mvcAsyncMaxThreads")
                                                            .orElse("?"),
                                                    variant.sizing()
                                                            .text("mvcAsyncQueueCapacity")
                                                            .orElse("?"),
                                                    asyncThreads,
                                                    perD,
                                                    m.inD(step.client()
                                                            .latencyMillis()
                                                            .p95()),
                                                    step.client().requests().failedByKind()));
                                })
                        .checkedAt(format(
                                "≤ %d executor threads; ≤ %s per D; p95 > %s D",
                                BOOT_EXECUTOR_THREADS,
                                figure(OVER_A_CAP * BOOT_EXECUTOR_THREADS),
                                figure(QUEUED_P95_D)))
                        .spreadHere(BOOT_DEFAULT_SPREAD)
                        .shownBy(ChartRef.Kind.REQUESTS, load, CALLABLE_10_BOOT_DEFAULT),
                Claim.of(
                                "virtual-threads-serve-all",
                                "Modern: blocking on a virtual thread per request needs neither a Callable nor a bigger pool: p95 near D.",
                                m -> nearD(m, BLOCKING_VIRTUAL_THREADS))
                        .checkedAt(Thresholds.SERVES_NEAR_D)
                        .spreadHere(VIRTUAL_THREADS_P95_SPREAD)
                        .shownBy(ChartRef.Kind.PERCENTILES, load, BLOCKING_VIRTUAL_THREADS),
                Claim.of(
                                "deferred-result-serves-all",
                                "A DeferredResult, which starts async as a Callable does, completed by a non-blocking client holds no thread while waiting: p95 near D.",
                                m -> nearD(m, DEFERRED_RESULT_WEBCLIENT))
                        .articleSaid(
                                "no figure: returning a DeferredResult starts async as a Callable does, Tomcat's thread back in its pool before the answer")
                        .checkedAt(Thresholds.SERVES_NEAR_D)
                        .spreadHere(DEFERRED_RESULT_P95_SPREAD)
                        .shownBy(ChartRef.Kind.PERCENTILES, load, DEFERRED_RESULT_WEBCLIENT),
                Claim.of(
                                "own-pools-keep-the-second-application-near-d",
                                "Two applications on one Tomcat, the first asked ten times as often as the second: blocking, the "
                                        + "second's requests wait in the first's queue for Tomcat's threads; each in async mode on a pool "
                                        + "of its own, the second answers near D while the first still cannot keep up.",
                                m -> {
                                    StepResult blocking = m.clientStep(TWO_APPS_BLOCKING_10, load);
                                    StepResult ownPools = m.clientStep(TWO_APPS_OWN_POOLS_10, load);
                                    RequestShare starved = Measurements.sentTo(blocking, SECOND_APP);
                                    RequestShare separate = Measurements.sentTo(ownPools, SECOND_APP);
                                    RequestShare first = Measurements.sentTo(ownPools, FIRST_APP);
                                    double starvedP95 = p95InD(m, starved);
                                    double separateP95 = p95InD(m, separate);
                                    double firstP95 = p95InD(m, first);
                                    return Verdict.of(
                                            starvedP95 > QUEUED_P95_D
                                                    && separate.failed() == 0
                                                    && separateP95 <= Thresholds.P95_NEAR_D
                                                    && firstP95 > QUEUED_P95_D,
                                            format(
                                                    "the second application's p95: %s blocking (%d of %d failed), %s on its own pool "
                                                            + "of %d (%d of %d failed); the first's on its own 10 threads: %s "
                                                            + "(%d of %d failed)",
                                                    inD(starvedP95),
                                                    starved.failed(),
                                                    starved.sent(),
                                                    inD(separateP95),
                                                    SECOND_APP_THREADS,
                                                    separate.failed(),
                                                    separate.sent(),
                                                    inD(firstP95),
                                                    first.failed(),
                                                    first.sent()));
                                })
                        .articleSaid(
                                "two WARs on one Tomcat, one needing 10 times the other: async frees Tomcat's threads, a pool "
                                        + "per service")
                        .checkedAt(format(
                                "the second's p95 > %s D blocking; no failure and p95 ≤ %s D on its own pool, while the "
                                        + "first's p95 > %s D",
                                figure(QUEUED_P95_D), figure(Thresholds.P95_NEAR_D), figure(QUEUED_P95_D)))
                        .spreadHere(OWN_POOL_P95_SPREAD, SHARED_POOL_P95_SPREAD)
                        .shownBy(ChartRef.Kind.LATENCY_OVER_TIME, load, TWO_APPS_BLOCKING_10, TWO_APPS_OWN_POOLS_10),
                Claim.of(
                                "sleep-service-never-the-bottleneck",
                                "The sleep service was never the bottleneck: its own time per call stayed near D.",
                                m -> {
                                    Measurements.DownstreamPeak slowest = m.slowestDownstream();
                                    return Verdict.of(
                                            m.inD(slowest.meanMillis()) <= Thresholds.DOWNSTREAM_NEAR_D,
                                            format(
                                                    "slowest mean per call %.2f D (%s), "
                                                            + "at most %d threads (the article's Tomcat sleep service: about 25, peak 125)",
                                                    m.inD(slowest.meanMillis()),
                                                    slowest.where(),
                                                    slowest.peakLiveThreads()));
                                })
                        .articleSaid("the sleep service has enough resources")
                        .checkedAt(Thresholds.DOWNSTREAM_CHECKED_AT)
                        .spreadHere(SLEEP_SERVICE_SPREAD)
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, load));
    }
}
