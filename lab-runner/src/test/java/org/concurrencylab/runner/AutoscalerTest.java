package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.Autoscaling;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.WarmUp;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantStatus;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.Autoscaled;
import org.concurrencylab.results.usage.ProcessCpu;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.junit.jupiter.api.Test;

/**
 * An autoscaler for real: blocking-io's Tomcat under 20 users for 3 s, with a rule that any CPU at all
 * exceeds (a request of a thousandth of a core), so it must ask for the second instance at its first
 * reading; the instance, started with the variant and standing by, joins, and the users that map to it
 * send it their requests, which its own CPU shows.
 */
class AutoscalerTest extends RealServicesTest {

    @Test
    void aRuleAboveItsTargetBringsTheStandingInstanceIntoTheLoad() throws Exception {
        Experiment blockingIo = Catalog.experiment("blocking-io").orElseThrow();
        Autoscaling anyCpu = Autoscaling.custom()
                .requestCores(0.001)
                .targetUtilization(0.5)
                .period(Duration.ofSeconds(2))
                .window(Duration.ZERO)
                .readinessDelay(Duration.ZERO)
                .maxInstances(2)
                .experimentSecondsPerArticleSecond(1.0 / 60)
                .build();
        Variant autoscaled = blockingIo.variant("mvc-tomcat-200").orElseThrow().toBuilder()
                .autoscaling(anyCpu)
                .build();
        // S = 0.05: D = 50 ms, the 60 s held 3 s, the rule read every 100 ms
        Experiment shortRun = shortened(
                        blockingIo,
                        0.05,
                        Duration.ofSeconds(30),
                        new WarmUp(4, 5),
                        List.of(new LoadStep.Held(20, Duration.ZERO, Duration.ofSeconds(60), Duration.ZERO)))
                .toBuilder()
                .variants(List.of(autoscaled))
                .build();

        ExperimentResult result = new LabRunner(HOME, JavaRuntime.current(), RunProgress.SILENT)
                .run(List.of(shortRun), RunOptions.defaults(out))
                .result()
                .experiments()
                .getFirst();

        assertThat(result.variants().getFirst().status()).isEqualTo(VariantStatus.OK);
        StepResult step = result.variants().getFirst().steps().getFirst();
        Autoscaled autoscaler = step.service().autoscaled();
        assertThat(autoscaler).isNotNull();
        assertThat(autoscaler.decisions()).first().satisfies(decision -> {
            assertThat(decision.from()).isEqualTo(1);
            assertThat(decision.to()).isEqualTo(2);
            // asked at a reading within the first few, joined within the 60 article seconds the users sent
            assertThat(decision.atSeconds()).isLessThan(10);
            assertThat(decision.answeredAtSeconds()).isNotNull().isLessThan(60);
        });
        assertThat(autoscaler.readings().getLast().instances()).isEqualTo(2);
        assertThat(autoscaler.mostInstances()).isEqualTo(2);
        // the joined instance served its users: its CPU in the step is several times what it used standing by
        ProcessCpu joined = step.machine().processes().stream()
                .filter(process -> process.name().equals("service-2"))
                .findFirst()
                .orElseThrow();
        assertThat(joined.cpuSeconds().orElseThrow())
                .isGreaterThan(Math.max(
                        0.1, 3 * joined.backgroundCores() * step.client().elapsedSeconds()));
    }
}
