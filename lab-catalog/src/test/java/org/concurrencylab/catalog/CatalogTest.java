package org.concurrencylab.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.concurrencylab.catalog.claim.Claim;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.catalog.fanout.FanOutExperiment;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.ClaimResult;
import org.junit.jupiter.api.Test;

class CatalogTest {

    @Test
    void blockingIoDeclaresEveryVariantOfTheSpecOnce() {
        Experiment experiment = Catalog.experiment("blocking-io").orElseThrow();

        assertThat(experiment.variantNames())
                .contains(
                        "mvc-tomcat-20",
                        "mvc-tomcat-200",
                        "webflux-netty-blocking",
                        "webflux-netty-elastic",
                        "webflux-netty-bounded-elastic",
                        "webflux-tomcat-elastic",
                        "webflux-tomcat-blocking",
                        "webflux-tomcat-router",
                        "mvc-deferred-result",
                        "mvc-virtual-threads",
                        "webflux-netty-delay");
        assertThat(experiment.steps()).extracting(LoadStep::label).containsExactly("10x10", "100x10");
        assertThat(experiment.claims()).extracting(Claim::id).doesNotHaveDuplicates();
    }

    @Test
    void fanOutDeclaresEveryVariantOfTheSpecAndBothPhases() {
        Experiment experiment = Catalog.experiment("fan-out").orElseThrow();

        assertThat(experiment.variantNames())
                .contains(
                        "sequential",
                        "common-pool",
                        "common-pool-tomcat-8",
                        "dedicated-pool-400",
                        "virtual-threads",
                        "webclient-zip",
                        "littles-law-pool",
                        "common-pool-own-cpus");
        assertThat(experiment.steps()).extracting(LoadStep::label).containsExactly("1x5", "20/s for 60s");
        assertThat(experiment.downstream()).map(Downstream::module).contains("downstream-service");
        // rate x calls x D = 20 x 2 x 0.3 s = 12 in flight, doubled
        assertThat(FanOutExperiment.LITTLES_LAW_POOL_SIZE).isEqualTo(24);
    }

    @Test
    void sharedComponentsStartWithTheDatabaseAndSayHowTheServicesFindThem() {
        assertThat(Catalog.experiment("legacy-chain").orElseThrow().sharedComponents())
                .extracting(SharedComponent::role, SharedComponent::addressProperty)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("database", Database.URL_PROPERTY));
        assertThat(Catalog.experiment("fan-out").orElseThrow().sharedComponents())
                .extracting(SharedComponent::role, SharedComponent::addressProperty)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("downstream", Downstream.URL_PROPERTY));
        assertThat(Catalog.experiment("cpu-bound").orElseThrow().sharedComponents())
                .isEmpty();

        Experiment both = Catalog.experiment("legacy-chain").orElseThrow().toBuilder()
                .downstream(new Downstream("downstream-service", "/sleep/1"))
                .build();
        assertThat(both.sharedComponents()).extracting(SharedComponent::role).containsExactly("database", "downstream");
    }

    @Test
    void servletAsyncAndCpuBoundDeclareEveryVariantOfTheSpec() {
        assertThat(Catalog.experiment("servlet-async").orElseThrow().variantNames())
                .contains(
                        "blocking-10",
                        "callable-10-unbounded",
                        "blocking-39",
                        "callable-10-boot-default",
                        "blocking-virtual-threads",
                        "deferred-result-webclient");
        Experiment cpuBound = Catalog.experiment("cpu-bound").orElseThrow();
        assertThat(cpuBound.variantNames())
                .contains("no-scheduler", "parallel-4", "parallel-2", "parallel-cpus", "parallel-1", "virtual-threads");
        // CPU work runs on real cores: emulating the article's CPU count would only oversubscribe them
        assertThat(cpuBound.defaultCpus()).isEmpty();
        assertThat(Catalog.names())
                .containsExactly("blocking-io", "fan-out", "servlet-async", "cpu-bound", "legacy-chain");
    }

    @Test
    void everySeedFigureBelongsToAStepOfItsExperiment() {
        // a figure filed under a load its experiment does not run would never be shown beside a measurement
        Catalog.experiments()
                .forEach(experiment -> experiment
                        .variants()
                        .forEach(variant -> assertThat(experiment.steps().stream()
                                        .map(LoadStep::label)
                                        .toList())
                                .as(experiment.name() + " " + variant.name())
                                .containsAll(variant.seed().keySet())));
    }

    @Test
    void aClaimThatNamesAVariantLoadOrChartItsExperimentLacksFailsTheBuildByName() {
        Experiment blockingIo = Catalog.experiment("blocking-io").orElseThrow();
        Claim variantTypo = Claim.of("typo", "a misspelt variant", measurements -> {
            measurements.clientStep("mvc-tomcat-2O", "100x10");
            throw new AssertionError("not reached: the variant is unknown");
        });
        Claim loadTypo = Claim.of("typo", "a misspelt load", measurements -> {
            measurements.clientStep("mvc-tomcat-20", "100x100");
            throw new AssertionError("not reached: the load is unknown");
        });
        Claim chartTypo = Claim.of("typo", "a chart of a misspelt variant", measurements -> {
                    throw new Measurements.Missing("never ran");
                })
                .shownBy(ChartRef.Kind.PERCENTILES, "100x10", "mvc-tomcat-2O");

        for (Claim claim : List.of(variantTypo, loadTypo, chartTypo)) {
            List<Claim> claims = new java.util.ArrayList<>(blockingIo.claims());
            claims.add(claim);
            org.assertj.core.api.Assertions.assertThatThrownBy(
                            () -> blockingIo.toBuilder().claims(claims).build())
                    .as(claim.text())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("blocking-io: claim typo ")
                    .satisfies(e -> assertThat(e.getMessage()).containsAnyOf("'mvc-tomcat-2O'", "'100x100'"));
        }
    }

    @Test
    void aClaimThatSaysNothingOfWhatItIsCheckedAtIsNotBuilt() {
        Experiment blockingIo = Catalog.experiment("blocking-io").orElseThrow();
        List<Claim> claims = new java.util.ArrayList<>(blockingIo.claims());
        claims.add(Claim.of("silent", "a claim without its threshold", measurements -> Verdict.of(true, "held"))
                .shownBy(ChartRef.Kind.PERCENTILES, "100x10", "mvc-tomcat-20"));

        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> blockingIo.toBuilder().claims(claims).build())
                .hasMessage("blocking-io: claim silent says nothing of what it is checked at (Claim.checkedAt)");
    }

    @Test
    void aDeclaredSweepOfAVariantOrLoadItsExperimentLacksFailsTheBuildByName() {
        Experiment blockingIo = Catalog.experiment("blocking-io").orElseThrow();
        SweepClaim variantTypo = SweepClaim.custom("typo")
                .text("t")
                .sweep("mvc-tomcat-2O", "100x10", "users=1,2")
                .knee(1, "")
                .build();
        SweepClaim loadTypo = SweepClaim.custom("typo")
                .text("t")
                .sweep("mvc-tomcat-20", "100x100", "users=1,2")
                .knee(1, "")
                .build();
        SweepClaim rateOfAClosedLoad = SweepClaim.custom("typo")
                .text("t")
                .sweep("mvc-tomcat-20", "100x10", "rate=1,2")
                .knee(1, "")
                .build();

        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> blockingIo.toBuilder().sweeps(variantTypo).build())
                .hasMessage(
                        "blocking-io: sweep typo varies variant 'mvc-tomcat-2O', which blocking-io does not declare");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> blockingIo.toBuilder().sweeps(loadTypo).build())
                .hasMessage("blocking-io: sweep typo runs load '100x100', which blocking-io does not declare");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> blockingIo.toBuilder().sweeps(rateOfAClosedLoad).build())
                .hasMessage("blocking-io: sweep typo varies the rate of load 100x10, which is closed");
    }

    @Test
    void aSweepsOwnLoadIsRunByTheSweepAndNotByTheExperiment() {
        Experiment blockingIo = Catalog.experiment("blocking-io").orElseThrow();
        LoadStep tenUsers = new LoadStep.Closed(10, 3);
        SweepClaim own = SweepClaim.custom("own")
                .text("t")
                .sweep("mvc-tomcat-20", tenUsers, "server.tomcat.threads.max=5,10")
                .knee(10, "")
                .build();
        SweepClaim rateOfItsOwnClosedLoad = SweepClaim.custom("own")
                .text("t")
                .sweep("mvc-tomcat-20", tenUsers, "rate=1,2")
                .knee(1, "")
                .build();

        Experiment withOwn = blockingIo.toBuilder().sweeps(own).build();
        assertThat(withOwn.loadOf(own)).contains(tenUsers);
        assertThat(withOwn.steps()).isEqualTo(blockingIo.steps()).doesNotContain(tenUsers);
        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                        blockingIo.toBuilder().sweeps(rateOfItsOwnClosedLoad).build())
                .hasMessage("blocking-io: sweep own varies the rate of load 10x3, which is closed");
    }

    @Test
    void anExperimentWithTwoVariantsOfOneNameIsNotBuilt() {
        Experiment blockingIo = Catalog.experiment("blocking-io").orElseThrow();
        List<Variant> twice = new java.util.ArrayList<>(blockingIo.variants());
        twice.add(blockingIo.variants().getFirst());

        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> blockingIo.toBuilder().variants(twice).build())
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyClaimNamesAChartOfOneOfItsStepsWithVariantsOfItsExperiment() {
        Catalog.experiments()
                .forEach(experiment -> experiment.claims().forEach(claim -> {
                    assertThat(claim.chart()).as(claim.id()).isNotNull();
                    assertThat(experiment.steps())
                            .extracting(LoadStep::label)
                            .as(claim.id())
                            .contains(claim.chart().load());
                    assertThat(experiment.variantNames())
                            .as(claim.id())
                            .containsAll(claim.chart().variants());
                    ChartRef.Kind.ofLabel(claim.chart().kind());
                }));
    }

    /**
     * A claim about a variant an article ran (the first its chart shows) says what that article said of it, a
     * figure or, where it gave none, its statement: "the lab's own check" is left for claims on no variant of
     * their own and for variants no article ran.
     */
    @Test
    void aClaimAboutAnArticlesOwnVariantSaysWhatTheArticleSaid() {
        Catalog.experiments()
                .forEach(experiment -> experiment.claims().stream()
                        .filter(claim -> claim.chart().variants().stream()
                                .findFirst()
                                .flatMap(experiment::variant)
                                .map(variant -> variant.origin() == Origin.SEED)
                                .orElse(false))
                        .forEach(claim -> assertThat(claim.articleFigure())
                                .as(experiment.name() + ": " + claim.id())
                                .isNotBlank()));
    }

    /**
     * A threshold is read beside how far its figure moves from run to run here: a claim lands with the spread its
     * experiment's bench (or sweep, run three times) read, so that nobody sets a threshold inside the noise unseen.
     */
    @Test
    void everyClaimAndSweepClaimCarriesItsSpreadHere() {
        Catalog.experiments().forEach(experiment -> {
            experiment
                    .claims()
                    .forEach(claim -> assertThat(claim.spreads())
                            .as(experiment.name() + ": " + claim.id())
                            .isNotEmpty());
            experiment
                    .sweeps()
                    .forEach(sweep -> assertThat(sweep.spreads())
                            .as(experiment.name() + ": " + sweep.id())
                            .isNotEmpty());
        });
    }

    @Test
    void aClaimWhoseVariantDidNotRunIsNotApplicable() {
        Measurements nothingRan = new Measurements(List.of(), Duration.ofMillis(100), 2);

        List<ClaimResult> results = Catalog.experiments().stream()
                .flatMap(experiment -> experiment.claims().stream())
                .map(claim -> claim.evaluate(nothingRan))
                .toList();

        assertThat(results).allSatisfy(result -> {
            assertThat(result.status()).isEqualTo("not applicable");
            assertThat(result.evidence()).contains("did not run");
        });
    }
}
