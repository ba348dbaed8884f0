package org.concurrencylab.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Knob;
import org.concurrencylab.catalog.SweepClaim;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.results.sweep.SweepFit;
import org.junit.jupiter.api.Test;

/** How a sweep is declared again as an experiment the runner runs as it is: nothing started here. */
class SweepDeclarationTest {

    @Test
    void everyDeclaredSweepOfTheCatalogIsAnExperimentOfItsOwn() {
        for (Experiment experiment : Catalog.experiments()) {
            for (SweepClaim declared : experiment.sweeps()) {
                Experiment swept = SweepRunner.declare(
                        experiment,
                        experiment.variant(declared.variant()).orElseThrow(),
                        experiment.loadOf(declared).orElseThrow(),
                        declared.knob());
                assertThat(swept.claims()).as(declared.id()).isEmpty();
                assertThat(swept.sweeps()).as(declared.id()).isEmpty();
                int points = declared.knob().values().size();
                assertThat(swept.variants().size() * swept.steps().size())
                        .as(declared.id())
                        .isEqualTo(points);
            }
        }
    }

    @Test
    void aPropertyKnobIsAVariantPerValueAndTheLoadAStepPerValue() {
        Experiment blockingIo = Catalog.experiment("blocking-io").orElseThrow();
        Variant tomcat = blockingIo.variant("mvc-tomcat-200").orElseThrow();
        LoadStep heavy = blockingIo.step("100x10").orElseThrow();

        Experiment threads =
                SweepRunner.declare(blockingIo, tomcat, heavy, Knob.parse("server.tomcat.threads.max=50,100"));
        assertThat(threads.variantNames()).containsExactly("mvc-tomcat-200@50", "mvc-tomcat-200@100");
        assertThat(threads.variant("mvc-tomcat-200@50").orElseThrow().properties())
                .containsEntry("server.tomcat.threads.max", "50")
                .containsEntry("lab.handler", "blocking");
        assertThat(threads.steps()).containsExactly(heavy);

        Experiment users = SweepRunner.declare(blockingIo, tomcat, heavy, Knob.parse("users=10,20"));
        assertThat(users.variantNames()).containsExactly("mvc-tomcat-200");
        assertThat(users.steps()).containsExactly(new LoadStep.Closed(10, 10), new LoadStep.Closed(20, 10));
        assertThatThrownBy(() -> SweepRunner.declare(blockingIo, tomcat, heavy, Knob.parse("rate=10,20")))
                .hasMessageContaining("load 100x10 is closed");
    }

    @Test
    void aTimeoutKnobIsAVariantPerValueWithItsOwnClientTimeoutAndNothingFitted() {
        Experiment legacyChain = Catalog.experiment("legacy-chain").orElseThrow();
        Variant legacy = legacyChain.variant("legacy").orElseThrow();
        LoadStep held = legacyChain.steps().getFirst();

        Experiment gateway = SweepRunner.declare(legacyChain, legacy, held, Knob.parse("request-timeout-ms=2000,4000"));
        assertThat(gateway.variantNames()).containsExactly("legacy@2000", "legacy@4000");
        Variant shorter = gateway.variant("legacy@2000").orElseThrow();
        assertThat(shorter.requestTimeoutIn(gateway)).isEqualTo(java.time.Duration.ofSeconds(2));
        assertThat(shorter.properties()).isEqualTo(legacy.properties());
        assertThat(legacy.requestTimeoutIn(legacyChain))
                .as("the experiment's own, where the variant names none")
                .isEqualTo(legacyChain.requestTimeout());
        assertThat(gateway.steps()).containsExactly(held);
        assertThat(SweepFit.FAILURES_ARE_THE_CURVE.model()).isNull();
        assertThatThrownBy(() -> SweepRunner.declare(
                        org.concurrencylab.study.Study.custom(java.nio.file.Path.of("app.jar"))
                                .variant("app", java.util.Map.of())
                                .users(java.util.List.of(4))
                                .build(),
                        "app",
                        Knob.parse("request-timeout-ms=1,2"),
                        4))
                .hasMessageContaining("request-timeout-seconds");
    }

    @Test
    void everyPointOfAStudysSweepStartsWithItsJvmOptions() {
        org.concurrencylab.study.Study study = org.concurrencylab.study.Study.custom(java.nio.file.Path.of("app.jar"))
                .variant("app", java.util.Map.of())
                .users(java.util.List.of(4))
                .jvmOption("-Xmx512m")
                .jvmOption("-XX:TieredStopAtLevel=1")
                .build();
        for (String knob :
                java.util.List.of("users=1,2", "rate=10,20", "spring.datasource.hikari.maximum-pool-size=2,8")) {
            assertThat(SweepRunner.declare(study, "app", Knob.parse(knob), 4).jvmOptions())
                    .as(knob)
                    .containsExactly("-Xmx512m", "-XX:TieredStopAtLevel=1");
        }
    }
}
