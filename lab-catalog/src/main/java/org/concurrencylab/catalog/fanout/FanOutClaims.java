package org.concurrencylab.catalog.fanout;

import static java.lang.String.format;
import static org.concurrencylab.catalog.claim.Thresholds.figure;
import static org.concurrencylab.catalog.claim.Thresholds.percent;
import static org.concurrencylab.catalog.fanout.FanOutExperiment.*;

import java.util.List;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.claim.Bench;
import org.concurrencylab.catalog.claim.Claim;
import org.concurrencylab.catalog.claim.Finding;
import org.concurrencylab.catalog.claim.MeasuredSpread;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Thresholds;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.catalog.model.GrowingQueue;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.TimelinePoint;

/** The claims of {@link FanOutExperiment}: what its article said, each with the measurement that decides it, and the sentences its run tells. */
final class FanOutClaims {

    /**
     * Alone, the sequential request makes two calls of D one after the other: the article's 661 ms on a D of
     * 300 ms is 2.2 D. At least 1.8 D: two calls can take no less than 2 D, less the 10 % a short D's timer
     * may round off.
     */
    static final double SEQUENTIAL_LONE_AT_LEAST_D = 1.8;

    /** Alone, the parallel request takes one call's time: the article's 347 ms is 1.16 D; at most 1.3 D. */
    static final double PARALLEL_LONE_AT_MOST_D = 1.3;

    /** The article's parallel request took 0.52 of the sequential one (347 against 661 ms); "about half" up to 0.65. */
    static final double PARALLEL_OVER_SEQUENTIAL_AT_MOST = 0.65;

    /**
     * "About the same" with Tomcat capped at 8 workers: the article's p95 was 49.1 s against 51.4 s with 200
     * (x0.96). Once the pool has collapsed, a p95 is the time the queue grew to, so a quarter either way.
     */
    static final double SAME_P95_LOW = 0.75;

    static final double SAME_P95_HIGH = 1.25;

    /**
     * "As well as the pool of 400": a p95 at most 15 % above its, the same allowance as {@link Thresholds#P95_NEAR_D}
     * gives D (the article's pool of 400 had a p95 of 345 ms on a D of 300 ms).
     */
    static final double AS_WELL_AS_POOL_OF_400 = 1.15;

    /** The article's D: each metadata call took 300 ms. */
    static final double ARTICLE_D_MILLIS = 300;

    /** The article's sequential p95 under load, ms. */
    static final double ARTICLE_SEQUENTIAL_P95 = 709;

    /** The article's p95 of the sequential version under load: 709 ms on a D of 300 ms. */
    static final double ARTICLE_SEQUENTIAL_P95_D = ARTICLE_SEQUENTIAL_P95 / ARTICLE_D_MILLIS;

    /** "Collapses": latency that grows at least 3-fold from the run's start to its end. */
    static final double COLLAPSE_GROWS_AT_LEAST = 3;

    /** The percentile the article's collapse is told by. */
    static final double P95 = 0.95;

    /**
     * The collapsed pool's p95 against the queue that grows all run, from the run's own arrivals and the pool's
     * measured rate: within 10 %. Five runs here (2026-11-27) came 3.9 to 5.0 % below it: the default pool
     * does not take waiting calls in arrival order, so a few wait past the timeout (22 to 26 of 1,200) and
     * the rest less. The article's own figures fit it within 0.4 % ({@link #ARTICLE_QUEUE}).
     */
    static final double QUEUE_P95_WITHIN = 0.10;

    /** The article's default pool: 7 threads on its 8 CPUs. */
    static final int ARTICLE_POOL_THREADS = 7;

    /** Each request makes two calls, each on a thread of the pool. */
    static final int CALLS_PER_REQUEST = 2;

    /** The article's common pool under load with 8 Tomcat workers and with 200: mean and p95, ms. */
    static final double ARTICLE_MEAN_8_WORKERS = 26_524;

    static final double ARTICLE_MEAN_200_WORKERS = 27_289;

    static final double ARTICLE_P95_8_WORKERS = 49_066;

    static final double ARTICLE_P95_200_WORKERS = 51_370;

    /**
     * The article's collapse as the queue that grows all run: 20 requests/s for 60 s into 7 threads, two calls a
     * request. The time a call took there is what its mean latency gives: a request arriving at t waits
     * t (2 lambda c / 7 - 1) and takes c, so the mean over the run is T/2 (2 lambda c / 7 - 1) + c, solved for c.
     * Its p95 is then within 0.4 % of the article's: the article's own figures, not a measurement.
     */
    static final GrowingQueue ARTICLE_QUEUE = GrowingQueue.fromMean(
            UNDER_LOAD.ratePerSecond(),
            UNDER_LOAD.duration().toNanos() / 1e9,
            (double) ARTICLE_POOL_THREADS / CALLS_PER_REQUEST,
            ARTICLE_MEAN_200_WORKERS);

    /**
     * "Less context switching" with 8 Tomcat workers, for which the article gives no figure: voluntary
     * switches per request at least 5 % fewer than with 200. Over five runs here (2026-11-27) 8 workers
     * made 0.88 to 0.90 of the 200's in the same run (8.46-8.90 a request against 9.57-9.98), so 5 % is
     * well outside the ratio's spread and half the effect; the involuntary ones follow what else holds the
     * cores (the load driver) and are shown, not judged.
     */
    static final double FEWER_SWITCHES_AT_LEAST = 0.05;

    /**
     * "Mostly parked": of at least 50 Tomcat workers alive (a collapsed pool keeps every arriving request's
     * worker waiting), no more than a tenth runnable at once.
     */
    static final int PARKED_WORKERS_AT_LEAST = 50;

    static final double RUNNABLE_AT_MOST = 0.1;

    /**
     * The sequential version's p95 under load, in D: the article's own 709 ms over D = 300 ms (2.36 D, its two
     * calls and the rest of its request), with the run-to-run noise ({@link Defaults#RUN_TO_RUN_NOISE}) on top.
     */
    static final double SEQUENTIAL_P95_AT_MOST_D = ARTICLE_SEQUENTIAL_P95_D * (1 + Defaults.RUN_TO_RUN_NOISE);

    private static final String AS_WELL_AS_400 =
            format("no failure; p95 ≤ %s x the pool of 400's", figure(AS_WELL_AS_POOL_OF_400));

    private FanOutClaims() {}

    /** What the spreads below moved over: three runs of {@code ./lab bench fan-out}, nothing else running. */
    static final Bench BENCH = Bench.of(3, "2026-11-28");

    static final MeasuredSpread SEQUENTIAL_LONE_SPREAD = BENCH.spread("sequential alone", 2.06, 2.07, "D");

    static final MeasuredSpread PARALLEL_LONE_SPREAD = BENCH.spread("parallel alone", 1.05, 1.08, "D");

    static final MeasuredSpread SEQUENTIAL_P95_SPREAD = BENCH.spread("the p95", 2.06, 2.17, "D");

    static final MeasuredSpread COLLAPSE_QUEUE_SPREAD =
            BENCH.spread("the p95 off a queue growing all run by", -4.8, -3.5, "%");

    static final MeasuredSpread COLLAPSE_TIMES_SPREAD =
            BENCH.spread("the p95 against the sequential's", 63.8, 68.2, "x");

    static final MeasuredSpread COMMON_POOL_PARALLELISM_SPREAD = BENCH.spread("the parallelism on 8 CPUs", 7, 7, "");

    static final MeasuredSpread TOMCAT_8_P95_SPREAD = BENCH.spread("the p95 against common-pool's", 1.03, 1.05, "x");

    static final MeasuredSpread TOMCAT_8_SWITCHES_SPREAD =
            BENCH.spread("voluntary switches a request against common-pool's", 0.91, 0.92, "x");

    static final MeasuredSpread WORKERS_ALIVE_SPREAD = BENCH.spread("workers alive", 200, 200, "");

    static final MeasuredSpread WORKERS_RUNNABLE_SPREAD = BENCH.spread("runnable at once at most", 1, 2, "");

    static final MeasuredSpread POOL_400_SPREAD = BENCH.spread("the p95", 1.05, 1.07, "D");

    static final MeasuredSpread LITTLES_LAW_POOL_SPREAD =
            BENCH.spread("the p95 against the pool of 400's", 0.99, 1.01, "x");

    static final MeasuredSpread VIRTUAL_THREADS_FIX_SPREAD =
            BENCH.spread("the p95 against the pool of 400's", 1.0, 1.0, "x");

    static final MeasuredSpread WEBCLIENT_FIX_SPREAD =
            BENCH.spread("the p95 against the pool of 400's", 1.0, 1.02, "x");

    static final MeasuredSpread METADATA_SPREAD = BENCH.spread("its slowest mean a call", 1.01, 1.01, "D");

    static List<Claim> claims() {
        String load = UNDER_LOAD.label();
        return List.of(
                Claim.of(
                                "parallel-halves-lone-latency",
                                "Alone, a request that makes its two calls in parallel takes about D instead of 2 D.",
                                m -> {
                                    double sequential = m.inD(m.step(SEQUENTIAL, LONE.label())
                                            .client()
                                            .latencyMillis()
                                            .mean());
                                    double parallel = m.inD(m.step(COMMON_POOL, LONE.label())
                                            .client()
                                            .latencyMillis()
                                            .mean());
                                    return Verdict.of(
                                            sequential >= SEQUENTIAL_LONE_AT_LEAST_D
                                                    && parallel <= PARALLEL_LONE_AT_MOST_D
                                                    && parallel <= PARALLEL_OVER_SEQUENTIAL_AT_MOST * sequential,
                                            format(
                                                    "sequential %.2f D, parallel %.2f D (mean of %d lone requests)",
                                                    sequential, parallel, LONE.totalRequests()));
                                })
                        .articleSaid("661 ms sequential, 347 ms parallel (D = 300 ms)")
                        .checkedAt(format(
                                "sequential ≥ %s D; parallel ≤ %s D and ≤ %s x sequential",
                                figure(SEQUENTIAL_LONE_AT_LEAST_D),
                                figure(PARALLEL_LONE_AT_MOST_D),
                                figure(PARALLEL_OVER_SEQUENTIAL_AT_MOST)))
                        .spreadHere(SEQUENTIAL_LONE_SPREAD, PARALLEL_LONE_SPREAD)
                        .shownBy(ChartRef.Kind.PERCENTILES, LONE.label(), COMMON_POOL, SEQUENTIAL),
                Claim.of(
                                "sequential-holds-under-load",
                                "Under 20 requests/s the sequential version keeps its p95 near 2 D: Tomcat's 200 workers are plenty.",
                                m -> {
                                    StepResult step = m.clientStep(SEQUENTIAL, load);
                                    double p95 =
                                            m.inD(step.client().latencyMillis().p95());
                                    return Verdict.onSteps(
                                            p95 <= SEQUENTIAL_P95_AT_MOST_D
                                                    && step.client().requests().failed() == 0,
                                            format(
                                                    "p95 %.2f D (at most %.2f D), %d failed",
                                                    p95,
                                                    SEQUENTIAL_P95_AT_MOST_D,
                                                    step.client().requests().failed()),
                                            step);
                                })
                        .articleSaid("p95 709 ms (2.36 D)")
                        .checkedAt(format(
                                "no failure; p95 ≤ %s D (the article's %s D and %s of run-to-run noise)",
                                figure(SEQUENTIAL_P95_AT_MOST_D),
                                figure(ARTICLE_SEQUENTIAL_P95_D),
                                percent(Defaults.RUN_TO_RUN_NOISE)))
                        .spreadHere(SEQUENTIAL_P95_SPREAD)
                        .shownBy(ChartRef.Kind.LATENCY_OVER_TIME, load, SEQUENTIAL),
                Claim.of(
                                "common-pool-collapses",
                                "Under the same load, supplyAsync on the default pool collapses: it serves fewer requests than arrive, "
                                        + "so the queue grows for the whole run and the p95 is what such a queue gives (the article: 72 "
                                        + "times the sequential p95).",
                                m -> {
                                    StepResult pool = m.step(COMMON_POOL, load);
                                    StepResult sequential = m.clientStep(SEQUENTIAL, load);
                                    double lone = m.clientStep(COMMON_POOL, LONE.label())
                                            .client()
                                            .latencyMillis()
                                            .mean();
                                    double served = Measurements.known(
                                            Measurements.servedPerSecond(pool), "the service's own server timers");
                                    GrowingQueue queue = new GrowingQueue(
                                            pool.plan().ratePerSecond(),
                                            pool.plan().durationSeconds(),
                                            served,
                                            lone);
                                    double p95 = pool.client().latencyMillis().p95();
                                    double predicted = queue.percentileMillis(P95);
                                    // the pool's threads over its rate: how long each call held one
                                    double callMillis = 1000.0
                                            * number(m.variant(COMMON_POOL)
                                                    .sizing()
                                                    .get("commonPoolParallelism"))
                                            / CALLS_PER_REQUEST
                                            / served;
                                    double off = p95 / predicted - 1;
                                    Growth growth = Growth.of(pool);
                                    return Verdict.of(
                                            queue.grows()
                                                    && Math.abs(off) <= QUEUE_P95_WITHIN
                                                    && growth.factor() >= COLLAPSE_GROWS_AT_LEAST,
                                            format(
                                                    "%.1f/s served of %.1f/s arriving, a call holding a pool thread %.2f D; p95 "
                                                            + "%.0f ms against %.0f ms for a queue growing all run (%+.1f %%), x%.1f "
                                                            + "the sequential p95 (the article: x%.1f, and its own mean gives the "
                                                            + "same queue %.2f D a call and a p95 of %.0f ms, x%.1f); %s; %s",
                                                    served,
                                                    pool.plan().ratePerSecond(),
                                                    m.inD(callMillis),
                                                    p95,
                                                    predicted,
                                                    100 * off,
                                                    p95
                                                            / sequential
                                                                    .client()
                                                                    .latencyMillis()
                                                                    .p95(),
                                                    ARTICLE_P95_200_WORKERS / ARTICLE_SEQUENTIAL_P95,
                                                    ARTICLE_QUEUE.serviceMillis() / ARTICLE_D_MILLIS,
                                                    ARTICLE_QUEUE.percentileMillis(P95),
                                                    ARTICLE_QUEUE.percentileMillis(P95) / ARTICLE_SEQUENTIAL_P95,
                                                    growth,
                                                    failures(pool)));
                                })
                        .articleSaid("mean 27289 ms, p95 51370 ms (x72 the sequential's 709 ms)")
                        .checkedAt(format(
                                "fewer served than arrive; p95 within %s of a queue growing all run, the queue that gives "
                                        + "the article's p95 from its mean; latency grows ≥ %s-fold through the run",
                                percent(QUEUE_P95_WITHIN), figure(COLLAPSE_GROWS_AT_LEAST)))
                        .spreadHere(COLLAPSE_QUEUE_SPREAD, COLLAPSE_TIMES_SPREAD)
                        .shownBy(ChartRef.Kind.LATENCY_OVER_TIME, load, COMMON_POOL, SEQUENTIAL),
                Claim.of(
                                "common-pool-one-thread-short",
                                "The default pool has one thread fewer than the CPUs: 7 busy threads on 8.",
                                m -> {
                                    VariantResult variant = m.variant(COMMON_POOL);
                                    StepResult step = m.step(COMMON_POOL, load);
                                    int parallelism = number(variant.sizing().get("commonPoolParallelism"));
                                    int peak = step.service()
                                            .threads()
                                            .peakByPool()
                                            .getOrDefault(COMMON_POOL_THREADS, 0);
                                    int busy = peakRunnable(step, COMMON_POOL_THREADS);
                                    return Verdict.of(
                                            parallelism == variant.cpus() - 1 && peak == parallelism,
                                            format(
                                                    "parallelism %d on %d CPUs (the JDK's CPUs - 1: the thread that submits is meant to help), "
                                                            + "%d pool threads alive at most, %d runnable at once at most",
                                                    parallelism, variant.cpus(), peak, busy));
                                })
                        .articleSaid("7 running threads on 8 CPUs")
                        .checkedAt("parallelism one less than the CPUs, and as many threads alive at most")
                        .spreadHere(COMMON_POOL_PARALLELISM_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, load, COMMON_POOL),
                Claim.of(
                                "tomcat-8-same-as-200",
                                "Capping Tomcat at 8 workers gives about the same result: the pool, not Tomcat, is the limit.",
                                m -> {
                                    StepResult capped = m.step(COMMON_POOL_TOMCAT_8, load);
                                    StepResult uncapped = m.step(COMMON_POOL, load);
                                    double ratio = capped.client()
                                                    .latencyMillis()
                                                    .p95()
                                            / uncapped.client().latencyMillis().p95();
                                    return Verdict.of(
                                            ratio >= SAME_P95_LOW && ratio <= SAME_P95_HIGH,
                                            format(
                                                    "p95 %.0f ms against %.0f ms with 200 workers (x%.2f); throughput %.1f against %.1f /s",
                                                    capped.client()
                                                            .latencyMillis()
                                                            .p95(),
                                                    uncapped.client()
                                                            .latencyMillis()
                                                            .p95(),
                                                    ratio,
                                                    capped.client().throughputPerSecond(),
                                                    uncapped.client().throughputPerSecond()));
                                })
                        .articleSaid("p95 49066 ms against 51370 ms")
                        .checkedAt(
                                format("p95 %s to %s x %s's", figure(SAME_P95_LOW), figure(SAME_P95_HIGH), COMMON_POOL))
                        .spreadHere(TOMCAT_8_P95_SPREAD)
                        .shownBy(ChartRef.Kind.LATENCY_OVER_TIME, load, COMMON_POOL_TOMCAT_8, COMMON_POOL),
                Claim.of(
                                "tomcat-8-slightly-better",
                                "Capping Tomcat at 8 workers is even slightly better: the same requests with fewer context switches "
                                        + "(the article: a slightly lower latency, probably from less context switching).",
                                m -> {
                                    StepResult capped = m.step(COMMON_POOL_TOMCAT_8, load);
                                    StepResult uncapped = m.step(COMMON_POOL, load);
                                    Switching cappedWork = Switching.of(capped);
                                    Switching uncappedWork = Switching.of(uncapped);
                                    double ratio =
                                            cappedWork.voluntaryPerRequest() / uncappedWork.voluntaryPerRequest();
                                    String evidence = format(
                                            "%.2f voluntary context switches per request with 8 workers against %.2f with "
                                                    + "200 (x%.2f); involuntary %.2f against %.2f; CPU %.2f ms against %.2f ms a "
                                                    + "request; %s against %s; latency mean %.0f ms against %.0f ms, p95 %.0f ms "
                                                    + "against %.0f ms (the article: %+.1f %% and %+.1f %%; both queue behind the "
                                                    + "same pool, whose rate the workers in front of it do not change)",
                                            cappedWork.voluntaryPerRequest(),
                                            uncappedWork.voluntaryPerRequest(),
                                            ratio,
                                            cappedWork.involuntaryPerRequest(),
                                            uncappedWork.involuntaryPerRequest(),
                                            cappedWork.cpuMillisPerRequest(),
                                            uncappedWork.cpuMillisPerRequest(),
                                            failures(capped),
                                            failures(uncapped),
                                            capped.client().latencyMillis().mean(),
                                            uncapped.client().latencyMillis().mean(),
                                            capped.client().latencyMillis().p95(),
                                            uncapped.client().latencyMillis().p95(),
                                            100 * (ARTICLE_MEAN_8_WORKERS / ARTICLE_MEAN_200_WORKERS - 1),
                                            100 * (ARTICLE_P95_8_WORKERS / ARTICLE_P95_200_WORKERS - 1));
                                    if (ratio >= 1) {
                                        return Verdict.of(false, evidence);
                                    }
                                    return ratio <= 1 - FEWER_SWITCHES_AT_LEAST
                                            ? Verdict.of(true, evidence)
                                            : Verdict.notDecided(evidence
                                                    + format(
                                                            "; fewer, but by less than the %s a variant's count moves "
                                                                    + "between runs",
                                                            percent(FEWER_SWITCHES_AT_LEAST)));
                                })
                        .articleSaid("mean 26524 ms against 27289 ms, p95 49066 ms against 51370 ms; probably less "
                                + "context switching")
                        .checkedAt(format(
                                "voluntary context switches per request ≥ %s fewer than %s's; not decided between that "
                                        + "and none fewer",
                                percent(FEWER_SWITCHES_AT_LEAST), COMMON_POOL))
                        .spreadHere(TOMCAT_8_SWITCHES_SPREAD)
                        .shownBy(ChartRef.Kind.LATENCY_OVER_TIME, load, COMMON_POOL_TOMCAT_8, COMMON_POOL),
                Claim.of(
                                "tomcat-workers-park",
                                "Meanwhile Tomcat's workers mostly wait, parked on the futures, rather than work.",
                                m -> {
                                    StepResult step = m.step(COMMON_POOL, load);
                                    int live = step.service()
                                            .threads()
                                            .peakByPool()
                                            .getOrDefault("tomcat-workers", 0);
                                    int runnable = peakRunnable(step, "tomcat-workers");
                                    return Verdict.of(
                                            live >= PARKED_WORKERS_AT_LEAST && runnable <= RUNNABLE_AT_MOST * live,
                                            format(
                                                    "%d Tomcat workers alive at peak, at most %d runnable at once",
                                                    live, runnable));
                                })
                        .articleSaid("Tomcat's threads mostly parked")
                        .checkedAt(format(
                                "≥ %d workers alive; ≤ %s of them runnable at once",
                                PARKED_WORKERS_AT_LEAST, percent(RUNNABLE_AT_MOST)))
                        .spreadHere(WORKERS_ALIVE_SPREAD, WORKERS_RUNNABLE_SPREAD)
                        .shownBy(ChartRef.Kind.THREADS_BY_POOL, load, COMMON_POOL),
                Claim.of(
                                "pool-of-400-fixes-it",
                                "A dedicated pool of 400 threads removes the bottleneck: p95 near D.",
                                m -> nearD(m, DEDICATED_POOL_400))
                        .articleSaid("mean 339 ms, p95 345 ms")
                        .checkedAt(Thresholds.SERVES_NEAR_D)
                        .spreadHere(POOL_400_SPREAD)
                        .shownBy(ChartRef.Kind.PERCENTILES, load, DEDICATED_POOL_400, COMMON_POOL),
                Claim.of(
                                "littles-law-pool-is-enough",
                                "A pool sized by the load's own figures, by Little's law (" + LITTLES_LAW_POOL_SIZE
                                        + " threads), does as well as 400.",
                                m -> {
                                    Verdict verdict = asWellAsPoolOf400(m, LITTLES_LAW_POOL);
                                    StepResult step = m.step(LITTLES_LAW_POOL, load);
                                    return new Verdict(
                                            verdict.status(),
                                            verdict.evidence()
                                                    + format(
                                                            "; %d pool threads alive at most",
                                                            step.service()
                                                                    .threads()
                                                                    .peakByPool()
                                                                    .getOrDefault("fan-out-pool", 0)));
                                })
                        .articleSaid(
                                "no figure: pick the pool's size from a few parameters and test it on the machine (its 400: two threads for each of Tomcat's 200)")
                        .checkedAt(AS_WELL_AS_400)
                        .spreadHere(LITTLES_LAW_POOL_SPREAD)
                        .shownBy(ChartRef.Kind.PERCENTILES, load, LITTLES_LAW_POOL, DEDICATED_POOL_400),
                Claim.of(
                                "virtual-threads-fix-it",
                                "Modern: a virtual thread per call needs no sizing at all and does as well as the pool of 400.",
                                m -> asWellAsPoolOf400(m, VIRTUAL_THREADS))
                        .checkedAt(AS_WELL_AS_400)
                        .spreadHere(VIRTUAL_THREADS_FIX_SPREAD)
                        .shownBy(ChartRef.Kind.PERCENTILES, load, VIRTUAL_THREADS, DEDICATED_POOL_400),
                Claim.of(
                                "webclient-fixes-it",
                                "Modern: WebClient with Mono.zip waits on no thread: as well as the pool of 400 with a handful of threads.",
                                m -> {
                                    Verdict verdict = asWellAsPoolOf400(m, WEBCLIENT_ZIP);
                                    StepResult step = m.step(WEBCLIENT_ZIP, load);
                                    return new Verdict(
                                            verdict.status(),
                                            verdict.evidence()
                                                    + format(
                                                            "; %d threads alive at most",
                                                            step.service()
                                                                    .threads()
                                                                    .peakLive()));
                                })
                        .checkedAt(AS_WELL_AS_400)
                        .spreadHere(WEBCLIENT_FIX_SPREAD)
                        .shownBy(ChartRef.Kind.PERCENTILES, load, WEBCLIENT_ZIP, DEDICATED_POOL_400),
                Claim.of(
                                "metadata-never-the-bottleneck",
                                "The metadata service was never the bottleneck: its own time per call stayed near D in every step.",
                                m -> {
                                    Measurements.DownstreamPeak slowest = m.slowestDownstream();
                                    return Verdict.of(
                                            m.inD(slowest.meanMillis()) <= Thresholds.DOWNSTREAM_NEAR_D,
                                            format(
                                                    "its slowest mean per call %.2f D (%s)",
                                                    m.inD(slowest.meanMillis()), slowest.where()));
                                })
                        .articleSaid("around 300 ms a call")
                        .checkedAt(Thresholds.DOWNSTREAM_CHECKED_AT)
                        .spreadHere(METADATA_SPREAD)
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, load));
    }

    static List<Finding> findings() {
        return List.of(
                new Finding("own-cpus", m -> {
                    VariantResult variant = m.variant(COMMON_POOL_OWN_CPUS);
                    StepResult lone = m.step(variant.name(), LONE.label());
                    StepResult loaded = m.step(variant.name(), UNDER_LOAD.label());
                    int parallelism = number(variant.sizing().get("commonPoolParallelism"));
                    return format(
                            "On this machine's own %d CPUs the default pool has parallelism %d (JDK %s; supplyAsync's default "
                                    + "executor is %s), so %s: a lone request took %.2f D, and under 20 requests/s p95 was %.0f ms "
                                    + "(%.1f D) with %d of %d requests failed (%s), against a capacity of %d / 2 D = %.1f requests "
                                    + "per second in the article's units.",
                            variant.cpus(),
                            parallelism,
                            variant.sizing().get("jdk"),
                            variant.sizing().get("completableFutureDefaultExecutor"),
                            parallelism < 2
                                    ? "the two calls of a request queue behind each other on its one thread"
                                    : "at most " + parallelism + " calls run at once",
                            m.inD(lone.client().latencyMillis().mean()),
                            loaded.client().latencyMillis().p95(),
                            m.inD(loaded.client().latencyMillis().p95()),
                            loaded.client().requests().failed(),
                            loaded.client().requests().sent(),
                            failures(loaded),
                            parallelism,
                            parallelism / (2 * D.toNanos() / 1e9));
                }),
                new Finding("arrivals-kept", m -> {
                    double worst = 0;
                    String where = "";
                    for (VariantResult variant : m.variants()) {
                        for (StepResult step : variant.steps()) {
                            if (step.client().arrivals() != null) {
                                double deviation = Math.abs(step.client()
                                                        .arrivals()
                                                        .achievedPerSecond()
                                                / step.client().arrivals().scheduledPerSecond()
                                        - 1);
                                if (deviation >= worst) {
                                    worst = deviation;
                                    where = format(
                                            "%s: %.2f/s for %.2f/s scheduled, p99 send %.1f ms late",
                                            variant.name(),
                                            step.client().arrivals().achievedPerSecond(),
                                            step.client().arrivals().scheduledPerSecond(),
                                            step.client().arrivals().latenessMillisP99());
                                }
                            }
                        }
                    }
                    if (where.isEmpty()) {
                        throw new Measurements.Missing("no open load ran");
                    }
                    return format(
                            "The driver kept its schedule in every variant, collapsing or not: the worst achieved "
                                    + "arrival rate was %.2f %% off (%s).",
                            100 * worst, where);
                }));
    }

    private static Verdict nearD(Measurements m, String variant) {
        StepResult step = m.step(variant, UNDER_LOAD.label());
        double p95 = m.inD(step.client().latencyMillis().p95());
        return Verdict.onSteps(
                p95 <= Thresholds.P95_NEAR_D && step.client().requests().failed() == 0,
                format(
                        "p95 %.2f D (bound %.2f D), mean %.0f ms, %d failed",
                        p95,
                        Thresholds.P95_NEAR_D,
                        step.client().latencyMillis().mean(),
                        step.client().requests().failed()),
                step);
    }

    /**
     * The modern fixes are judged against the article's own fix on the same machine in the same run:
     * p95 within 1.15 D, or within 15 % of the pool of 400's, whichever is looser. What is left above
     * D is the request path's CPU on a small machine, which no choice of pool removes.
     */
    private static Verdict asWellAsPoolOf400(Measurements m, String variant) {
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

    private static String failures(StepResult step) {
        return step.client().requests().failed() == 0
                ? "no failures"
                : step.client().requests().failedByKind().toString();
    }

    private static int peakRunnable(StepResult step, String pool) {
        return step.service().threads().samples().stream()
                .mapToInt(sample -> sample.runnableByPool().getOrDefault(pool, 0))
                .max()
                .orElse(0);
    }

    private static int number(Object value) {
        return value instanceof Number n ? n.intValue() : -1;
    }

    /** What the service process did per request it answered in a step: the kernel's context switches and its CPU. */
    private record Switching(double voluntaryPerRequest, double involuntaryPerRequest, double cpuMillisPerRequest) {

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
    private record Growth(double firstMillis, double lastMillis) {

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
