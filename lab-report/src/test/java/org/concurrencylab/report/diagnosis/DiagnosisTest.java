package org.concurrencylab.report.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.ServiceProfile;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.step.WarmUpLoad;
import org.concurrencylab.results.usage.DatabaseUsage;
import org.concurrencylab.results.usage.PoolOccupancy;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

class DiagnosisTest {

    @Test
    void namesThePoolWorkingForTheRequestsNotThePoolWaitingOnItsFutures() {
        Map<String, Map<String, Double>> collapsed = Map.of(
                "common-pool", Map.of("SOCKET_READ", 7.0),
                "tomcat-workers", Map.of("FUTURE_WAIT", 190.0, "IDLE", 10.0),
                "jvm", Map.of("OTHER_WAIT", 6.0));
        ExperimentResult experiment = experiment(
                variant("common-pool", 50, 5000, collapsed),
                variant(
                        "dedicated-pool-400",
                        50,
                        52,
                        Map.of("fan-out-pool", Map.of("SOCKET_READ", 12.0, "IDLE", 388.0))));

        List<Diagnosis.Finding> findings = Diagnosis.of(experiment);

        assertThat(findings).singleElement().satisfies(finding -> {
            assertThat(finding.variant()).isEqualTo("common-pool");
            assertThat(finding.sentence())
                    .startsWith("common-pool is the bottleneck: 7 of its 7 threads")
                    .contains("7 blocked in a socket read")
                    .contains("tomcat-workers: 190 parked on a future, 10 idle")
                    .doesNotContain("jvm");
        });
    }

    @Test
    void anExperimentsPoolsThatCountThemselvesLeaveItsDiagnosisToTheStacks() {
        // Tomcat counts its workers over JMX in the lab's own services too; their steps are still judged by the
        // stack samples against the experiment's capacity model, not sized as a study's are
        Map<String, Map<String, Double>> collapsed = Map.of("common-pool", Map.of("SOCKET_READ", 7.0));
        VariantResult counted = variant("common-pool", 50, 5000, collapsed);
        StepResult heavy = StepResult.from(counted.steps().get(1))
                .pools(Map.of("tomcat-workers", new PoolOccupancy("threads", 200, 190, 200, 0.0, null, 50)))
                .build();
        VariantResult withPools = VariantResult.custom(counted.name())
                .summary(counted.summary())
                .origin(counted.origin())
                .cpus(counted.cpus())
                .status(counted.status())
                .steps(List.of(counted.steps().get(0), heavy))
                .build();

        assertThat(Diagnosis.of(experiment(withPools)))
                .singleElement()
                .satisfies(finding -> assertThat(finding.sentence()).startsWith("common-pool is the bottleneck"));
    }

    @Test
    void saysSoWhenNoPoolWasFullyTaken() {
        String sentence =
                Diagnosis.sentence(step("heavy", 500, Map.of("pi", Map.of("RUNNING_ON_CPU", 1.0, "IDLE", 3.0))));

        assertThat(sentence).startsWith("no pool had all its threads taken by requests");
    }

    @Test
    void namesTheDatabaseWhenMostOfItsSessionsWaitOnALockAndSaysWhereTheServicesCpuWent() {
        StepResult base = step("250 users", 3000, Map.of("tomcat-workers", Map.of("SOCKET_READ", 160.0)));
        StepResult locked = StepResult.from(base)
                .requests(new Requests(100, 80, 20, Map.of("TIMEOUT", 20L)))
                .database(new DatabaseUsage(8.8, 9, 10, 46, 0, List.of()))
                .profile(new ServiceProfile(
                        100, Map.of(), Map.of("org.springframework.util.DigestUtils.digest", 0.2), 40))
                .build();

        assertThat(Diagnosis.sentence(locked))
                .startsWith("the database is the bottleneck: 8.8 of its 10 connected sessions waited on a lock")
                .contains("46 transactions committed per second")
                .endsWith("the service's own CPU went most to DigestUtils.digest (20 % of its on-CPU samples)");
    }

    private static ExperimentResult experiment(VariantResult... variants) {
        return ExperimentResult.custom("fan-out", "t")
                .seed("s")
                .scale(0.15)
                .downstreamLatencyMillis(45)
                .warmUp(new WarmUpLoad(24, 60))
                .jit("c1")
                .variants(List.of(variants))
                .build();
    }

    private static VariantResult variant(
            String name, double loneMean, double loadedMean, Map<String, Map<String, Double>> pools) {
        return VariantResult.custom(name)
                .summary("s")
                .origin("seed")
                .cpus(8)
                .steps(List.of(step("lone", loneMean, Map.of()), step("heavy", loadedMean, pools)))
                .build();
    }

    private static StepResult step(String load, double mean, Map<String, Map<String, Double>> pools) {
        return StepResult.custom(load)
                .plan(LoadPlan.closed(1, 1, 1000, "keep-alive"))
                .client(
                        new Requests(10, 10, 0, Map.of()),
                        10,
                        new LatencyMillis(mean, mean, mean, mean, mean, mean),
                        1,
                        1)
                .littlesLaw(10, "m", 10)
                .threads(new Threads(10, Map.of(), List.of(), 20, pools))
                .process(ProcessUsage.custom()
                        .cpuSeconds(1)
                        .heapPeakBytes(1)
                        .voluntaryContextSwitches(OptionalLong.of(1))
                        .involuntaryContextSwitches(OptionalLong.of(1))
                        .jitCpuSeconds(OptionalDouble.of(0.01))
                        .serverRequests(10)
                        .serverMeanMillis(mean)
                        .build())
                .timeline(new Timeline(150, List.of()))
                .requestLog("x.csv")
                .build();
    }
}
