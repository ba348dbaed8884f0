package org.concurrencylab.catalog.blockingio;

import static java.lang.String.format;
import static org.concurrencylab.catalog.blockingio.BlockingIoExperiment.*;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.concurrencylab.catalog.claim.Claim;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.probe.model.ThreadActivity;
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
                                    StepResult step = m.clientStep("mvc-tomcat-20", LIGHT);
                                    // the article's 9.95 per D is 99.5 % of the bound; 95 % leaves this machine's
                                    // request path its share
                                    return Verdict.onSteps(
                                            m.perD(step) >= 0.95 * 10,
                                            format(
                                                    "%.2f per D measured, bound 10 (%.1f %%)",
                                                    m.perD(step), 10 * m.perD(step)),
                                            step);
                                })
                        .articleSaid("9.95 per D (99.5 % of the bound)")
                        .checkedAt("≥ 95 % of 10 per D")
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, LIGHT, "mvc-tomcat-20"),
                Claim.of(
                                "tomcat-20-queues",
                                "With 100 users, 20 Tomcat workers cap throughput near 20 per D; the rest queue and mean latency grows to about 5 D.",
                                m -> {
                                    StepResult step = m.clientStep("mvc-tomcat-20", HEAVY);
                                    double mean = m.inD(step.latencyMillis().mean());
                                    // the median beside the mean: whether the queue was served in turn or some users
                                    // waited far longer
                                    // the article: 19.92 per D and 4.82 D; 95 % of the bound, and its mean within 10 %
                                    return Verdict.onSteps(
                                            m.perD(step) <= 20.4 && m.perD(step) >= 19 && mean >= 4.34 && mean <= 5.3,
                                            format(
                                                    "%.2f per D, mean latency %.2f D (median %.2f D, p95 %.2f D)",
                                                    m.perD(step),
                                                    mean,
                                                    m.inD(step.latencyMillis().p50()),
                                                    m.inD(step.latencyMillis().p95())),
                                            step);
                                })
                        .articleSaid("19.92 per D, mean 4.82 D")
                        .checkedAt("19 to 20.4 per D; mean 4.34 to 5.3 D (the article's within 10 %)")
                        .shownBy(ChartRef.Kind.REQUESTS, HEAVY, "mvc-tomcat-20"),
                Claim.of(
                                "tomcat-200-scales",
                                "With Tomcat's default 200 workers, all 100 users are served at once: near 100 per D (95 % of C/D or more), far above any pool cap.",
                                m -> {
                                    StepResult step = m.clientStep("mvc-tomcat-200", HEAVY);
                                    return Verdict.onSteps(
                                            servesAllUsers(m, step),
                                            withCpu(m, step)
                                                    + (step.probed()
                                                            ? "; by pool "
                                                                    + step.threads()
                                                                            .peakByPool()
                                                            : ""),
                                            step);
                                })
                        .articleSaid("99.40 per D")
                        .checkedAt("≥ 95 % of C/D")
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, HEAVY, "mvc-tomcat-200"),
                Claim.of(
                                "tomcat-200-threads-grow-and-stay",
                                "Tomcat's default pool starts small (the article: under 50 live threads), grows a worker per user under 100 users "
                                        + "(almost 150 live threads), and keeps them alive once the traffic is gone.",
                                m -> {
                                    VariantResult variant = m.variant("mvc-tomcat-200");
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
                                            atStart < 50 && workers >= users && kept >= KEPT * workers,
                                            format(
                                                    "%d live threads at start (the article: under 50); %d at peak under %d users, %d of them Tomcat "
                                                            + "workers (the article: almost 150 in all); %d workers still alive %.1f D after the last "
                                                            + "answer (%d live threads)",
                                                    atStart,
                                                    step.threads().peakLive(),
                                                    users,
                                                    workers,
                                                    kept,
                                                    m.inD(rested.atMillis() - step.elapsedSeconds() * 1000),
                                                    rested.live()));
                                })
                        .articleSaid("under 50 live threads at rest, almost 150 under 100 users, kept after")
                        .checkedAt(
                                "under 50 live threads at start; Tomcat workers ≥ the users at peak; ≥ 90 % of them alive 5 D after the last answer")
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, HEAVY, "mvc-tomcat-200"),
                Claim.of(
                                "netty-blocking-capped-by-loops",
                                "Blocking inside Mono.fromCallable on Netty holds an event loop per request: throughput falls to about the number of loops per D, latency balloons.",
                                m -> {
                                    StepResult step = m.clientStep("webflux-netty-blocking", HEAVY);
                                    Object loops = m.variant("webflux-netty-blocking")
                                            .sizing()
                                            .get("nettyEventLoops");
                                    if (!(loops instanceof Number n)) {
                                        throw new Measurements.Missing(
                                                "needs the event loops webflux-netty-blocking reported, and it reported none");
                                    }
                                    double loopCount = n.doubleValue();
                                    // the article: 7.90 per D on 8 loops, 98.75 %
                                    return Verdict.onSteps(
                                            m.perD(step) <= loopCount * 1.02 && m.perD(step) >= loopCount * 0.95,
                                            format(
                                                    "%.2f per D with %s event loops (%.1f %% of the bound %s), mean latency %.2f D",
                                                    m.perD(step),
                                                    loops,
                                                    100 * step.throughputPerSecond() / step.littlesLawPerSecond(),
                                                    step.littlesLawModel(),
                                                    m.inD(step.latencyMillis().mean())),
                                            step);
                                })
                        .articleSaid("7.90 per D on 8 event loops")
                        .checkedAt("95 % to 102 % of one request per loop per D")
                        .shownBy(ChartRef.Kind.REQUESTS, HEAVY, "webflux-netty-blocking"),
                Claim.of(
                                "netty-elastic-scales",
                                "subscribeOn an unbounded elastic pool moves the wait off the event loops: Netty gets back near 100 per D (95 % of C/D or more).",
                                m -> {
                                    StepResult step = m.clientStep("webflux-netty-elastic", HEAVY);
                                    return Verdict.onSteps(servesAllUsers(m, step), withCpu(m, step), step);
                                })
                        .articleSaid("99.40 per D")
                        .checkedAt("≥ 95 % of C/D")
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, HEAVY, "webflux-netty-elastic"),
                Claim.of(
                                "tomcat-subscribeon-more-threads",
                                "WebFlux on Tomcat with subscribeOn also gets near 100 per D, but with about twice the threads of Netty with the same pool.",
                                m -> {
                                    StepResult tomcat = m.step("webflux-tomcat-elastic", HEAVY);
                                    StepResult netty = m.step("webflux-netty-elastic", HEAVY);
                                    double ratio = (double) tomcat.threads().peakLive()
                                            / netty.threads().peakLive();
                                    int workers = pool(tomcat, "tomcat-workers");
                                    int users = tomcat.plan().users();
                                    String evidence = format(
                                            "%s; against %d threads on Netty (x%.2f): %d elastic and %d Tomcat workers against "
                                                    + "%d elastic and %d event loops%s",
                                            withCpu(m, tomcat),
                                            netty.threads().peakLive(),
                                            ratio,
                                            pool(tomcat, "elastic"),
                                            workers,
                                            pool(netty, "elastic"),
                                            pool(netty, "netty-event-loops"),
                                            workersFromBursts(tomcat));
                                    if (ratio > 1 && ratio < ABOUT_TWICE && workers < users) {
                                        return Verdict.notDecided(evidence + "; " + WORKERS_ARE_A_RACE);
                                    }
                                    // no more threads than Netty, or a worker per user and still short of twice: the
                                    // mechanism itself failed
                                    return Verdict.structuralThenOnSteps(
                                            ratio >= ABOUT_TWICE, servesAllUsers(m, tomcat), evidence, tomcat, netty);
                                })
                        .articleSaid("99.30 per D, about twice the threads")
                        .checkedAt(
                                "peak threads ≥ 1.8 x Netty's with the same pool (about twice); ≥ 95 % of C/D; more than Netty's "
                                        + "but short of 1.8 x with fewer workers than users: not decided (how many workers a burst makes is a race "
                                        + "whose spread covers twice)")
                        .shownBy(
                                ChartRef.Kind.THREADS_BY_POOL,
                                HEAVY,
                                "webflux-tomcat-elastic",
                                "webflux-netty-elastic"),
                Claim.of(
                                "tomcat-without-subscribeon-fewer-threads",
                                "On Tomcat, leaving out subscribeOn keeps the wait on the worker: about the same throughput with fewer threads.",
                                m -> {
                                    StepResult plain = m.step("webflux-tomcat-blocking", HEAVY);
                                    StepResult moved = m.step("webflux-tomcat-elastic", HEAVY);
                                    return Verdict.structuralThenOnSteps(
                                            plain.threads().peakLive()
                                                    < moved.threads().peakLive(),
                                            servesAllUsers(m, plain),
                                            format(
                                                    "%s; against %d threads with subscribeOn",
                                                    withCpu(m, plain),
                                                    moved.threads().peakLive()),
                                            plain,
                                            moved);
                                })
                        .articleSaid(
                                "no figure: the container's worker does the blocking, one thread per request where subscribeOn takes two")
                        .checkedAt("fewer peak threads than with subscribeOn; ≥ 95 % of C/D")
                        .shownBy(
                                ChartRef.Kind.THREADS_BY_POOL,
                                HEAVY,
                                "webflux-tomcat-blocking",
                                "webflux-tomcat-elastic"),
                Claim.of(
                                "router-function-same",
                                "A RouterFunction only declares the handler differently: it is neither faster nor lighter on threads.",
                                m -> {
                                    StepResult router = m.step("webflux-tomcat-router", HEAVY);
                                    StepResult annotated = m.step("webflux-tomcat-blocking", HEAVY);
                                    double throughputRatio =
                                            router.throughputPerSecond() / annotated.throughputPerSecond();
                                    int threadDifference =
                                            Math.abs(router.threads().peakLive()
                                                    - annotated.threads().peakLive());
                                    return Verdict.structuralThenOnSteps(
                                            threadDifference
                                                    <= Math.max(
                                                            10,
                                                            0.15
                                                                    * annotated
                                                                            .threads()
                                                                            .peakLive()),
                                            Math.abs(throughputRatio - 1) <= 0.05,
                                            format(
                                                    "%.2f against %.2f per D; %d against %d threads at peak",
                                                    m.perD(router),
                                                    m.perD(annotated),
                                                    router.threads().peakLive(),
                                                    annotated.threads().peakLive()),
                                            router,
                                            annotated);
                                })
                        .articleSaid(
                                "no figure: only another way to declare the handler, neither faster nor using fewer threads")
                        .checkedAt("throughput within 5 %; peak threads within 10 or 15 %")
                        .shownBy(ChartRef.Kind.PERCENTILES, HEAVY, "webflux-tomcat-router", "webflux-tomcat-blocking"),
                Claim.of(
                                "deferred-result-scales",
                                "Without Reactor, MVC returning a DeferredResult completed from a cached pool also gets near 100 per D (95 % of C/D or more).",
                                m -> {
                                    StepResult step = m.clientStep("mvc-deferred-result", HEAVY);
                                    return Verdict.onSteps(servesAllUsers(m, step), withCpu(m, step), step);
                                })
                        .checkedAt("≥ 95 % of C/D")
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, HEAVY, "mvc-deferred-result"),
                Claim.of(
                                "bounded-elastic-capped",
                                "Modern: today's boundedElastic() caps its threads at 10 per CPU, so 100 users get at most min(100, 10 x CPUs) per D.",
                                m -> {
                                    StepResult step = m.step("webflux-netty-bounded-elastic", HEAVY);
                                    Object sizedCap = m.variant("webflux-netty-bounded-elastic")
                                            .sizing()
                                            .get("boundedElasticMaxThreads");
                                    double cap = sizedCap instanceof Number n ? n.doubleValue() : Double.NaN;
                                    int peakThreads =
                                            step.threads().peakByPool().getOrDefault("bounded-elastic", 0);
                                    // one more than the cap: the pool's evictor thread carries its name
                                    boolean capped = peakThreads <= cap + 1 && m.perD(step) <= 1.02 * cap;
                                    return Verdict.onSteps(
                                            capped,
                                            format(
                                                    "%.2f per D with a cap of %.0f threads (%d of the pool's threads at peak); "
                                                            + "a shared queue would allow %.2f per D%s",
                                                    m.perD(step),
                                                    cap,
                                                    peakThreads,
                                                    step.littlesLawPerSecond() * m.seconds(),
                                                    idleWhileQueued(m, step)),
                                            step);
                                })
                        .checkedAt("pool threads ≤ 10 x CPUs (+1, its evictor); ≤ 102 % of that per D")
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, HEAVY, "webflux-netty-bounded-elastic"),
                Claim.of(
                                "virtual-threads-scale",
                                "Modern: MVC on virtual threads serves 100 users near 100 per D with far fewer platform threads than 200 workers.",
                                m -> {
                                    StepResult virtual = m.step("mvc-virtual-threads", HEAVY);
                                    StepResult platform = m.step("mvc-tomcat-200", HEAVY);
                                    return Verdict.structuralThenOnSteps(
                                            virtual.threads().peakLive()
                                                    < 0.6 * platform.threads().peakLive(),
                                            servesAllUsers(m, virtual),
                                            format(
                                                    "%s (platform threads); against %d on 200 workers",
                                                    withCpu(m, virtual),
                                                    platform.threads().peakLive()),
                                            virtual,
                                            platform);
                                })
                        .checkedAt("platform threads < 60 % of Tomcat-200's; ≥ 95 % of C/D")
                        .shownBy(
                                ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, HEAVY, "mvc-virtual-threads", "mvc-tomcat-200"),
                Claim.of(
                                "non-blocking-needs-no-pool",
                                "Modern: a handler that does not block (Mono.delay) serves 100 users near 100 per D on the event loops alone.",
                                m -> {
                                    StepResult delay = m.step("webflux-netty-delay", HEAVY);
                                    StepResult elastic = m.step("webflux-netty-elastic", HEAVY);
                                    return Verdict.structuralThenOnSteps(
                                            delay.threads().peakLive()
                                                    < elastic.threads().peakLive() / 2,
                                            servesAllUsers(m, delay),
                                            format(
                                                    "%s; against %d with an elastic pool",
                                                    withCpu(m, delay),
                                                    elastic.threads().peakLive()),
                                            delay,
                                            elastic);
                                })
                        .checkedAt("threads < half of the elastic pool's; ≥ 95 % of C/D")
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, HEAVY, "webflux-netty-delay", "webflux-netty-elastic"));
    }

    /** "About twice": within 10 % of the article's figure. */
    private static final double ABOUT_TWICE = 1.8;

    /**
     * Why a ratio short of twice is not decided here. A worker holds a request only for its hand-off to the
     * elastic pool (and again to complete it), and Tomcat adds a worker whenever a task arrives with none
     * idle: the workers a burst of users leaves are the hand-offs in flight at once, a race between the
     * threads that submit them and the workers that finish them. bench/subscribeon-threads measured its
     * spread on fresh JVMs of the same settings, on the article's Boot 2.7 stack and on today's (README,
     * "What is left"): it covers the article's figure, so one run below it does not refute it.
     */
    private static final String WORKERS_ARE_A_RACE =
            "twice Netty's threads needs a worker per user at a burst, and how many "
                    + "a burst makes is a race between the hand-offs it submits and the workers that finish them: fresh JVMs of the "
                    + "same settings spread over 30 to 50 workers here, on the article's Boot 2.7 stack as on today's, and reached "
                    + "about twice Netty's threads at the top, so one run short of it cannot tell (bench/subscribeon-threads; README, "
                    + "\"What is left\")";

    /**
     * A worker holds a request here only to hand it to the elastic pool, so Tomcat needs as many as arrive
     * within one hand-off; it creates one whenever none is idle and keeps it 60 s. The pool's size is set by
     * the bursts: the warm-up's first (every user at once, on a JVM whose request path was still cold and
     * slow), then any of the step's own that found too few idle.
     */
    private static String workersFromBursts(StepResult step) {
        if (step.threads().beforeLoad() == null) {
            return "";
        }
        int before = step.threads().beforeLoad().byPool().getOrDefault("tomcat-workers", 0);
        int peak = pool(step, "tomcat-workers");
        return format(
                "; %d of the %d workers were there before the step's first request, made for the warm-up's first burst "
                        + "of users at once on a cold JVM and kept (an idle worker goes after 60 s)%s",
                Math.min(before, peak),
                peak,
                peak > before ? format(", and the step's own bursts added %d", peak - before) : "");
    }

    /** "Keeps them alive": nearly every worker of the peak is still there after the rest (Tomcat lets an idle one go after 60 s). */
    private static final double KEPT = 0.9;

    /**
     * "About 100 per D" in the article's sense: the article measured 99.4 of 100; 95 % of C/D leaves
     * this machine's request path its share and is still far from any pool cap (20 or 8 per D).
     */
    private static boolean servesAllUsers(Measurements m, StepResult step) {
        return m.perD(step) >= 0.95 * step.plan().users();
    }

    private static int pool(StepResult step, String pool) {
        return step.threads().peakByPool().getOrDefault(pool, 0);
    }

    /** What the machine allowed is named beside the measurement, so a gap is split into system and machine. */
    private static String withCpu(Measurements m, StepResult step) {
        if (!step.probed()) {
            return format(
                    "%.2f per D (%.1f %% of C/D), load from %s, which measures no threads or CPU",
                    m.perD(step),
                    100 * m.perD(step) / step.plan().users(),
                    step.plan().driver());
        }
        OptionalDouble jit = step.process().jitShareOfACore(step.elapsedSeconds());
        String machine =
                step.machine() == null || step.machine().cpuBoundPerSecond().isEmpty()
                        ? ""
                        : format(
                                "; with this machine's CPU %.1f per D (c = %.2f ms a request)",
                                step.machine().cpuBoundPerSecond().getAsDouble() * m.seconds(),
                                step.machine().cpuMillisPerRequest());
        return format(
                "%.2f per D (%.1f %% of C/D), %d threads at peak, service CPU %.2f cores busy%s%s",
                m.perD(step),
                100 * m.perD(step) / step.plan().users(),
                step.threads().peakLive(),
                step.process().cpuSeconds() / step.elapsedSeconds(),
                jit.isEmpty() ? "" : format(" (%.2f of them the JIT compiling)", jit.getAsDouble()),
                machine);
    }

    /**
     * boundedElastic queues each task on the one thread it picked when the task was scheduled, so
     * requests can wait behind a busy thread while another sits idle; the stack samples count those.
     */
    private static String idleWhileQueued(Measurements m, StepResult step) {
        Map<String, Double> pool = step.threads().activityByPool().getOrDefault("bounded-elastic", Map.of());
        double idle = pool.getOrDefault(ThreadActivity.IDLE.name(), 0.0);
        double taken = pool.getOrDefault(ThreadActivity.SLEEPING.name(), 0.0);
        if (idle < 1 || step.latencyMillis().mean() < 1.1 * m.seconds() * 1000) {
            return "";
        }
        return format(
                "; below that because each task is queued on the thread picked for it when it is scheduled: "
                        + "on average %.0f of the pool's threads (its evictor among them) were idle while %.0f held requests "
                        + "and others waited (mean latency %.2f D)",
                idle, taken, m.inD(step.latencyMillis().mean()));
    }
}
