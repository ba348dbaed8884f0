package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.concurrencylab.catalog.Study;
import org.concurrencylab.report.PoolSizing;
import org.concurrencylab.results.PoolLimits;
import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.VariantResult;
import org.junit.jupiter.api.Test;

/**
 * A study of an application the lab did not build (fixtures/pooled-app: Tomcat capped at 16 workers,
 * HikariCP at 4 connections, /orders holding a connection 40 ms, /pages holding a worker 100 ms), seen
 * through the agent alone. The bounds are the fixture's physics: 4 connections held 40 ms serve at most
 * 100/s, 16 workers held 100 ms at most 160/s.
 */
class ApplicationStudyTest extends RealServicesTest {

    private static final Path FIXTURE = HOME.root().resolve("fixtures/pooled-app/target/pooled-app.jar");
    private static final String HIKARI = "hikari:HikariPool-1";
    private static final double CONNECTION_HOLD_SECONDS = 0.040;

    @Test
    void theConnectionPoolIsNamedFoundFullAndSizedByLittlesLaw() throws Exception {
        VariantResult study = run(Study.custom(FIXTURE).path("/orders/1").users(List.of(2, 8)));
        StepResult two = study.steps().get(0);
        StepResult eight = study.steps().get(1);
        assertThat(two.pools().get("tomcat-workers").max()).isEqualTo(16);
        assertThat(two.pools().get(HIKARI).max()).isEqualTo(4);
        assertThat(PoolLimits.holdingBack(two)).as("2 users on 4 connections").isEmpty();
        assertThat(PoolLimits.holdingBack(eight)).as("8 users on 4 connections").contains(HIKARI);
        // the hold the fixture sleeps, plus its query and the pool's hand-over: 10 % over at most
        double hold = PoolSizing.holdSeconds(two, HIKARI);
        assertThat(hold).isBetween(CONNECTION_HOLD_SECONDS, 1.1 * CONNECTION_HOLD_SECONDS);
        // the pool's own cap: 4 connections, each held at least the fixture's 40 ms
        assertThat(eight.throughputPerSecond()).isBetween(0.85 * 4 / (1.1 * CONNECTION_HOLD_SECONDS), 1.02 * 4 / CONNECTION_HOLD_SECONDS);
        assertThat(PoolSizing.sentence(study.steps(), 1)).hasValueSatisfying(sentence -> assertThat(sentence)
                .startsWith(HIKARI + " held the load back at 8 users")
                // 8 users answered in the lone request's time need 8 connections held 40 ms each
                .contains("which need 8 ("));
        assertThat(PoolSizing.sentence(study.steps(), 0)).hasValueSatisfying(sentence -> assertThat(sentence)
                .startsWith("the users were the limit at 2 users"));
    }

    @Test
    void theWorkerPoolIsFoundFullWhereItCountsNoWaiters() throws Exception {
        VariantResult study = run(Study.custom(FIXTURE).path("/pages/1").users(List.of(4, 32)));
        StepResult thirtyTwo = study.steps().get(1);
        assertThat(PoolLimits.holdingBack(study.steps().get(0))).isEmpty();
        assertThat(PoolLimits.holdingBack(thirtyTwo)).contains("tomcat-workers");
        assertThat(thirtyTwo.throughputPerSecond()).isBetween(0.85 * 16 / 0.1, 1.02 * 16 / 0.1);
    }

    private VariantResult run(Study.Builder study) throws Exception {
        LabRunner.CompletedRun run = new StudyRunner(HOME, JavaRuntime.current(), RunProgress.SILENT)
                .run(study.stepLength(Duration.ofSeconds(3)).warmUp(4, Duration.ofSeconds(3)).build(), out);
        VariantResult variant = run.result().experiments().getFirst().variants().getFirst();
        assertThat(variant.failure()).isNull();
        assertThat(variant.steps()).hasSize(2);
        return variant;
    }
}
