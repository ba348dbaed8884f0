package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Origin;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.WarmUp;
import org.concurrencylab.catalog.model.CapacityModel;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.VariantStatus;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.ProcessCpu;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.junit.jupiter.api.Test;

/**
 * Real service JVMs, real HTTP on loopback, at a time scale of 0.15 (D = 150 ms) so that it runs in
 * about a minute, with siege's new connection per request. Throughput is held to the Little's-law
 * bound of each variant: it may not beat it (2 % for clock granularity), and on a step the lab judged
 * clean (its own CPU model leaves the bound within 2 %, the JIT quiet) it must come within 5 % of it,
 * which still fails if a pool had the wrong size or the loops took connections other than in turn.
 * A step the lab judged machine-bound is held to 15 %: on a shared 2-core CI machine it may be.
 *
 * <p>Each request here takes some 4.5 ms beyond D whatever the load, which the CPU model does not count: about 2
 * ms in the service (ab and wrk read 101.5 to 102 ms at D = 100 ms, with and without a new connection), the rest
 * in the lab's driver, 10 threads each making a new connection. At S = 0.1 that alone is 4.5 % of D, and the
 * 10-user step read 94.8 to 95.7 % of its bound, clean, in four runs once c no longer counted the lab's JIT (it
 * had read machine-bound only for the compilers' CPU its c then held); at 0.2, 97.0 and 97.7 %.
 */
class BlockingIoIntegrationTest extends RealServicesTest {

    @Test
    void tomcatWorkersAndBlockedEventLoopsReachTheirPhysicalBound() throws Exception {
        Experiment experiment = Catalog.experiment("blocking-io").orElseThrow();
        LabRunner runner = new LabRunner(HOME, JavaRuntime.current(), RunProgress.SILENT);

        LabRunner.CompletedRun run = runner.run(
                List.of(experiment),
                RunOptions.defaults(out)
                        .withScale(0.15)
                        .withCpus(8)
                        .withVariants(List.of("mvc-tomcat-20", "webflux-netty-blocking")));

        ExperimentResult result = run.result().experiments().getFirst();
        assertThat(result.variants()).extracting(VariantResult::status).containsOnly(VariantStatus.OK);
        for (VariantResult variant : result.variants()) {
            for (StepResult step : variant.steps()) {
                assertThat(step.client().requests().failed())
                        .as(variant.name() + " " + step.load() + " failures")
                        .isZero();
                double lowest = step.machineBound() ? 0.85 : 0.95;
                if (variant.name().equals("webflux-netty-blocking")
                        && step.load().equals("10x10")) {
                    // 10 users' new connections on 8 loops in turn: 13 D at best, 15 D when turns land on busy
                    // loops, which the lab cannot order; beyond that the request path's share as for every step
                    // (measured on a slower VM: c = 4 ms at D = 100 ms, machine-bound, 77.4 % of the 13 D bound)
                    lowest = (step.machineBound() ? 0.85 : 0.9) * 13 / CapacityModel.roundRobinElapsedInD(10, 10, 8);
                } else if (variant.name().equals("webflux-netty-blocking")) {
                    // 100 users: the bound is the turns' best case too (125 D), and a turn that lands on a busy loop
                    // costs it as at 10 users (measured on a clean step here: 94.8 % of it)
                    lowest = step.machineBound() ? 0.85 : 0.9;
                }
                assertThat(step.client().throughputPerSecond())
                        .as(variant.name() + " " + step.load() + " against "
                                + step.bound().littlesLawModel()
                                + (step.machineBound()
                                        ? ", machine-bound: " + step.machine().why()
                                        : ", clean"))
                        .isBetween(
                                lowest * step.bound().littlesLawPerSecond(),
                                1.02 * step.bound().littlesLawPerSecond());
                assertThat(step.plan().connections()).isEqualTo("new-per-request");
                assertThat(step.machine().processes())
                        .extracting(ProcessCpu::role)
                        .containsExactly("driver", "service");
                assertThat(step.machine().cpuMillisPerRequest()).as("c").isPositive();
                assertThat(Files.readAllLines(
                                run.directory().resolve(step.client().requestLog())))
                        .hasSize(step.plan().users() * step.plan().repetitions() + 1);
            }
        }
        VariantResult tomcat = variant(result, "mvc-tomcat-20");
        assertThat(tomcat.sizing().entries())
                .containsEntry("availableProcessors", 8)
                .containsEntry("tomcatMaxThreads", 20);
        assertThat(step(tomcat, "100x10").service().threads().peakByPool()).containsEntry("tomcat-workers", 20);
        VariantResult netty = variant(result, "webflux-netty-blocking");
        assertThat(netty.sizing().entries()).containsEntry("nettyEventLoops", 8);
        assertThat(step(netty, "100x10").service().threads().peakByPool()).containsEntry("netty-event-loops", 8);
        // a new connection per request goes to each of the 8 loops in turn: 8 per D, 125 D for 1000 requests
        assertThat(step(netty, "100x10").bound().littlesLawPerSecond()).isCloseTo(8 / 0.15, within(1e-9));
        assertThat(result.claims())
                .filteredOn(claim -> claim.id().equals("tomcat-20-queues"))
                .singleElement()
                .satisfies(claim -> assertThat(claim.status()).isEqualTo("reproduced"));
        assertThat(ResultsJson.read(run.directory())).isEqualTo(run.result());
    }

    @Test
    void aVariantThatCannotStartIsReportedAndTheOthersStillRun() throws Exception {
        Map<String, String> broken = new LinkedHashMap<>();
        broken.put("spring.main.web-application-type", "no-such-stack");
        Map<String, String> working = new LinkedHashMap<>();
        working.put("spring.main.web-application-type", "servlet");
        working.put("lab.handler", "blocking");
        CapacityModel unbounded = new CapacityModel.Unbounded("test");
        Experiment experiment = Experiment.custom("startup-failure")
                .service("blocking-io-service", "/value")
                .downstreamLatency(Duration.ofMillis(20))
                .requestTimeout(Duration.ofSeconds(5))
                .cpus(2)
                .scale(1.0)
                .warmUp(new WarmUp(2, 5))
                .steps(new LoadStep.Closed(2, 2))
                .variants(List.of(
                        Variant.custom("broken", "does not start")
                                .origin(Origin.MODERN)
                                .properties(broken)
                                .capacity(unbounded)
                                .build(),
                        Variant.custom("working", "starts")
                                .origin(Origin.MODERN)
                                .properties(working)
                                .capacity(unbounded)
                                .build()))
                .build();

        org.concurrencylab.results.RunResult run = new LabRunner(HOME, JavaRuntime.current(), RunProgress.SILENT)
                .run(List.of(experiment), RunOptions.defaults(out))
                .result();
        ExperimentResult result = run.experiments().getFirst();

        // no start-up cache is trained for a stack Boot does not know: that training start would fail as well
        // (a training takes seconds; looking the type up, none)
        assertThat(run.run().timeBudget().byVariant().get("startup-failure/broken"))
                .hasEntrySatisfying(
                        "start-up cache training",
                        seconds -> assertThat(seconds).isLessThan(1.0));
        VariantResult failed = variant(result, "broken");
        assertThat(failed.status()).isEqualTo(VariantStatus.FAILED);
        assertThat(failed.failure()).contains("web-application-type");
        assertThat(variant(result, "working").status()).isEqualTo(VariantStatus.OK);
        assertThat(step(variant(result, "working"), "2x2").client().requests().ok())
                .isEqualTo(4);
    }

    private static StepResult step(VariantResult variant, String load) {
        return variant.steps().stream()
                .filter(step -> step.load().equals(load))
                .findFirst()
                .orElseThrow();
    }
}
