package org.concurrencylab.catalog.fanout;

import static java.lang.String.format;
import static org.concurrencylab.catalog.claim.Thresholds.figure;
import static org.concurrencylab.catalog.fanout.FanOutExperiment.*;
import static org.concurrencylab.catalog.fanout.FanOutVerdicts.*;

import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.claim.Bench;
import org.concurrencylab.catalog.claim.MeasuredSpread;
import org.concurrencylab.catalog.claim.Thresholds;
import org.concurrencylab.catalog.model.GrowingQueue;

/** The thresholds and measured spreads {@link FanOutClaims} reads: what holds a claim, and why there. */
final class FanOutThresholds {

    private FanOutThresholds() {}

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

    /** The article's p95 with its own fix, the dedicated pool of 400 threads, ms. */
    static final double ARTICLE_POOL_400_P95 = 345;

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
     * "Near D" for a fan-out's request, two calls of D in parallel and the service's own work around them: a p95 of at
     * most 1.2 D. The article's own fix, the pool of 400, read 345 ms at D = 300 ms, 1.150 D, and passes with 0.05 D to
     * spare, more than twice the spread of its p95 here (1.05 to 1.07 D); the lab's shared 1.15 D would leave the
     * article's figure on the bound.
     */
    static final double P95_NEAR_D = 1.2;

    /**
     * "Slightly lower" latency with 8 Tomcat workers: a p95 at least 2 % lower than with 200, the article's own 4.5 %
     * lower passing with 2.5 points to spare; 2 % higher or more is not reproduced. The ratio moved 2 points from run
     * to run here (TOMCAT_8_P95_SPREAD: 1.03 to 1.05 x), so a difference inside 2 % either way is not told apart.
     */
    static final double LOWER_P95_BEYOND = 0.02;

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

    static final String AS_WELL_AS_400 =
            format("no failure; p95 ≤ %s x the pool of 400's", figure(AS_WELL_AS_POOL_OF_400));

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
}
