package org.concurrencylab.catalog.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Judge;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.junit.jupiter.api.Test;

/**
 * {@code tomcat-8-fewer-switches} is decided on what the article suspected, the context switches: 8 workers
 * switching at least 5 % less per request than 200 reproduce it, fewer by less is not decided, as many or
 * more is not reproduced, and a system that does not count them cannot decide it at all.
 * {@code tomcat-8-slightly-better} is the article's latency: its own figures reproduce it, this lab's
 * (8 workers' p95 3 to 5 % above 200's) do not.
 */
class FanOutContextSwitchEdgeTest {

    private static final Experiment FAN_OUT = Catalog.experiment("fan-out").orElseThrow();
    private static final long REQUESTS = FanOutExperiment.UNDER_LOAD.totalRequests();
    /** The 200 workers' voluntary switches in a run here: 11,773 in 1,200 requests. */
    private static final long UNCAPPED = 10 * REQUESTS;

    @Test
    void fewerSwitchesBeyondTheirSpreadReproduceIt() {
        double justInside = 1 - FanOutThresholds.FEWER_SWITCHES_AT_LEAST - 0.001;
        ClaimResult claim = verdict(OptionalLong.of(Math.round(justInside * UNCAPPED)));
        assertThat(claim.status()).isEqualTo("reproduced");
        assertThat(claim.evidence()).contains("voluntary context switches per request", "x0.95");
    }

    @Test
    void fewerByLessThanTheirSpreadIsNotDecided() {
        double justOutside = 1 - FanOutThresholds.FEWER_SWITCHES_AT_LEAST + 0.001;
        ClaimResult claim = verdict(OptionalLong.of(Math.round(justOutside * UNCAPPED)));
        assertThat(claim.status()).isEqualTo("not decided");
        assertThat(claim.evidence()).contains("by less than the 5 %");
    }

    @Test
    void asManySwitchesAsWith200WorkersIsNotReproduced() {
        assertThat(verdict(OptionalLong.of(UNCAPPED)).status()).isEqualTo("not reproduced");
    }

    @Test
    void aSystemThatDoesNotCountSwitchesCannotDecideIt() {
        ClaimResult claim = verdict(OptionalLong.empty());
        assertThat(claim.status()).isEqualTo("not applicable");
        assertThat(claim.evidence()).contains("context switches, which this system does not count");
    }

    private static ClaimResult verdict(OptionalLong cappedSwitches) {
        VariantResult uncapped = variant(FanOutExperiment.COMMON_POOL, OptionalLong.of(UNCAPPED));
        VariantResult capped = variant(FanOutExperiment.COMMON_POOL_TOMCAT_8, cappedSwitches);
        Measurements measurements = Measurements.of(FAN_OUT, List.of(uncapped, capped), FAN_OUT.downstreamLatency(), 2);
        return Judge.claim(FAN_OUT, "tomcat-8-fewer-switches", measurements);
    }

    /** The article's own figures: a p95 of 49,066 ms with 8 workers against 51,370 ms with 200, 4.5 % lower. */
    @Test
    void theArticlesOwnLatenciesReproduceTheLatencyClaim() {
        ClaimResult claim = latency(FanOutThresholds.ARTICLE_P95_8_WORKERS, FanOutThresholds.ARTICLE_P95_200_WORKERS);
        assertThat(claim.status()).isEqualTo("reproduced");
        assertThat(claim.evidence()).contains("x0.955");
    }

    /** This lab's: 8 workers' p95 3 to 5 % above 200's, both queueing behind the same pool. */
    @Test
    void aHigherP95WithEightWorkersDoesNotReproduceIt() {
        assertThat(latency(1.03 * 12_500, 12_500).status()).isEqualTo("not reproduced");
        assertThat(latency(1.01 * 12_500, 12_500).status()).isEqualTo("not decided");
    }

    /** The article's own fix: a p95 of 345 ms on a D of 300 ms, 1.15 D, passes "near D" with room. */
    @Test
    void theArticlesPoolOf400PassesNearD() {
        double d = FAN_OUT.downstreamLatency().toMillis();
        double articleP95 = FanOutThresholds.ARTICLE_POOL_400_P95 / FanOutThresholds.ARTICLE_D_MILLIS * d;
        assertThat(poolOf400(articleP95).status()).isEqualTo("reproduced");
        assertThat(poolOf400((FanOutThresholds.P95_NEAR_D + 0.01) * d).status()).isEqualTo("not reproduced");
    }

    private static ClaimResult poolOf400(double p95) {
        VariantResult pool = variant(FanOutExperiment.DEDICATED_POOL_400, OptionalLong.of(UNCAPPED), p95);
        Measurements measurements = Measurements.of(FAN_OUT, List.of(pool), FAN_OUT.downstreamLatency(), 2);
        return Judge.claim(FAN_OUT, "pool-of-400-fixes-it", measurements);
    }

    private static ClaimResult latency(double cappedP95, double uncappedP95) {
        VariantResult uncapped = variant(FanOutExperiment.COMMON_POOL, OptionalLong.of(UNCAPPED), uncappedP95);
        VariantResult capped = variant(FanOutExperiment.COMMON_POOL_TOMCAT_8, OptionalLong.of(UNCAPPED), cappedP95);
        Measurements measurements = Measurements.of(FAN_OUT, List.of(uncapped, capped), FAN_OUT.downstreamLatency(), 2);
        return Judge.claim(FAN_OUT, "tomcat-8-slightly-better", measurements);
    }

    private static VariantResult variant(String name, OptionalLong voluntarySwitches) {
        return variant(name, voluntarySwitches, 12_500);
    }

    private static VariantResult variant(String name, OptionalLong voluntarySwitches, double p95) {
        LoadStep.Open step = FanOutExperiment.UNDER_LOAD;
        double seconds = step.duration().toNanos() / 1e9;
        OptionalLong involuntary = voluntarySwitches.isPresent() ? OptionalLong.of(2 * REQUESTS) : OptionalLong.empty();
        StepResult measured = StepResult.custom(step.label())
                .plan(new Scaled(1).plan(step, FAN_OUT.requestTimeout(), FAN_OUT.connections()))
                .client(
                        new Requests(REQUESTS, REQUESTS, 0, Map.of()),
                        REQUESTS / seconds,
                        new LatencyMillis(6_500, 6_000, 6_000, p95, Math.max(p95, 13_000), Math.max(p95, 14_000)),
                        seconds,
                        REQUESTS / seconds * 6.5)
                .littlesLaw(REQUESTS / seconds, "measured", REQUESTS / seconds)
                .timeline(new Timeline(1000, List.of()))
                .process(Judge.process(3, voluntarySwitches, involuntary, REQUESTS))
                .build();
        return Judge.variant(name, measured);
    }
}
