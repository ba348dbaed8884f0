package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.concurrencylab.catalog.Knob;
import org.concurrencylab.driver.RequestTemplate;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.sweep.SweepFit;
import org.concurrencylab.results.sweep.SweepPoint;
import org.concurrencylab.results.sweep.SweepResult;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.sweep.SweepRunner;
import org.concurrencylab.study.Study;
import org.junit.jupiter.api.Test;

/**
 * Sweeps of fixtures/pooled-app, whose physics is known: /orders holds one of HikariCP's connections
 * 40 ms, so P connections serve at most P / 40 ms, and U users at most U / R0. The knee of a sweep of
 * the users is where they meet, at the pool's size.
 */
class SweepTest extends RealServicesTest {

    private static final Path FIXTURE = HOME.root().resolve("fixtures/pooled-app/target/pooled-app.jar");
    private static final String POOL_SIZE = "spring.datasource.hikari.maximum-pool-size";
    private static final double HOLD_SECONDS = 0.040;
    /** The fixture's request is a 40 ms sleep: its JIT matters little, its R0 is measured after the warm-up. */
    private static final Duration WARM = Duration.ofSeconds(4);
    /**
     * The fixture compiles with C1 alone, as in ApplicationStudyTest: what is asserted is a pool's bound, which no
     * compiler changes, and C1 is done compiling within the warm-up, where C2 still compiled in the 2-s points and had
     * them measured again.
     */
    private static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    @Test
    void theUsersKneeIsThePoolsSizeAndTheHeldOutPointsArePredicted() throws Exception {
        // two points past the cap below the held-out ones, so that one point a slowed host takes away (a fresh-clone
        // CI lost 12 users of 1,2,3,4,6,8,12 and held out 6 and 8 on a line through 1..4) leaves the cap in the fit
        Knob users = Knob.parse("users=1,2,3,4,6,8,10,12");
        LabRunner.CompletedRun run = sweeper().sweep(study(WARM), Study.AS_IS, users, 0, out);

        SweepResult sweep = run.result().sweeps().getFirst();
        assertThat(run.result()
                        .experiments()
                        .getFirst()
                        .variants()
                        .getFirst()
                        .sizing()
                        .text("inputArguments")
                        .orElseThrow())
                .as("the study's JVM options, on every point's JVM")
                .contains(C1_ONLY);
        assertThat(sweep.points())
                .extracting(SweepPoint::value)
                .containsExactly(1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 10.0, 12.0);
        List<SweepPoint> clean =
                sweep.points().stream().filter(SweepPoint::clean).toList();
        String points = sweep.points().stream()
                .map(point -> String.format(
                        java.util.Locale.ROOT,
                        "%.0f users %.1f/s %s %s",
                        point.value(),
                        point.throughputPerSecond(),
                        point.verdict(),
                        point.why()))
                .collect(java.util.stream.Collectors.joining("; "));
        assertThat(clean)
                .as("points this machine's CPU did not decide: " + points)
                .hasSizeGreaterThanOrEqualTo(6);
        SweepFit fit = sweep.fit();
        // 4 connections: the knee at 4 users, within the 10 % a knee read between points 1 user apart may miss by
        assertThat(fit.knee().orElseThrow()).isCloseTo(4, within(0.4));
        assertThat(fit.peakPerSecond().orElseThrow())
                .isBetween(0.85 * 4 / (1.1 * HOLD_SECONDS), 1.02 * 4 / HOLD_SECONDS);
        // fitted on the points below the two highest, the cap is seen at least twice, and the highest get it too
        assertThat(fit.holdoutPoints()).isGreaterThanOrEqualTo(1);
        assertThat(fit.holdoutErrorPercent().orElseThrow())
                .as(points + "; " + fit.note())
                .isLessThan(10);
        assertThat(ResultsJson.read(run.directory()).sweeps().getFirst().fit().knee())
                .isEqualTo(fit.knee());
    }

    /** The fixture answers 400 to a POST without its JSON body or its header: each request sends both or fails. */
    @Test
    void aPropertyKnobStartsTheApplicationOncePerValue() throws Exception {
        Knob poolSize = Knob.parse(POOL_SIZE + "=2,8");
        Study placeOrders = Study.custom(FIXTURE)
                .path("/orders")
                .forks(1)
                .jvmOption(C1_ONLY)
                .stepLength(Duration.ofSeconds(2))
                .warmUp(4, Duration.ofSeconds(3))
                .request(RequestTemplate.custom()
                        .method("POST")
                        .header("X-Tenant", "acme")
                        .body("{\"item\": 7}")
                        .build())
                .build();
        LabRunner.CompletedRun run = sweeper().sweep(placeOrders, Study.AS_IS, poolSize, 8, out);

        List<VariantResult> variants = run.result().experiments().getFirst().variants();
        assertThat(variants).extracting(VariantResult::name).containsExactly("as-is@2", "as-is@8");
        SweepResult sweep = run.result().sweeps().getFirst();
        for (int i = 0; i < poolSize.values().size(); i++) {
            int size = poolSize.values().get(i);
            assertThat(variants.get(i)
                            .steps()
                            .getFirst()
                            .service()
                            .pools()
                            .get("hikari:HikariPool-1")
                            .max())
                    .isEqualTo(size);
            assertThat(sweep.points().get(i).failedShare())
                    .as("pool of " + size)
                    .isZero();
            // 8 users on P connections held 40 ms: P / 40 ms
            assertThat(sweep.points().get(i).throughputPerSecond())
                    .as("pool of " + size)
                    .isBetween(0.85 * size / (1.1 * HOLD_SECONDS), 1.02 * size / HOLD_SECONDS);
        }
        assertThat(sweep.load()).isEqualTo("8 users");
        assertThat(run.result().experiments().getFirst().title())
                .endsWith("POST /orders (1 header, a body of 11 bytes)");
    }

    private SweepRunner sweeper() {
        return new SweepRunner(HOME, JavaRuntime.current(), RunProgress.SILENT);
    }

    private static Study study(Duration warmUp) {
        return Study.custom(FIXTURE)
                .path("/orders/1")
                .forks(1)
                .jvmOption(C1_ONLY)
                .stepLength(Duration.ofSeconds(2))
                .warmUp(4, warmUp)
                .build();
    }
}
