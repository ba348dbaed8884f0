package org.concurrencylab.catalog.legacychain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Judge;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.junit.jupiter.api.Test;

/**
 * The legacy's failures are its services' own: its storefront's client waits a derived time for a connection to the
 * orders service, the time at which the legacy's load played out fails the article's 8 %; {@code legacy-fails} holds
 * the article's own share with every failure a 500, and not a share of the gateway's timeouts.
 */
class LegacyFailsTest {

    private static final Experiment LEGACY_CHAIN =
            Catalog.experiment("legacy-chain").orElseThrow();

    @Test
    void theDerivedWaitIsTheShortestThatFailsNoMoreThanTheArticlesShare() {
        long derived = StorefrontPoolWait.DERIVED.toMillis();
        double pace = StorefrontPoolWait.ROW_PACE_HERE;
        int connections = StorefrontPoolWait.DEFAULT_CONNECTIONS_PER_ROUTE;

        assertThat(StorefrontPoolWait.playedOut(connections, pace, derived)).isBetween(0.06, 0.08);
        assertThat(StorefrontPoolWait.playedOut(connections, pace, derived - 10))
                .isGreaterThan(0.08);
        // the sweeps measured 7.7 and 7.8 % at 2.5 s
        assertThat(derived).isBetween(2_300L, 2_700L);
    }

    @Test
    void everyVariantKeepingTheDefaultClientWaitsTheDerivedTime() {
        assertThat(LEGACY_CHAIN
                        .variant(LegacyChainExperiment.LEGACY)
                        .orElseThrow()
                        .properties())
                .containsEntry(StorefrontPoolWait.PROPERTY, StorefrontPoolWait.DERIVED.toMillis() + "ms");
    }

    @Test
    void theArticlesShareOfTheServicesOwn500sReproducesIt() {
        ClaimResult claim = verdict(80, 0);
        assertThat(claim.status()).isEqualTo("reproduced");
        assertThat(claim.evidence()).startsWith("8.0 % of 1000 failed ({HTTP_5XX=80})");
    }

    @Test
    void theGatewaysTimeoutsDoNot() {
        assertThat(verdict(40, 40).status()).isEqualTo("not reproduced");
        assertThat(verdict(0, 0).status()).isEqualTo("not reproduced");
        assertThat(verdict(200, 0).status()).isEqualTo("not reproduced");
    }

    private static ClaimResult verdict(long serverErrors, long timedOut) {
        long failed = serverErrors + timedOut;
        Map<String, Long> byKind = new TreeMap<>();
        if (serverErrors > 0) {
            byKind.put(LegacyChainThresholds.SERVER_ERROR, serverErrors);
        }
        if (timedOut > 0) {
            byKind.put("TIMEOUT", timedOut);
        }
        StepResult step = StepResult.custom(LegacyChainExperiment.LOAD.label())
                .client(
                        new Requests(1_000, 1_000 - failed, failed, byKind),
                        60,
                        new LatencyMillis(2_000, 2_000, 2_500, 2_600, 2_700, 2_800),
                        15,
                        120)
                .build();
        VariantResult legacy = VariantResult.custom(LegacyChainExperiment.LEGACY)
                .origin("seed")
                .cpus(2)
                .steps(List.of(step))
                .build();
        Measurements measurements = Measurements.of(LEGACY_CHAIN, List.of(legacy), LEGACY_CHAIN.downstreamLatency(), 2);
        return Judge.claim(LEGACY_CHAIN, "legacy-fails", measurements);
    }
}
