package org.concurrencylab.catalog.blockingio;

import static java.lang.String.format;
import static org.concurrencylab.catalog.blockingio.BlockingIoExperiment.*;
import static org.concurrencylab.catalog.blockingio.BlockingIoThresholds.*;
import static org.concurrencylab.catalog.blockingio.BlockingIoVerdicts.*;
import static org.concurrencylab.catalog.claim.Thresholds.figure;
import static org.concurrencylab.catalog.claim.Thresholds.percent;

import java.util.List;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.claim.Claim;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.ThreadSample;

/** The claims of {@link BlockingIoExperiment}: what its article said, each with the measurement that decides it, and the sentences its run tells. */
final class BlockingIoClaims {

    private BlockingIoClaims() {}

    static List<Claim> claims() {
        return List.of(
                Claim.of(
                                "ten-users-near-bound",
                                "10 users on MVC with 20 Tomcat workers get close to 10 requests per D, the Little's-law maximum.",
                                m -> {
                                    StepResult step = m.clientStep(MVC_TOMCAT_20, LIGHT);
                                    int bound = step.plan().users();
                                    return Verdict.onSteps(
                                            m.perD(step) >= NEAR_BOUND * bound,
                                            format(
                                                    "%.2f per D measured, bound %d (%.1f %%)",
                                                    m.perD(step), bound, 100 * m.perD(step) / bound),
                                            step);
                                })
                        .articleSaid("9.95 per D (99.5 % of the bound)")
                        .checkedAt(format("≥ %s of %d per D", percent(NEAR_BOUND), LIGHT_STEP.users()))
                        .spreadHere(TEN_USERS_SPREAD)
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, LIGHT, MVC_TOMCAT_20),
                Claim.of(
                                "tomcat-20-queues",
                                "With 100 users, 20 Tomcat workers cap throughput near 20 per D; the rest queue and mean latency grows to about 5 D.",
                                m -> {
                                    StepResult step = m.clientStep(MVC_TOMCAT_20, HEAVY);
                                    double mean =
                                            m.inD(step.client().latencyMillis().mean());
                                    // the median beside the mean: whether the queue was served in turn or some users
                                    // waited far longer
                                    return Verdict.onSteps(
                                            m.perD(step) <= OVER_A_CAP * TOMCAT_20_WORKERS
                                                    && m.perD(step) >= NEAR_BOUND * TOMCAT_20_WORKERS
                                                    && Math.abs(mean / ARTICLE_TOMCAT_20_MEAN_D - 1)
                                                            <= WITHIN_THE_ARTICLES_MEAN,
                                            format(
                                                    "%.2f per D, mean latency %.2f D (median %.2f D, p95 %.2f D)",
                                                    m.perD(step),
                                                    mean,
                                                    m.inD(step.client()
                                                            .latencyMillis()
                                                            .p50()),
                                                    m.inD(step.client()
                                                            .latencyMillis()
                                                            .p95())),
                                            step);
                                })
                        .articleSaid("19.92 per D, mean 4.82 D")
                        .checkedAt(format(
                                "%s to %s per D; mean %s to %s D (the article's within %s)",
                                figure(NEAR_BOUND * TOMCAT_20_WORKERS),
                                figure(OVER_A_CAP * TOMCAT_20_WORKERS),
                                figure(ARTICLE_TOMCAT_20_MEAN_D * (1 - WITHIN_THE_ARTICLES_MEAN)),
                                figure(ARTICLE_TOMCAT_20_MEAN_D * (1 + WITHIN_THE_ARTICLES_MEAN)),
                                percent(WITHIN_THE_ARTICLES_MEAN)))
                        .spreadHere(TOMCAT_20_RATE_SPREAD, TOMCAT_20_MEAN_SPREAD)
                        .shownBy(ChartRef.Kind.REQUESTS, HEAVY, MVC_TOMCAT_20),
                Claim.of(
                                "tomcat-200-scales",
                                "With Tomcat's default 200 workers, all 100 users are served at once: near 100 per D (95 % of C/D or more), far above any pool cap.",
                                m -> {
                                    StepResult step = m.clientStep(MVC_TOMCAT_200, HEAVY);
                                    return Verdict.onSteps(
                                            servesAllUsers(m, step),
                                            withCpu(m, step)
                                                    + (step.probed()
                                                            ? "; by pool "
                                                                    + step.service()
                                                                            .threads()
                                                                            .peakByPool()
                                                            : ""),
                                            step);
                                })
                        .articleSaid("99.40 per D")
                        .checkedAt(ALL_USERS_SERVED)
                        .spreadHere(TOMCAT_200_SPREAD)
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, HEAVY, MVC_TOMCAT_200),
                Claim.of(
                                "tomcat-200-threads-grow-and-stay",
                                "Tomcat's default pool starts small (the article: under 50 live threads), grows a worker per user under 100 users "
                                        + "(almost 150 live threads), and keeps them alive once the traffic is gone.",
                                m -> {
                                    VariantResult variant = m.variant(MVC_TOMCAT_200);
                                    StepResult step = m.step(variant.name(), HEAVY);
                                    int atStart = variant.liveThreadsAtStart()
                                            .orElseThrow(
                                                    () -> new Measurements.Missing(
                                                            "needs the live threads at start, which results written before them lack"));
                                    ThreadSample rested = m.afterLoad(step);
                                    int workers = pool(step, "tomcat-workers");
                                    int kept = rested.byPool().getOrDefault("tomcat-workers", 0);
                                    int users = step.plan().users();
                                    // thread counts: what the pool did, which this machine's CPU cannot change
                                    return Verdict.of(
                                            atStart < ARTICLE_THREADS_AT_START
                                                    && workers >= users
                                                    && kept >= KEPT * workers,
                                            format(
                                                    "%d live threads at start (the article: under %d); %d at peak under %d users, %d of them Tomcat "
                                                            + "workers (the article: almost 150 in all); %d workers still alive %.1f D after the last "
                                                            + "answer (%d live threads)",
                                                    atStart,
                                                    ARTICLE_THREADS_AT_START,
                                                    step.service().threads().peakLive(),
                                                    users,
                                                    workers,
                                                    kept,
                                                    m.inD(rested.atMillis()
                                                            - step.client().elapsedSeconds() * 1000),
                                                    rested.live()));
                                })
                        .articleSaid("under 50 live threads at rest, almost 150 under 100 users, kept after")
                        .checkedAt(format(
                                "under %d live threads at start; Tomcat workers ≥ the users at peak; ≥ %s of them alive %s D "
                                        + "after the last answer",
                                ARTICLE_THREADS_AT_START, percent(KEPT), figure(Defaults.REST_AFTER_LOAD_IN_D)))
                        .spreadHere(LIVE_AT_START_SPREAD, WORKERS_AT_PEAK_SPREAD, WORKERS_AFTER_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, HEAVY, MVC_TOMCAT_200),
                Claim.of(
                                "netty-blocking-capped-by-loops",
                                "Blocking inside Mono.fromCallable on Netty holds an event loop per request: throughput falls to about the number of loops per D, latency balloons.",
                                m -> {
                                    StepResult step = m.clientStep(WEBFLUX_NETTY_BLOCKING, HEAVY);
                                    double loopCount = m.variant(WEBFLUX_NETTY_BLOCKING)
                                            .sizing()
                                            .number("nettyEventLoops")
                                            .orElseThrow(
                                                    () -> new Measurements.Missing(
                                                            "needs the event loops webflux-netty-blocking reported, and it reported none"));
                                    return Verdict.onSteps(
                                            m.perD(step) <= loopCount * OVER_A_CAP
                                                    && m.perD(step) >= loopCount * NEAR_BOUND,
                                            format(
                                                    "%.2f per D with %s event loops (%.1f %% of the bound %s), mean latency %.2f D",
                                                    m.perD(step),
                                                    Math.round(loopCount),
                                                    100
                                                            * step.client().throughputPerSecond()
                                                            / step.bound().littlesLawPerSecond(),
                                                    step.bound().littlesLawModel(),
                                                    m.inD(step.client()
                                                            .latencyMillis()
                                                            .mean())),
                                            step);
                                })
                        .articleSaid("7.90 per D on 8 event loops")
                        .checkedAt(format(
                                "%s to %s of one request per loop per D", percent(NEAR_BOUND), percent(OVER_A_CAP)))
                        .spreadHere(NETTY_LOOPS_SPREAD)
                        .shownBy(ChartRef.Kind.REQUESTS, HEAVY, WEBFLUX_NETTY_BLOCKING),
                Claim.of(
                                "netty-elastic-scales",
                                "subscribeOn an unbounded elastic pool moves the wait off the event loops: Netty gets back near 100 per D (95 % of C/D or more).",
                                m -> {
                                    StepResult step = m.clientStep(WEBFLUX_NETTY_ELASTIC, HEAVY);
                                    return Verdict.onSteps(servesAllUsers(m, step), withCpu(m, step), step);
                                })
                        .articleSaid("99.40 per D")
                        .checkedAt(ALL_USERS_SERVED)
                        .spreadHere(NETTY_ELASTIC_SPREAD)
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, HEAVY, WEBFLUX_NETTY_ELASTIC),
                Claim.of(
                                "netty-elastic-threads-like-tomcat-200",
                                "Netty with subscribeOn an elastic pool uses about as many threads as Tomcat's 200 workers: a pool "
                                        + "thread per request in flight where Tomcat has a worker.",
                                m -> {
                                    StepResult netty = m.step(WEBFLUX_NETTY_ELASTIC, HEAVY);
                                    StepResult tomcat = m.step(MVC_TOMCAT_200, HEAVY);
                                    int nettyThreads = netty.service().threads().peakLive();
                                    int tomcatThreads =
                                            tomcat.service().threads().peakLive();
                                    return Verdict.of(
                                            sameThreads(nettyThreads, tomcatThreads),
                                            format(
                                                    "%d threads at peak (%d elastic) against %d on Tomcat-200 (%d workers): x%.2f",
                                                    nettyThreads,
                                                    pool(netty, "elastic"),
                                                    tomcatThreads,
                                                    pool(tomcat, "tomcat-workers"),
                                                    (double) nettyThreads / tomcatThreads));
                                })
                        .articleSaid("no figure: even the threads' use looks like Tomcat's with 200 workers")
                        .checkedAt(format(
                                "peak threads within %d or %s of Tomcat-200's, the larger",
                                SAME_THREADS_AT_LEAST, percent(SAME_THREADS)))
                        .spreadHere(NETTY_ELASTIC_THREADS_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, HEAVY, WEBFLUX_NETTY_ELASTIC, MVC_TOMCAT_200),
                Claim.of(
                                "tomcat-subscribeon-more-threads",
                                "WebFlux on Tomcat with subscribeOn also gets near 100 per D, but with about twice the threads of Netty with the same pool.",
                                m -> {
                                    StepResult tomcat = m.step(WEBFLUX_TOMCAT_ELASTIC, HEAVY);
                                    StepResult netty = m.step(WEBFLUX_NETTY_ELASTIC, HEAVY);
                                    double ratio =
                                            (double) tomcat.service().threads().peakLive()
                                                    / netty.service().threads().peakLive();
                                    int workers = pool(tomcat, "tomcat-workers");
                                    int users = tomcat.plan().users();
                                    String evidence = format(
                                            "%s; against %d threads on Netty (x%.2f): %d elastic and %d Tomcat workers against "
                                                    + "%d elastic and %d event loops%s",
                                            withCpu(m, tomcat),
                                            netty.service().threads().peakLive(),
                                            ratio,
                                            pool(tomcat, "elastic"),
                                            workers,
                                            pool(netty, "elastic"),
                                            pool(netty, "netty-event-loops"),
                                            workersFromBursts(tomcat));
                                    // short of twice with fewer workers than users: a worker per hand-off in flight,
                                    // not per request; with a worker per user and still short, the elastic pool's
                                    // side failed
                                    String why =
                                            ratio < ABOUT_TWICE && workers < users ? "; " + WORKERS_PER_HAND_OFF : "";
                                    return Verdict.structuralThenOnSteps(
                                            ratio >= ABOUT_TWICE,
                                            servesAllUsers(m, tomcat),
                                            evidence + why,
                                            tomcat,
                                            netty);
                                })
                        .articleSaid("99.30 per D, about twice the threads")
                        .checkedAt(format(
                                "peak threads ≥ %s x Netty's with the same pool (about twice); %s",
                                figure(ABOUT_TWICE), ALL_USERS_SERVED))
                        .spreadHere(SUBSCRIBE_ON_THREADS_SPREAD, SUBSCRIBE_ON_RATE_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, HEAVY, WEBFLUX_TOMCAT_ELASTIC, WEBFLUX_NETTY_ELASTIC),
                Claim.of(
                                "tomcat-without-subscribeon-fewer-threads",
                                "On Tomcat, leaving out subscribeOn keeps the wait on the worker: about the same throughput with fewer threads.",
                                m -> {
                                    StepResult plain = m.step(WEBFLUX_TOMCAT_BLOCKING, HEAVY);
                                    StepResult moved = m.step(WEBFLUX_TOMCAT_ELASTIC, HEAVY);
                                    return Verdict.structuralThenOnSteps(
                                            plain.service().threads().peakLive()
                                                    < moved.service().threads().peakLive(),
                                            servesAllUsers(m, plain),
                                            format(
                                                    "%s; against %d threads with subscribeOn",
                                                    withCpu(m, plain),
                                                    moved.service().threads().peakLive()),
                                            plain,
                                            moved);
                                })
                        .articleSaid(
                                "no figure: the container's worker does the blocking, one thread per request where subscribeOn takes two")
                        .checkedAt("fewer peak threads than with subscribeOn; " + ALL_USERS_SERVED)
                        .spreadHere(WITHOUT_SUBSCRIBE_ON_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, HEAVY, WEBFLUX_TOMCAT_BLOCKING, WEBFLUX_TOMCAT_ELASTIC),
                Claim.of(
                                "router-function-same",
                                "A RouterFunction only declares the handler differently: it is neither faster nor lighter on threads.",
                                m -> {
                                    StepResult router = m.step(WEBFLUX_TOMCAT_ROUTER, HEAVY);
                                    StepResult annotated = m.step(WEBFLUX_TOMCAT_BLOCKING, HEAVY);
                                    double throughputRatio = router.client().throughputPerSecond()
                                            / annotated.client().throughputPerSecond();
                                    return Verdict.structuralThenOnSteps(
                                            sameThreads(
                                                    router.service().threads().peakLive(),
                                                    annotated
                                                            .service()
                                                            .threads()
                                                            .peakLive()),
                                            Math.abs(throughputRatio - 1) <= SAME_THROUGHPUT,
                                            format(
                                                    "%.2f against %.2f per D; %d against %d threads at peak",
                                                    m.perD(router),
                                                    m.perD(annotated),
                                                    router.service().threads().peakLive(),
                                                    annotated
                                                            .service()
                                                            .threads()
                                                            .peakLive()),
                                            router,
                                            annotated);
                                })
                        .articleSaid(
                                "no figure: only another way to declare the handler, neither faster nor using fewer threads")
                        .checkedAt(format(
                                "throughput within %s; peak threads within %d or %s, the larger",
                                percent(SAME_THROUGHPUT), SAME_THREADS_AT_LEAST, percent(SAME_THREADS)))
                        .spreadHere(ROUTER_RATE_SPREAD, ROUTER_THREADS_SPREAD)
                        .shownBy(ChartRef.Kind.PERCENTILES, HEAVY, WEBFLUX_TOMCAT_ROUTER, WEBFLUX_TOMCAT_BLOCKING),
                Claim.of(
                                "deferred-result-scales",
                                "Without Reactor, MVC returning a DeferredResult completed from a cached pool also gets near 100 per D (95 % of C/D or more).",
                                m -> {
                                    StepResult step = m.clientStep(MVC_DEFERRED_RESULT, HEAVY);
                                    return Verdict.onSteps(servesAllUsers(m, step), withCpu(m, step), step);
                                })
                        .articleSaid(
                                "no figure: the hand-off subscribeOn(elastic) makes, written without Reactor: a DeferredResult completed from a cached pool")
                        .checkedAt(ALL_USERS_SERVED)
                        .spreadHere(DEFERRED_RESULT_SPREAD)
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, HEAVY, MVC_DEFERRED_RESULT),
                Claim.of(
                                "bounded-elastic-capped",
                                "Modern: today's boundedElastic() caps its threads at 10 per CPU, so 100 users get at most min(100, 10 x CPUs) per D.",
                                m -> {
                                    StepResult step = m.step(WEBFLUX_NETTY_BOUNDED_ELASTIC, HEAVY);
                                    double cap = m.variant(WEBFLUX_NETTY_BOUNDED_ELASTIC)
                                            .sizing()
                                            .number("boundedElasticMaxThreads")
                                            .orElse(Double.NaN);
                                    int peakThreads = step.service()
                                            .threads()
                                            .peakByPool()
                                            .getOrDefault("bounded-elastic", 0);
                                    // one more than the cap: the pool's evictor thread carries its name
                                    boolean capped = peakThreads <= cap + 1 && m.perD(step) <= OVER_A_CAP * cap;
                                    return Verdict.onSteps(
                                            capped,
                                            format(
                                                    "%.2f per D with a cap of %.0f threads (%d of the pool's threads at peak); "
                                                            + "a shared queue would allow %.2f per D%s",
                                                    m.perD(step),
                                                    cap,
                                                    peakThreads,
                                                    step.bound().littlesLawPerSecond() * m.seconds(),
                                                    idleWhileQueued(m, step)),
                                            step);
                                })
                        .articleSaid(
                                "no figure: replace the unbounded elastic() by a scheduler under your control, one made from an ExecutorService")
                        .checkedAt(format(
                                "pool threads ≤ the cap it reports, %d x CPUs by Reactor's default (and its evictor); ≤ %s of "
                                        + "that per D",
                                BOUNDED_ELASTIC_THREADS_PER_CPU, percent(OVER_A_CAP)))
                        .spreadHere(BOUNDED_ELASTIC_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, HEAVY, WEBFLUX_NETTY_BOUNDED_ELASTIC),
                Claim.of(
                                "virtual-threads-scale",
                                "Modern: MVC on virtual threads serves 100 users near 100 per D with far fewer platform threads than 200 workers.",
                                m -> {
                                    StepResult virtual = m.step(MVC_VIRTUAL_THREADS, HEAVY);
                                    StepResult platform = m.step(MVC_TOMCAT_200, HEAVY);
                                    return Verdict.structuralThenOnSteps(
                                            virtual.service().threads().peakLive()
                                                    < FAR_FEWER
                                                            * platform.service()
                                                                    .threads()
                                                                    .peakLive(),
                                            servesAllUsers(m, virtual),
                                            format(
                                                    "%s (platform threads); against %d on 200 workers",
                                                    withCpu(m, virtual),
                                                    platform.service().threads().peakLive()),
                                            virtual,
                                            platform);
                                })
                        .checkedAt(format(
                                "platform threads < %s of Tomcat-200's; %s", percent(FAR_FEWER), ALL_USERS_SERVED))
                        .spreadHere(VIRTUAL_THREADS_SPREAD)
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, HEAVY, MVC_VIRTUAL_THREADS, MVC_TOMCAT_200),
                Claim.of(
                                "non-blocking-needs-no-pool",
                                "Modern: a handler that does not block (Mono.delay) serves 100 users near 100 per D on the event loops alone.",
                                m -> {
                                    StepResult delay = m.step(WEBFLUX_NETTY_DELAY, HEAVY);
                                    StepResult elastic = m.step(WEBFLUX_NETTY_ELASTIC, HEAVY);
                                    return Verdict.structuralThenOnSteps(
                                            delay.service().threads().peakLive()
                                                    < UNDER_HALF
                                                            * elastic.service()
                                                                    .threads()
                                                                    .peakLive(),
                                            servesAllUsers(m, delay),
                                            format(
                                                    "%s; against %d with an elastic pool",
                                                    withCpu(m, delay),
                                                    elastic.service().threads().peakLive()),
                                            delay,
                                            elastic);
                                })
                        .checkedAt(
                                format("threads < %s of the elastic pool's; %s", percent(UNDER_HALF), ALL_USERS_SERVED))
                        .spreadHere(NON_BLOCKING_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, HEAVY, WEBFLUX_NETTY_DELAY, WEBFLUX_NETTY_ELASTIC));
    }
}
