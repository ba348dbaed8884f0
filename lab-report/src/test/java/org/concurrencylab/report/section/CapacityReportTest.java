package org.concurrencylab.report.section;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.capacity.CapacityCheck;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.capacity.ServiceCapacity;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.ProcessCpu;
import org.concurrencylab.results.usage.ProcessUsage;
import org.junit.jupiter.api.Test;

class CapacityReportTest {

    private static final String STEP = "4 users for 6s";

    /**
     * Spring Cloud Config's server on PostgreSQL, held to one core with the lab on the other, then on both: 0.153
     * and 0.184 ms of its own CPU a request, its cores taken from it 1.4 and 3.1 times a request (a run here).
     */
    @Test
    void aCoresCheckSaysWhatSharingTheCoresCostEachRequest() {
        ServiceCapacity model = ServiceCapacity.custom("as-is-on-1-core")
                .holdsFrom(STEP)
                .decidedAt(STEP, 5551)
                .serviceCpuMillis(0.153)
                .resources(List.of(new ResourceDemand(ResourceDemand.CORES, ResourceDemand.CORES, 2, 0.27, 7391, null)))
                .limit(ResourceDemand.CORES, 0.75)
                .build()
                .withCheck(CapacityCheck.custom("as-is")
                        .changed(CapacityCheck.CORES, 2)
                        .step(STEP)
                        .predicted(7391.3, "cores")
                        .measured(6024.5, "cores")
                        .build());
        ExperimentResult experiment = ExperimentResult.custom("config-server", "a study")
                .variants(List.of(variant("as-is-on-1-core", 5551, 0.153, 1.416), variant("as-is", 5334, 0.184, 3.123)))
                .capacity(List.of(model))
                .build();

        assertThat(CapacityReport.sharedCores(experiment, model))
                .contains("Per request, the service's own CPU was 0.153 ms on its cores alone and 0.184 ms sharing "
                        + "every core with the lab's processes (+20 %); the cores taken from it 1.4 and 3.1 times a "
                        + "request: the model takes a request's CPU as fixed, and here it depends on what shares the "
                        + "cores.");
        assertThat(CapacityReport.sharedCores(
                        experiment,
                        model.withCheck(CapacityCheck.custom("as-is-max-8")
                                .changed("server.tomcat.threads.max", 8)
                                .step(STEP)
                                .predicted(100, "users")
                                .measured(102, "users")
                                .build())))
                .as("a pool's check shares nothing")
                .isEmpty();
    }

    /** 2000/s keep 0.40 of 200 Tomcat workers busy: the 200 are enough, and no smaller size is advised. */
    @Test
    void aPoolAlreadyLargerThanTheRateNeedsIsNotAdvisedSmaller() {
        ServiceCapacity model = ServiceCapacity.custom("as-is")
                .holdsFrom(STEP)
                .decidedAt(STEP, 3253)
                .serviceCpuMillis(0.28)
                .resources(List.of(
                        new ResourceDemand(ResourceDemand.CORES, ResourceDemand.CORES, 2, 0.39, 5128, null),
                        new ResourceDemand(
                                "tomcat-workers",
                                ResourceDemand.POOL,
                                200,
                                0.20,
                                1_000_000,
                                "server.tomcat.threads.max"),
                        new ResourceDemand(
                                "hikari:HikariPool-1",
                                ResourceDemand.POOL,
                                1,
                                0.31,
                                3226,
                                "spring.datasource.hikari.maximum-pool-size",
                                0.10)))
                .limit("hikari:HikariPool-1", 1)
                .build();
        String sentence = CapacityReport.projected(
                model,
                org.concurrencylab.capacity.CapacityProjector.onto(
                        model, org.concurrencylab.results.capacity.CapacityTarget.parse("cpus=8,rate=4000")));

        assertThat(sentence)
                .contains("tomcat-workers 1 (0.80 in use; its 200 are enough)")
                .contains("hikari:HikariPool-1 2 (1.24 in use; spring.datasource.hikari.maximum-pool-size=2)");
    }

    private static VariantResult variant(String name, double perSecond, double serviceMillis, double preemptions) {
        long requests = Math.round(perSecond * 6);
        StepResult step = StepResult.custom(STEP)
                .client(
                        new Requests(requests, requests, 0, Map.of()),
                        perSecond,
                        new org.concurrencylab.results.step.LatencyMillis(0.7, 0.7, 0.7, 0.7, 0.7, 0.7),
                        6,
                        4)
                .machine(MachineUsage.custom()
                        .cores(2)
                        .idleShare(OptionalDouble.of(0.1))
                        .processes(List.of(new ProcessCpu(
                                "service",
                                name,
                                OptionalDouble.of(requests * serviceMillis / 1000),
                                0,
                                OptionalDouble.of(serviceMillis),
                                OptionalDouble.empty())))
                        .cpuMillisPerRequest(serviceMillis)
                        .cpuBoundModel("")
                        .machineShare(0)
                        .verdict(MachineUsage.CLEAN)
                        .build())
                .process(ProcessUsage.custom()
                        .cpuSeconds(0)
                        .heapPeakBytes(0)
                        .voluntaryContextSwitches(OptionalLong.of(0))
                        .involuntaryContextSwitches(OptionalLong.of(Math.round(preemptions * requests)))
                        .jitCpuSeconds(OptionalDouble.of(0))
                        .serverRequests(requests)
                        .serverMeanMillis(0)
                        .build())
                .build();
        return VariantResult.custom(name)
                .origin("")
                .cpus(2)
                .steps(List.of(step))
                .build();
    }
}
