package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.VariantStatus;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.junit.jupiter.api.Test;

/**
 * legacy-chain for real: the storefront, the orders service and PostgreSQL, under 400 users ramped up
 * over 4 s (their first requests 100/s, as the later ones) and held for 4 s, each thinking 4 s between requests, with a gateway that gives up after
 * 150 D = 3 s. The legacy's hot row admits one transaction per D = 20 ms, at most 50/s, so 400 users
 * queue for 400 x D - 4 s = 4 s: PostgreSQL shows sessions waiting on the row's lock, the orders service
 * times each hold of it at D or more, and the storefront's own wait for a pooled connection (the catalog's
 * 2.52 s) fails requests with a 500 before the gateway's 3 s. With every fix nothing waits on the
 * row, and the users ask for at most 400 / 4 s = 100/s, which this machine's two cores serve with room
 * to spare, so every request is answered; the same with the orders service's reads on the database's hot
 * standby as well.
 * <p>
 * The load is the experiment's shape, not its figures: the fixed chain costs 12-13 ms of CPU a request
 * in a run this short (measured on the CI's kind of machine: C1's code, its JIT still compiling), so the
 * experiment's 250 users thinking 1 s asked it for more than the 150/s two cores serve, and its own
 * 1 s wait for a pooled connection failed 47-81 of some 860 requests, which said nothing of the fixes.
 */
class LegacyChainIntegrationTest extends RealServicesTest {

    @Test
    void theLegacyWaitsOnTheHotRowsLockAndAllFixesDoNot() throws Exception {
        Experiment legacyChain = Catalog.experiment("legacy-chain").orElseThrow();
        // a D of the test's own, whatever the catalog's: the figures below are this load's at 20 ms
        Experiment shortRun = shortened(
                        legacyChain,
                        1,
                        Duration.ofSeconds(3),
                        legacyChain.warmUp(),
                        List.of(new LoadStep.Held(
                                400, Duration.ofSeconds(4), Duration.ofSeconds(4), Duration.ofSeconds(4))))
                .toBuilder()
                .downstreamLatency(Duration.ofMillis(20))
                .build();

        ExperimentResult result = new LabRunner(HOME, JavaRuntime.current(), RunProgress.SILENT)
                .run(
                        List.of(shortRun),
                        RunOptions.defaults(out)
                                .withVariants(List.of("legacy", "all-fixes", "all-fixes-replica-reads")))
                .result()
                .experiments()
                .getFirst();

        assertThat(result.variants()).extracting(VariantResult::status).containsOnly(VariantStatus.OK);
        StepResult legacy = step(result, "legacy");
        StepResult fixed = step(result, "all-fixes");
        assertThat(legacy.bound().littlesLawPerSecond()).isEqualTo(50.0);
        assertThat(legacy.client().throughputPerSecond())
                .as("one transaction per D past the hot row")
                .isLessThanOrEqualTo(51);
        assertThat(legacy.service().database().meanWaitingOnLocks())
                .as("sessions waiting on the row's lock")
                .isGreaterThanOrEqualTo(3);
        assertThat(legacy.client().requests().failedByKind())
                .as("the storefront's own pool wait, shorter than the gateway's, answers them 500")
                .containsKey("HTTP_5XX");
        assertThat(legacy.service().downstream().meanMillis())
                .as("the orders service's own time")
                .isGreaterThan(2 * 20);
        // the lock is held for D in the database and the commit after it: never less, and on a busy
        // machine not twice as long (measured here: 21-23 ms)
        assertThat(legacy.service().downstream().holds().get("hot-row").meanMillis())
                .isBetween(20.0, 40.0);

        // at 100/s the fixed chain stays within this machine: its answers take tens of milliseconds
        // against timeouts of a second and more, so none may fail
        assertThat(fixed.client().requests().failed())
                .as(fixed.client().requests().failedByKind() + " of "
                        + fixed.client().requests().sent())
                .isZero();
        // each transaction still updates its own order's row, one of 1000, so two requests for the same
        // order may meet; with some 5 transactions in flight that is rare
        assertThat(fixed.service().database().meanWaitingOnLocks()).isLessThan(0.5);
        assertThat(fixed.service().downstream().holds()).doesNotContainKey("hot-row");
        assertThat(fixed.client().throughputPerSecond())
                .isGreaterThan(2 * legacy.client().throughputPerSecond());
        assertThat(variant(result, "all-fixes").sizing().entries())
                .containsEntry("orders.hikariMaximumPoolSize", 40)
                .containsEntry("orders.saveUnchangedSettings", false)
                .containsEntry("httpClient", "POOLED");
        assertThat(variant(result, "legacy").sizing().entries())
                .containsEntry("orders.hikariMaximumPoolSize", 10)
                .containsEntry("httpClient", "DEFAULT_POOL")
                .containsEntry("mapperPerRequest", true);

        // the same chain with its reads on the database's hot standby: every answer read the order back there
        StepResult onReplica = step(result, "all-fixes-replica-reads");
        assertThat(onReplica.client().requests().failed())
                .as(onReplica.client().requests().failedByKind().toString())
                .isZero();
        long readsBack = onReplica.service().downstream().holds().values().stream()
                .mapToLong(held -> held.count())
                .sum();
        assertThat(onReplica.service().downstream().holds())
                .containsOnlyKeys("replica-read-saw-own-write", "replica-read-missed-own-write");
        // a request on the edge of the step may be counted by one timer and not the other: some 10 are in
        // flight at once, of some 1,000
        assertThat(readsBack)
                .isCloseTo(
                        onReplica.service().downstream().requests(),
                        org.assertj.core.api.Assertions.withinPercentage(2));
        assertThat(variant(result, "all-fixes-replica-reads").sizing().entries())
                .containsEntry("orders.readsFromReplica", true);

        // the database's JVM stopped its server and its standby: no postmaster of the lab's is left
        assertThat(postmastersLeftAfterTheirStop()).isEmpty();
    }

    private static StepResult step(ExperimentResult result, String variant) {
        return variant(result, variant).steps().getFirst();
    }
}
