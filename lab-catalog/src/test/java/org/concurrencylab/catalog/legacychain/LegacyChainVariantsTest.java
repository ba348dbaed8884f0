package org.concurrencylab.catalog.legacychain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.ChainedService;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.model.CapacityModel;
import org.concurrencylab.results.Sizing;
import org.junit.jupiter.api.Test;

/** The variant families are generated from the faults, not written out: each must say what it claims. */
class LegacyChainVariantsTest {

    private final Experiment legacyChain = Catalog.experiment("legacy-chain").orElseThrow();

    @Test
    void legacyEachFixAloneTheArticlesStepsAllFixesReadsOnTheStandbyAndTwoStorefronts() {
        assertThat(legacyChain.variantNames())
                .containsExactly(
                        "legacy",
                        "only-http-client",
                        "only-database-timeouts",
                        "only-save-removed",
                        "only-mapper-cached",
                        "only-resource-cache",
                        "only-debug-log",
                        "only-circuit-breaker",
                        "step-1-http-client",
                        "step-2-save-removed",
                        "step-3-database-timeouts-circuit-breaker",
                        "step-4-mapper-cached",
                        "step-5-resource-cache",
                        "all-fixes",
                        "all-fixes-replica-reads",
                        "legacy-autoscaled");
        Variant autoscaled = legacyChain.variant("legacy-autoscaled").orElseThrow();
        assertThat(autoscaled.instances()).isEqualTo(1);
        assertThat(autoscaled.autoscaling())
                .hasValueSatisfying(rule -> assertThat(rule.maxInstances()).isGreaterThan(1));
    }

    @Test
    void eachFixAloneChangesOnlyItsOwnSwitches() {
        Map<String, String> legacy = legacyChain.variant("legacy").orElseThrow().properties();
        assertThat(legacy)
                .containsEntry("spring.web.resources.chain.cache", "false")
                .containsEntry(LegacyFix.GATEWAY_LOGGER, "DEBUG");
        Map<String, String> saveRemoved =
                legacyChain.variant("only-save-removed").orElseThrow().properties();
        assertThat(saveRemoved).containsEntry("orders/legacy.orders.save-unchanged-settings", "false");
        assertThat(saveRemoved.keySet()).hasSize(legacy.size() + 1);
        Map<String, String> debugLog =
                legacyChain.variant("only-debug-log").orElseThrow().properties();
        assertThat(debugLog).containsEntry(LegacyFix.GATEWAY_LOGGER, "INFO").hasSize(legacy.size());
    }

    @Test
    void allFixesCarriesEveryFixAndTheChainsPropertiesGoToTheirService() {
        Variant all = legacyChain.variant("all-fixes").orElseThrow();
        assertThat(all.properties())
                .containsEntry("legacy.storefront.http-client", "POOLED")
                .containsEntry("legacy.storefront.circuit-breaker", "true")
                .containsEntry("orders/legacy.orders.database.pool-size", "40");
        ChainedService orders = legacyChain.chain().getFirst();
        assertThat(orders.propertiesOf(all))
                .containsEntry("legacy.orders.database.pool-size", "40")
                .doesNotContainKey("legacy.storefront.http-client");
        assertThat(ChainedService.entryPropertiesOf(all))
                .doesNotContainKey("orders/legacy.orders.database.pool-size")
                .containsEntry("legacy.storefront.http-client", "POOLED");
    }

    @Test
    void theHotRowAdmitsOnePerDUntilTheSaveIsRemovedThenThePoolOrTheUsers() {
        CapacityModel model = new CapacityModel.HotRowOrPool("orders");
        LoadStep load = legacyChain.steps().getFirst();
        // the model's arithmetic at a round D of its own, not the catalog's
        var d = java.time.Duration.ofMillis(20);
        CapacityModel.Bound hotRow = model.bound(
                load,
                legacyChain.connections(),
                d,
                Sizing.of(Map.of("orders.saveUnchangedSettings", true, "orders.hikariMaximumPoolSize", 40)),
                2);
        assertThat(hotRow.throughputPerSecond()).isEqualTo(50.0);
        assertThat(hotRow.timedAs())
                .as("the orders service times its holds of the row")
                .isEqualTo("hot-row");
        // without the save 40 connections admit 2000/s, far more than 250 users thinking 1 s ask for:
        // user i starts at 20 ms x i and asks once per 1 s + D until 15 s, 3194 requests in 15 s + D
        CapacityModel.Bound users = model.bound(
                load,
                legacyChain.connections(),
                d,
                Sizing.of(Map.of("orders.saveUnchangedSettings", false, "orders.hikariMaximumPoolSize", 40)),
                2);
        assertThat(users.throughputPerSecond()).isCloseTo(3194 / 15.02, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(users.holdInD())
                .as("a request's hold, in D: the machine stretches the request, not the user's think time")
                .isEqualTo(1.0);
        LoadStep.Held noThinking = new LoadStep.Held(
                250, java.time.Duration.ZERO, java.time.Duration.ofSeconds(10), java.time.Duration.ZERO);
        assertThat(model.bound(
                                noThinking,
                                legacyChain.connections(),
                                d,
                                Sizing.of(Map.of(
                                        "orders.saveUnchangedSettings", false, "orders.hikariMaximumPoolSize", 40)),
                                2)
                        .throughputPerSecond())
                .isEqualTo(2000.0);
        assertThat(List.of(load.label())).containsExactly("250 users, 5s ramp + 10s, think 1s");
    }
}
