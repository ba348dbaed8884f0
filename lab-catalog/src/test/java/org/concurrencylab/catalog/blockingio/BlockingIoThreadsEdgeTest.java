package org.concurrencylab.catalog.blockingio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Judge;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.ThreadSample;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

/**
 * The blocking-io claims decided on threads and on a pool's cap, at their edges: each threshold straddled
 * by one thread or by 0.1 % of its figure, and a claim whose figure the run lacks not applicable.
 */
class BlockingIoThreadsEdgeTest {

    private static final Experiment BLOCKING_IO =
            Catalog.experiment("blocking-io").orElseThrow();
    private static final LoadStep.Closed HEAVY_STEP = new LoadStep.Closed(100, 10);
    private static final double ALL_SERVED = 97;

    @Test
    void nettyBlockingServesBetween95And102PercentOfALoopPerD() {
        assertThat(nettyBlocking(0.951 * 8, 8)).isEqualTo("reproduced");
        assertThat(nettyBlocking(0.949 * 8, 8)).isEqualTo("not reproduced");
        assertThat(nettyBlocking(1.019 * 8, 8)).isEqualTo("reproduced");
        assertThat(nettyBlocking(1.021 * 8, 8)).isEqualTo("not reproduced");
        assertThat(nettyBlocking(8, null)).as("no loops reported").isEqualTo("not applicable");
    }

    @Test
    void tomcatsDefaultPoolStartsUnder50GrowsAWorkerPerUserAndKeepsThem() {
        assertThat(tomcat200(49, 100, 90)).isEqualTo("reproduced");
        assertThat(tomcat200(50, 100, 90)).as("50 at start").isEqualTo("not reproduced");
        assertThat(tomcat200(49, 99, 90)).as("a worker short of the users").isEqualTo("not reproduced");
        assertThat(tomcat200(49, 100, 89)).as("89 of 100 kept").isEqualTo("not reproduced");
        assertThat(tomcat200(null, 100, 90)).as("no count at start").isEqualTo("not applicable");
    }

    @Test
    void withoutSubscribeOnTomcatUsesFewerThreadsAndServesAll() {
        assertThat(withoutSubscribeOn(168, 169, ALL_SERVED)).isEqualTo("reproduced");
        assertThat(withoutSubscribeOn(169, 169, ALL_SERVED))
                .as("as many threads")
                .isEqualTo("not reproduced");
        assertThat(withoutSubscribeOn(124, 169, 94.9)).as("short of 95 per D").isEqualTo("not reproduced");
    }

    @Test
    void aRouterFunctionIsWithin15PercentOfTheThreadsOr10AndWithin5PercentOfTheThroughput() {
        // 15 % of 124 is 18.6 threads
        assertThat(router(124 + 18, 124, ALL_SERVED, ALL_SERVED)).isEqualTo("reproduced");
        assertThat(router(124 + 19, 124, ALL_SERVED, ALL_SERVED)).isEqualTo("not reproduced");
        assertThat(router(124 - 19, 124, ALL_SERVED, ALL_SERVED)).isEqualTo("not reproduced");
        // 15 % of 40 is 6: 10 threads stand
        assertThat(router(50, 40, ALL_SERVED, ALL_SERVED)).isEqualTo("reproduced");
        assertThat(router(51, 40, ALL_SERVED, ALL_SERVED)).isEqualTo("not reproduced");
        assertThat(router(124, 124, 1.049 * ALL_SERVED, ALL_SERVED)).isEqualTo("reproduced");
        assertThat(router(124, 124, 1.051 * ALL_SERVED, ALL_SERVED)).isEqualTo("not reproduced");
        assertThat(router(124, 124, 0.949 * ALL_SERVED, ALL_SERVED)).isEqualTo("not reproduced");
    }

    @Test
    void nettyOnAnElasticPoolIsWithin15PercentOfTomcat200sThreadsOr10() {
        // 15 % of 122 is 18.3 threads
        assertThat(nettyLikeTomcat(122 + 18, 122)).isEqualTo("reproduced");
        assertThat(nettyLikeTomcat(122 + 19, 122)).isEqualTo("not reproduced");
        assertThat(nettyLikeTomcat(122 - 19, 122)).isEqualTo("not reproduced");
        // 15 % of 40 is 6: 10 threads stand
        assertThat(nettyLikeTomcat(30, 40)).isEqualTo("reproduced");
        assertThat(nettyLikeTomcat(29, 40)).isEqualTo("not reproduced");
    }

    @Test
    void aNonBlockingHandlerUsesUnderHalfTheElasticPoolsThreads() {
        assertThat(nonBlocking(62, 125, ALL_SERVED)).as("62 of 125").isEqualTo("reproduced");
        assertThat(nonBlocking(63, 125, ALL_SERVED)).as("63 of 125").isEqualTo("not reproduced");
        assertThat(nonBlocking(33, 124, 94.9)).as("short of 95 per D").isEqualTo("not reproduced");
    }

    private static String nettyBlocking(double perD, Integer loops) {
        VariantResult variant = VariantResult.custom(BlockingIoExperiment.WEBFLUX_NETTY_BLOCKING)
                .origin("seed")
                .cpus(8)
                .sizing(loops == null ? Map.of() : Map.of("nettyEventLoops", loops))
                .steps(List.of(step(perD, 12, Map.of("netty-event-loops", 8), null)))
                .build();
        return verdict("netty-blocking-capped-by-loops", variant);
    }

    private static String tomcat200(Integer atStart, int workers, int kept) {
        ThreadSample rested = new ThreadSample(
                15_100, kept + 18, Map.of("tomcat-workers", kept), Map.of(), OptionalLong.empty(), 1 << 28);
        VariantResult variant = VariantResult.custom(BlockingIoExperiment.MVC_TOMCAT_200)
                .origin("seed")
                .cpus(8)
                .sizing(atStart == null ? Map.of() : Map.of(VariantResult.LIVE_THREADS_AT_START, atStart))
                .steps(List.of(step(ALL_SERVED, 1, Map.of("tomcat-workers", workers), rested)))
                .build();
        return verdict("tomcat-200-threads-grow-and-stay", variant);
    }

    private static String withoutSubscribeOn(int plainThreads, int subscribeOnThreads, double plainPerD) {
        return verdict(
                "tomcat-without-subscribeon-fewer-threads",
                threads(BlockingIoExperiment.WEBFLUX_TOMCAT_BLOCKING, plainThreads, plainPerD),
                threads(BlockingIoExperiment.WEBFLUX_TOMCAT_ELASTIC, subscribeOnThreads, ALL_SERVED));
    }

    private static String router(int routerThreads, int annotatedThreads, double routerPerD, double annotatedPerD) {
        return verdict(
                "router-function-same",
                threads(BlockingIoExperiment.WEBFLUX_TOMCAT_ROUTER, routerThreads, routerPerD),
                threads(BlockingIoExperiment.WEBFLUX_TOMCAT_BLOCKING, annotatedThreads, annotatedPerD));
    }

    private static String nettyLikeTomcat(int nettyThreads, int tomcatThreads) {
        return verdict(
                "netty-elastic-threads-like-tomcat-200",
                threads(BlockingIoExperiment.WEBFLUX_NETTY_ELASTIC, nettyThreads, ALL_SERVED),
                threads(BlockingIoExperiment.MVC_TOMCAT_200, tomcatThreads, ALL_SERVED));
    }

    private static String nonBlocking(int delayThreads, int elasticThreads, double delayPerD) {
        return verdict(
                "non-blocking-needs-no-pool",
                threads(BlockingIoExperiment.WEBFLUX_NETTY_DELAY, delayThreads, delayPerD),
                threads(BlockingIoExperiment.WEBFLUX_NETTY_ELASTIC, elasticThreads, ALL_SERVED));
    }

    /** A variant whose heavy step peaked at {@code peakLive} threads, serving {@code perD} per D. */
    private static VariantResult threads(String name, int peakLive, double perD) {
        return Judge.variant(name, step(perD, 100 / perD, Map.of(), null, peakLive));
    }

    private static StepResult step(double perD, double meanInD, Map<String, Integer> byPool, ThreadSample rested) {
        int peak = byPool.values().stream().mapToInt(Integer::intValue).sum() + 18;
        return step(perD, meanInD, byPool, rested, peak);
    }

    private static StepResult step(
            double perD, double meanInD, Map<String, Integer> byPool, ThreadSample rested, int peakLive) {
        return Judge.closedStep(BLOCKING_IO, HEAVY_STEP, perD, meanInD)
                .threads(new Threads(peakLive, byPool, List.of(), 0, Map.of(), null, rested))
                .process(Judge.process(1, OptionalLong.of(1), OptionalLong.of(1), HEAVY_STEP.totalRequests()))
                .build();
    }

    private static String verdict(String claim, VariantResult... variants) {
        Measurements measurements = Measurements.of(BLOCKING_IO, List.of(variants), BLOCKING_IO.downstreamLatency(), 8);
        return Judge.claim(BLOCKING_IO, claim, measurements).status();
    }
}
