package org.concurrencylab.catalog.legacychain;

import static org.concurrencylab.catalog.legacychain.LegacyChainExperiment.*;
import static org.concurrencylab.catalog.legacychain.LegacyChainVerdicts.*;

import java.time.Duration;
import java.util.List;
import org.concurrencylab.catalog.claim.Bench;
import org.concurrencylab.catalog.claim.MeasuredSpread;
import org.concurrencylab.catalog.claim.Threshold;

/** The thresholds and measured spreads {@link LegacyChainClaims} reads: what holds a claim, and why there. */
final class LegacyChainThresholds {

    private LegacyChainThresholds() {}

    /**
     * Where the resource chain versions a link without its cache: it looks the path up in every
     * resource location, then reads and hashes what it found.
     */
    static final List<String> RESOURCE_CHAIN_FRAMES = List.of("VersionResourceResolver.resolveUrlPathInternal");

    /**
     * Flat is what the load adds to the orders service's own time for a request sent alone (D, its three
     * statements, the transaction and its HTTP, measured after the warm-up), at most half of D. Against D
     * alone the claim had left the load 0.03 D: a request alone takes 21.0-22.5 ms at D = 15 ms (measured,
     * three runs), and the load added 0.6-0.9 ms to it. The article's services had their own cores; here the
     * orders service shares two with the storefront, PostgreSQL and the driver, and its threads waited 7.2-10.0
     * ms a request for a core in those runs, in its timers or around them (a worker woken for the next request
     * waits before the timer starts). Where that wait is enough to account for what the load added beyond half
     * of D, the cores may have decided the figure: not decided, with the wait; where it is not, not reproduced.
     */
    static final String ORDERS_TIMERS = "the orders service's timers, under the load and for requests sent alone";

    /** "More parallel writes": the article gave no figure; half as many again as the legacy's waiters, where the pools predict 2.25 times. */
    static final double MORE_WAITERS = 1.5;

    /** How the load's client counts a failure that a service answered with a 5xx status. */
    static final String SERVER_ERROR = "HTTP_5XX";

    /** The legacy's share of failed requests in the article, "about 8 %". */
    static final double ARTICLE_FAILED_SHARE = 0.08;

    /** "About 8 %" failed under the legacy: from half to one and a half times the article's share. */
    static final Threshold LEGACY_FAILED_SHARE = Threshold.around(ARTICLE_FAILED_SHARE, 0.5, Threshold.Unit.SHARE);

    /** "Most of the database's connections" waiting at the hot row: at least half of the open sessions. */
    static final double MOST_SESSIONS = 0.5;

    /** "Latency rose" in the orders service under the legacy: well over its D, at least 2 D a request. */
    static final double ORDERS_WELL_OVER_D = 2;

    /** "Autoscaling did not help": a throughput gain of at most 10 % over the legacy's. */
    static final double AUTOSCALING_GAIN_AT_MOST = 0.10;

    /** "Almost 1/3" of the legacy's errors after the save was removed. */
    static final double ARTICLE_ERRORS_LEFT = 1.0 / 3;

    /** The article's "twice the requests in the same time" after every fix: at least twice the legacy's answers. */
    static final Threshold ALL_FIXES_ANSWERS = Threshold.atLeast(2, Threshold.Unit.TIMES);

    /** The article's latency "more than halved" after every fix: a mean at most half the legacy's. */
    static final Threshold ALL_FIXES_MEAN = Threshold.atMost(0.5, Threshold.Unit.TIMES);

    /** "Downstream latency almost constant": the load adds at most half of D to the orders service's time alone. */
    static final double FLAT_WITHIN_D = 0.5;

    /**
     * The article's "after about 10 minutes" of its 15-minute test, in the load's declared time (a minute to a
     * second, as {@link LegacyChainExperiment#LOAD}): from this bin of the step's timeline to its end the latency is
     * back at normal.
     */
    static final Duration BACK_TO_NORMAL_BY = Duration.ofSeconds(10);

    /**
     * "Back to normal": the minutes from the tenth on answer, in the median of their medians, no slower than the first
     * minute, with a fifth of the users arriving, the nearest the test comes to a normal load.
     */
    static final double NORMAL_AT_MOST = 1.0;

    /** "And stable": no minute from the tenth on slower than the first minute's median by more than a quarter. */
    static final double STABLE_AT_MOST = 1.25;

    /**
     * What the spreads below moved over: three runs of {@code ./lab bench legacy-chain}, nothing else running, with
     * the storefront's pool wait ({@link StorefrontPoolWait}) on every variant that keeps the default client.
     */
    static final Bench BENCH = Bench.of(3, "2026-12-08");

    /** Eleven runs with every fix, nothing else running: eight of it alone, three in {@code ./lab bench legacy-chain}. */
    static final Bench BENCH_OF_11_RUNS = Bench.of(11, "2026-11-28");

    static final MeasuredSpread FAILS_SPREAD = BENCH.spread("the legacy's failed share", 7.5, 8.2, "%");

    static final MeasuredSpread ORDERS_RISE_SPREAD = BENCH.spread("orders a request", 5.0, 5.1, "D");

    static final MeasuredSpread STOREFRONT_RISE_SPREAD = BENCH.spread("the storefront", 137.6, 137.6, "D");

    static final MeasuredSpread AUTOSCALING_GAIN_SPREAD = BENCH.spread("the throughput gain", -2, -1, "%");

    static final MeasuredSpread LOCK_WAITERS_SPREAD =
            BENCH.spread("waiting on the lock against the legacy's", 2.31, 2.48, "x");

    static final MeasuredSpread LOCK_SESSIONS_SPREAD = BENCH.spread("of the open sessions", 82, 83, "%");

    static final MeasuredSpread POOLS_FAILED_SPREAD =
            BENCH.spread("failed with the clients' pools alone", 75.8, 77.7, "%");

    static final MeasuredSpread POOLS_SLOWER_SPREAD = BENCH.spread("the mean against the legacy's", 0.31, 0.38, "x");

    static final MeasuredSpread SAVE_REMOVED_FAILED_SPREAD = BENCH.spread("failed with the save removed", 0, 0, "%");

    static final MeasuredSpread SAVE_REMOVED_SLOWER_SPREAD =
            BENCH.spread("the mean against the legacy's", 0.02, 0.13, "x");

    static final MeasuredSpread ALL_FIXES_ANSWERS_SPREAD =
            BENCH.spread("the answers against the legacy's", 2.9, 3.0, "x");

    static final MeasuredSpread ALL_FIXES_MEAN_SPREAD = BENCH.spread("the mean against the legacy's", 0.01, 0.01, "x");

    static final MeasuredSpread DOWNSTREAM_ADDED_SPREAD =
            BENCH.spread("what the load added to orders", -0.05, 0.00, "D");

    static final MeasuredSpread REPLICA_MISSED_SPREAD =
            BENCH.spread("reads back that missed their own write", 36.3, 40.1, "%");

    static final MeasuredSpread RESOURCE_CHAIN_SPREAD =
            BENCH.spread("the resource chain's stacks with the save removed", 43.5, 52.0, "%");

    static final MeasuredSpread MAPPER_SPREAD =
            BENCH.spread("the mapper's stacks with the save removed", 5.4, 6.0, "%");

    static final MeasuredSpread BACK_TO_NORMAL_SPREAD =
            BENCH_OF_11_RUNS.spread("minutes 10 on, the median of their medians against the first's", 0.67, 0.92, "x");

    static final MeasuredSpread STABLE_SPREAD =
            BENCH_OF_11_RUNS.spread("the slowest of them against the first's", 0.67, 1.11, "x");

    /** The profile finds the resource chain in at least 5 % of the storefront's on-CPU stacks once the save is gone. */
    static final double RESOURCE_CHAIN_AT_LEAST = 0.05;

    /** The same for the mapper built per request: at least 3 %. */
    static final double MAPPER_AT_LEAST = 0.03;

    /** "Almost 8 times" the legacy's mean with the clients' pools alone: within 15 % of the article's figure. */
    static final Threshold POOLS_ALONE_MEAN = Threshold.atLeast(6.8, Threshold.Unit.TIMES);

    /** "Almost a third": 1/3 give or take 30 % of it. */
    /** "Almost 1/3": the failed share with the save removed within 0.1 of a third of the legacy's. */
    static final Threshold SAVE_REMOVED_ERRORS_LEFT =
            Threshold.between(ARTICLE_ERRORS_LEFT - 0.1, ARTICLE_ERRORS_LEFT + 0.1, Threshold.Unit.TIMES);
}
