package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.cpubound.PiWorkCost;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.VariantStatus;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.junit.jupiter.api.Test;

/**
 * The pi service for real, at S = 0.1: 30 requests of D x CPUs of calibrated CPU each, on Tomcat's 10
 * threads and on one thread per CPU. Both keep every core busy, so both must serve CPUs / (D x CPUs)
 * requests a second and spend about the same CPU on the same work; only the order of the answers
 * differs (batches of 10 on Tomcat's threads).
 */
class CpuBoundIntegrationTest extends RealServicesTest {

    @Test
    void tenThreadsAndOneThreadPerCpuDoTheSameWorkAtTheSpeedOfTheCores() throws Exception {
        Experiment cpuBound = Catalog.experiment("cpu-bound").orElseThrow();
        // twice the article's timeout: the 30 requests are 0.75 of it, and a first run on a fresh CI
        // machine once saw the cores slowed for a while; this test is about throughput, not timeouts
        Experiment patient = shortened(
                cpuBound,
                cpuBound.defaultScale(),
                cpuBound.requestTimeout().multipliedBy(2),
                cpuBound.warmUp(),
                cpuBound.steps());
        org.concurrencylab.results.RunResult run = new LabRunner(HOME, JavaRuntime.current(), RunProgress.SILENT)
                .run(
                        List.of(patient),
                        RunOptions.defaults(out).withScale(0.1).withVariants(List.of("no-scheduler", "parallel-cpus")))
                .result();
        ExperimentResult result = run.experiments().getFirst();

        assertThat(result.variants()).extracting(VariantResult::status).containsOnly(VariantStatus.OK);
        for (VariantResult variant : result.variants()) {
            StepResult step = variant.steps().getFirst();
            assertThat(step.client().requests().ok()).as(variant.name()).isEqualTo(30);
            // the calibration is one measurement of the series' speed, taken on an idle machine: 15 % above
            // covers its error. Below, a JVM's own rate spreads from the calibrating one's (a CI run: 57.5 % of
            // the calibrated bound), so the floor is the utilization law on the variant's own CPU per request:
            // the work kept the cores at least 70 % busy, whatever this JVM's speed
            double ownCpuPerRequest = step.service().process().cpuSeconds()
                    / step.client().requests().ok();
            double coresBound = Runtime.getRuntime().availableProcessors() / ownCpuPerRequest;
            assertThat(step.client().throughputPerSecond())
                    .as(variant.name() + " against " + step.bound().littlesLawModel())
                    .isBetween(0.7 * coresBound, 1.15 * step.bound().littlesLawPerSecond());
        }
        // each variant's CPU over what the same terms cost the lab's core-speed meter during its step: the JIT's CPU
        // depends on when each JVM compiles (a full test run once saw one whole process spend 1.73 times the other's),
        // and the host's speed on when each step ran (two CI runs: 2.16 and 1.7 times for the same terms without the
        // JIT, each JVM's rate at its start the same); local runs, 1 +- 0.1
        PiWorkCost tenThreads = cost(result, "no-scheduler");
        PiWorkCost perCpu = cost(result, "parallel-cpus");
        List<StepResult> slowed = result.variants().stream()
                .map(variant -> variant.steps().getFirst())
                .filter(step -> step.machine() != null && step.machine().coresSlowed())
                .toList();
        if (!slowed.isEmpty()) {
            // the lab's rule: a step whose host ran the cores slow (Defaults.CORES_SLOWED over enough of the meter's
            // samples) is machine-bound, and no CPU comparison is decided on it (Verdict.onSteps); a CI run saw one
            // read 1.34 times slower while the service spent the same CPU on the same terms as the other step. The
            // shortened experiment carries no claims: the catalog's own claim judges the run's figures again
            assertThat(org.concurrencylab.catalog.JudgedAgain.of(run)
                            .experiments()
                            .getFirst()
                            .claims())
                    .extracting(org.concurrencylab.catalog.JudgedAgain.Verdicts::now)
                    .filteredOn(claim -> claim.id().equals("context-switching-costs-cpu"))
                    .singleElement()
                    .as("the comparison on a step whose cores were slowed: %s against %s", tenThreads, perCpu)
                    .satisfies(claim -> assertThat(claim.status()).isEqualTo("not decided"));
            return;
        }
        assertThat(tenThreads.overReference() / perCpu.overReference())
                .as("the same work costs the same CPU: %s against %s", tenThreads, perCpu)
                .isBetween(0.75, 1.33);
    }

    private static PiWorkCost cost(ExperimentResult result, String variantName) {
        VariantResult variant = variant(result, variantName);
        return PiWorkCost.of(variant, variant.steps().getFirst());
    }
}
