package org.concurrencylab.catalog.legacychain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Judge;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.ServiceProfile;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.step.TimelinePoint;
import org.concurrencylab.results.usage.Autoscaled;
import org.concurrencylab.results.usage.DatabaseUsage;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.results.usage.ProcessUsage;
import org.junit.jupiter.api.Test;

/**
 * The legacy-chain claims on the chain's latencies, the autoscaler, the hot row's waiters, the errors and
 * latency of the article's first two steps, and the storefront's profile, at their edges: each threshold
 * straddled by a little of its own figure, and a claim whose account the run lacks not applicable.
 */
class LegacyChainEdgeTest {

    private static final Experiment LEGACY_CHAIN =
            Catalog.experiment("legacy-chain").orElseThrow();
    private static final double D = LEGACY_CHAIN.downstreamLatency().toNanos() / 1e6;
    private static final String LOAD = LegacyChainExperiment.LOAD.label();
    private static final long SENT = 10_000;
    private static final String POOLS = LegacyChainExperiment.HTTP_CLIENT_STEP;
    private static final String SAVE_REMOVED = LegacyChainExperiment.SAVE_REMOVED_STEP;

    @Test
    void latencyRisesDownTheChainFrom2DAtTheOrdersService() {
        assertThat(chain(2.0 * D, 2.01 * D)).isEqualTo("reproduced");
        assertThat(chain(1.99 * D, 3 * D)).as("orders under 2 D").isEqualTo("not reproduced");
        assertThat(chain(2.5 * D, 2.5 * D)).as("the storefront no longer").isEqualTo("not reproduced");
        assertThat(verdict(
                        "legacy-latency-rises-down-the-chain",
                        variant(LegacyChainExperiment.LEGACY, step(0, 100).build())))
                .as("no orders timers")
                .isEqualTo("not applicable");
    }

    @Test
    void autoscalingHelpsAtMost10PercentOnceANewStorefrontAnswered() {
        assertThat(autoscaled(1.099, 8.0)).isEqualTo("reproduced");
        assertThat(autoscaled(1.101, 8.0)).isEqualTo("not reproduced");
        assertThat(autoscaled(1.0, 15.0))
                .as("answered after the users stopped sending")
                .isEqualTo("not decided");
        assertThat(autoscaled(1.0, null)).as("never answered").isEqualTo("not decided");
        assertThat(verdict(
                        "autoscaling-does-not-help",
                        variant(LegacyChainExperiment.LEGACY, step(0, 100).build()),
                        variant(LegacyChainExperiment.AUTOSCALED, step(0, 100).build())))
                .as("no autoscaler's account")
                .isEqualTo("not applicable");
    }

    @Test
    void theClientsPoolsLetHalfAsManyAgainWaitAtTheRowMostOfTheSessions() {
        // the legacy: 4 waiting; the pools' 10 sessions
        assertThat(lockWaiters(6.01, 10)).isEqualTo("reproduced");
        assertThat(lockWaiters(6.0, 10)).as("1.5 x exactly").isEqualTo("not reproduced");
        assertThat(lockWaiters(6.5, 14)).as("under half of 14 sessions").isEqualTo("not reproduced");
        assertThat(lockWaiters(7, 14)).as("half of 14 sessions").isEqualTo("reproduced");
    }

    @Test
    void theClientsPoolsFailMoreAndAreAlmostEightTimesSlower() {
        assertThat(againstLegacy("http-client-pools-alone-more-errors", POOLS, 801, 800, 100, 100))
                .isEqualTo("reproduced");
        assertThat(againstLegacy("http-client-pools-alone-more-errors", POOLS, 800, 800, 100, 100))
                .isEqualTo("not reproduced");
        assertThat(againstLegacy("http-client-pools-alone-slower", POOLS, 0, 0, 681, 100))
                .isEqualTo("reproduced");
        assertThat(againstLegacy("http-client-pools-alone-slower", POOLS, 0, 0, 679, 100))
                .isEqualTo("not reproduced");
    }

    @Test
    void removingTheSaveLeavesAThirdOfTheErrorsAndAHigherMean() {
        // the legacy's 900 of 10,000: a third within 0.1 is 0.2333 to 0.4333 of it, 210 to 390 failed
        assertThat(againstLegacy("save-removed-cuts-errors", SAVE_REMOVED, 211, 900, 100, 100))
                .isEqualTo("reproduced");
        assertThat(againstLegacy("save-removed-cuts-errors", SAVE_REMOVED, 389, 900, 100, 100))
                .isEqualTo("reproduced");
        assertThat(againstLegacy("save-removed-cuts-errors", SAVE_REMOVED, 209, 900, 100, 100))
                .isEqualTo("not reproduced");
        assertThat(againstLegacy("save-removed-cuts-errors", SAVE_REMOVED, 391, 900, 100, 100))
                .isEqualTo("not reproduced");
        assertThat(againstLegacy("save-removed-cuts-errors", SAVE_REMOVED, 0, 0, 100, 100))
                .as("a legacy that failed none")
                .isEqualTo("not reproduced");
        assertThat(againstLegacy("save-removed-still-slower", SAVE_REMOVED, 0, 900, 101, 100))
                .isEqualTo("reproduced");
        assertThat(againstLegacy("save-removed-still-slower", SAVE_REMOVED, 0, 900, 100, 100))
                .isEqualTo("not reproduced");
    }

    @Test
    void theProfileFindsEachHotSpotWithTheSaveRemovedAndNotWithEveryFix() {
        String chain = LegacyChainThresholds.RESOURCE_CHAIN_FRAMES.getFirst();
        String mapper = LegacyChainExperiment.MAPPER_FRAMES.getFirst();
        assertThat(profiled("profile-finds-the-resource-chain", chain, 0.05, 0.0099))
                .isEqualTo("reproduced");
        assertThat(profiled("profile-finds-the-resource-chain", chain, 0.0499, 0))
                .isEqualTo("not reproduced");
        assertThat(profiled("profile-finds-the-resource-chain", chain, 0.2, 0.01))
                .isEqualTo("not reproduced");
        assertThat(profiled("profile-finds-the-per-request-mapper", mapper, 0.03, 0))
                .isEqualTo("reproduced");
        assertThat(profiled("profile-finds-the-per-request-mapper", mapper, 0.0299, 0))
                .isEqualTo("not reproduced");
        assertThat(verdict(
                        "profile-finds-the-per-request-mapper",
                        variant(
                                LegacyChainExperiment.SAVE_REMOVED_STEP,
                                step(0, 100).build()),
                        variant(LegacyChainExperiment.ALL_FIXES, step(0, 100).build())))
                .as("no profile recorded")
                .isEqualTo("not applicable");
    }

    private static String chain(double ordersMillis, double storefrontMillis) {
        StepResult legacy = step(0, storefrontMillis)
                .process(ProcessUsage.custom()
                        .cpuSeconds(10)
                        .heapPeakBytes(1 << 28)
                        .voluntaryContextSwitches(OptionalLong.of(1))
                        .involuntaryContextSwitches(OptionalLong.of(1))
                        .jitCpuSeconds(OptionalDouble.of(0))
                        .serverRequests(SENT)
                        .serverMeanMillis(storefrontMillis)
                        .build())
                .downstream(new DownstreamUsage(SENT, ordersMillis, OptionalDouble.of(D), 20, 1, Map.of()))
                .build();
        return verdict("legacy-latency-rises-down-the-chain", variant(LegacyChainExperiment.LEGACY, legacy));
    }

    @Test
    void aReadOnTheStandbyThatMissedItsOwnWriteReproducesRecency() {
        assertThat(replicaReads(1, 0)).isEqualTo("reproduced");
        assertThat(replicaReads(0, 0)).as("every read saw its own write").isEqualTo("not reproduced");
        assertThat(replicaReads(1, 1)).as("a failure").isEqualTo("not reproduced");
        assertThat(verdict(
                        "replica-reads-can-miss-own-writes",
                        variant(LegacyChainExperiment.REPLICA_READS, step(0, 30).build())))
                .as("no reads on the standby")
                .isEqualTo("not applicable");
    }

    @Test
    void theLatencyIsBackAtTheFirstMinutesFromTheTenthToTheEndAndNoneMuchSlower() {
        // the measured shape: slower while the users ramp up, back under the first minute's from the tenth
        assertThat(minutes(27.9, 33.1, 23.2)).isEqualTo("reproduced");
        assertThat(minutes(27.9, 20.0, 27.9)).as("the first minute's median").isEqualTo("reproduced");
        assertThat(minutes(27.9, 20.0, 28.0)).as("slower in the median").isEqualTo("not reproduced");
        // one late minute slower than the first, the median still under it: stable up to a quarter slower
        assertThat(backToNormal(withMinute(timeline(27.9, 30, 20), 12, 1.25 * 27.9)))
                .isEqualTo("reproduced");
        assertThat(backToNormal(withMinute(timeline(27.9, 30, 20), 12, 1.26 * 27.9)))
                .as("one late minute a quarter slower and more")
                .isEqualTo("not reproduced");
        List<TimelinePoint> silent = new ArrayList<>(timeline(27.9, 30, 20));
        silent.set(12, TimelinePoint.custom().atSeconds(12).build());
        assertThat(backToNormal(silent))
                .as("a late minute that answered nothing")
                .isEqualTo("not reproduced");
        // the bin after the load ended (its last answers) is not a minute of the test
        List<TimelinePoint> tail = new ArrayList<>(timeline(27.9, 30, 20));
        tail.add(minute(15, 90));
        assertThat(backToNormal(tail)).isEqualTo("reproduced");
        assertThat(backToNormal(timeline(27.9, 30, 20).subList(0, 10)))
                .as("no minute from the tenth")
                .isEqualTo("not decided");
        assertThat(verdict(
                        "all-fixes-latency-back-to-normal",
                        variant(LegacyChainExperiment.LEGACY, step(0, 30).build())))
                .as("every fix not run")
                .isEqualTo("not applicable");
    }

    private static List<TimelinePoint> withMinute(List<TimelinePoint> points, int at, double p50) {
        List<TimelinePoint> changed = new ArrayList<>(points);
        changed.set(at, minute(at, p50));
        return changed;
    }

    /** A first minute's median, every minute before the tenth at {@code before}, every one from it at {@code after}. */
    private static String minutes(double first, double before, double after) {
        return backToNormal(timeline(first, before, after));
    }

    private static List<TimelinePoint> timeline(double first, double before, double after) {
        List<TimelinePoint> points = new ArrayList<>();
        for (int at = 0; at < 15; at++) {
            points.add(minute(at, at == 0 ? first : at < 10 ? before : after));
        }
        return points;
    }

    private static TimelinePoint minute(int at, double p50) {
        return TimelinePoint.custom()
                .atSeconds(at)
                .started(240)
                .completed(240)
                .latencyMillisP50(p50)
                .latencyMillisP95(2 * p50)
                .build();
    }

    private static String backToNormal(List<TimelinePoint> points) {
        StepResult fixed = step(0, 25).timeline(new Timeline(1000, points)).build();
        return verdict("all-fixes-latency-back-to-normal", variant(LegacyChainExperiment.ALL_FIXES, fixed));
    }

    private static String replicaReads(long missed, long failed) {
        StepResult onReplica = step(failed, 30)
                .downstream(new DownstreamUsage(
                        SENT,
                        20,
                        OptionalDouble.of(D),
                        20,
                        1,
                        Map.of(
                                LegacyChainExperiment.REPLICA_SAW_OWN_WRITE,
                                new DownstreamUsage.Held(SENT - failed - missed, 0.3, OptionalDouble.empty()),
                                LegacyChainExperiment.REPLICA_MISSED_OWN_WRITE,
                                new DownstreamUsage.Held(missed, 0.3, OptionalDouble.empty()))))
                .build();
        return verdict("replica-reads-can-miss-own-writes", variant(LegacyChainExperiment.REPLICA_READS, onReplica));
    }

    private static String autoscaled(double gain, Double answeredAtSeconds) {
        StepResult one = step(0, 100).build();
        Autoscaled autoscaler = new Autoscaled(
                "cpu",
                0.6,
                List.of(new Autoscaled.Reading(2, 1, 0.9), new Autoscaled.Reading(9, 2, 0.5)),
                List.of(new Autoscaled.Decision(2, 0.9, 1, 2, answeredAtSeconds)));
        StepResult scaled = step(0, 100)
                .client(
                        new Requests(SENT, SENT, 0, Map.of()),
                        gain * one.client().throughputPerSecond(),
                        new LatencyMillis(100, 100, 100, 100, 100, 100),
                        one.client().elapsedSeconds(),
                        1)
                .autoscaled(autoscaler)
                .build();
        return verdict(
                "autoscaling-does-not-help",
                variant(LegacyChainExperiment.LEGACY, one),
                variant(LegacyChainExperiment.AUTOSCALED, scaled));
    }

    private static String lockWaiters(double poolsWaiting, int poolsSessions) {
        StepResult legacy = step(0, 100).database(database(4, 5)).build();
        StepResult pools =
                step(0, 100).database(database(poolsWaiting, poolsSessions)).build();
        return verdict(
                "http-client-pools-alone-lock-bottleneck",
                variant(LegacyChainExperiment.LEGACY, legacy),
                variant(LegacyChainExperiment.HTTP_CLIENT_STEP, pools));
    }

    private static DatabaseUsage database(double meanWaiting, int sessions) {
        return new DatabaseUsage(meanWaiting, (int) Math.ceil(meanWaiting), sessions, 60, 0, List.of());
    }

    /** The claim on {@code variant} against the legacy, each with its failures and mean. */
    private static String againstLegacy(
            String claim, String variant, long failed, long legacyFailed, double mean, double legacyMean) {
        return verdict(
                claim,
                variant(
                        LegacyChainExperiment.LEGACY,
                        step(legacyFailed, legacyMean).build()),
                variant(variant, step(failed, mean).build()));
    }

    private static String profiled(String claim, String frame, double savedShare, double fixedShare) {
        return verdict(
                claim,
                variant(
                        LegacyChainExperiment.SAVE_REMOVED_STEP,
                        step(0, 100).profile(profile(frame, savedShare)).build()),
                variant(
                        LegacyChainExperiment.ALL_FIXES,
                        step(0, 100).profile(profile(frame, fixedShare)).build()));
    }

    private static ServiceProfile profile(String frame, double share) {
        return new ServiceProfile(400, Map.of("com.example." + frame + "(X.java)", share), Map.of(), 0);
    }

    /** The held load's step: {@link #SENT} requests, {@code failed} of them timed out, the rest answered in this mean. */
    private static StepResult.Builder step(long failed, double meanMillis) {
        double seconds = 15;
        return StepResult.custom(LOAD)
                .plan(new Scaled(1)
                        .plan(LegacyChainExperiment.LOAD, LEGACY_CHAIN.requestTimeout(), LEGACY_CHAIN.connections()))
                .client(
                        new Requests(SENT, SENT - failed, failed, failed == 0 ? Map.of() : Map.of("TIMEOUT", failed)),
                        (SENT - failed) / seconds,
                        new LatencyMillis(meanMillis, meanMillis, meanMillis, meanMillis, meanMillis, meanMillis),
                        seconds,
                        (SENT - failed) / seconds * meanMillis / 1e3)
                .littlesLaw(SENT / seconds, "measured", SENT / seconds)
                .timeline(new Timeline(1000, List.of()))
                .process(Judge.process(10, OptionalLong.of(1), OptionalLong.of(1), SENT));
    }

    private static VariantResult variant(String name, StepResult step) {
        return Judge.variant(name, step);
    }

    private static String verdict(String claim, VariantResult... variants) {
        List<VariantResult> all = new ArrayList<>(List.of(variants));
        Measurements measurements = Measurements.of(LEGACY_CHAIN, all, LEGACY_CHAIN.downstreamLatency(), 2);
        return Judge.claim(LEGACY_CHAIN, claim, measurements).status();
    }
}
