package org.concurrencylab.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.results.step.Arrivals;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.SeedFigure;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.step.TimelinePoint;
import org.concurrencylab.results.step.WarmUpLoad;
import org.concurrencylab.results.usage.CoreSpeed;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.ProcessCpu;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.ThreadSample;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Outside tools read results.json by these names: renaming one is a breaking change. */
class ResultsJsonTest {

    @TempDir
    Path directory;

    @Test
    void writesTheDocumentedNamesAndReadsThemBack() throws Exception {
        RunResult run = oneStepRun(new DownstreamUsage(
                40,
                301,
                OptionalDouble.of(300.5),
                30,
                0.2,
                java.util.Map.of("hot-row", new DownstreamUsage.Held(40, 21.5, OptionalDouble.of(21.1)))));
        Path file = ResultsJson.write(run, directory);
        JsonNode json = JsonMapper.builder().build().readTree(Files.readString(file));

        for (String name : List.of("scale", "machineCpus", "jdk", "springBoot")) {
            assertThat(json.get("run").has(name)).as("run." + name).isTrue();
        }
        JsonNode experiment = json.get("experiments").get(0);
        assertThat(experiment.get("name").asString()).isEqualTo("blocking-io");
        JsonNode variantJson = experiment.get("variants").get(0);
        assertThat(variantJson.get("name").asString()).isEqualTo("mvc-tomcat-200");
        assertThat(variantJson.get("cpus").asInt()).isEqualTo(8);
        JsonNode stepJson = variantJson.get("steps").get(0);
        for (String name : List.of(
                "load", "requests", "throughputPerSecond", "latencyMillis", "littlesLawPerSecond", "threads", "seed")) {
            assertThat(stepJson.has(name)).as("steps[]." + name).isTrue();
        }
        // a step's parts (client, bound, service) stand flat in the file, under the names it always had
        for (String name : List.of(
                "elapsedSeconds",
                "meanInFlight",
                "arrivals",
                "timeline",
                "requestLog",
                "byRequest",
                "littlesLawModel",
                "machineLittlesLawPerSecond",
                "process",
                "pools",
                "services",
                "downstream",
                "database",
                "profile",
                "autoscaled")) {
            assertThat(stepJson.has(name)).as("steps[]." + name).isTrue();
        }
        assertThat(stepJson.has("client") || stepJson.has("bound") || stepJson.has("service"))
                .as("a step's parts nested in the file")
                .isFalse();
        for (String name : List.of("sent", "ok", "failed")) {
            assertThat(stepJson.get("requests").has(name))
                    .as("requests." + name)
                    .isTrue();
        }
        for (String name : List.of("mean", "p50", "p90", "p95", "p99", "max")) {
            assertThat(stepJson.get("latencyMillis").has(name))
                    .as("latencyMillis." + name)
                    .isTrue();
        }
        assertThat(stepJson.get("threads").has("peakLive")).isTrue();
        assertThat(stepJson.get("plan").get("connections").asString()).isEqualTo("new-per-request");
        for (String name : List.of(
                "cores",
                "idleShare",
                "processes",
                "cpuMillisPerRequest",
                "cpuBoundPerSecond",
                "cpuBoundModel",
                "machineShare",
                "verdict",
                "why",
                "coreSpeed")) {
            assertThat(stepJson.get("machine").has(name)).as("machine." + name).isTrue();
        }
        assertThat(stepJson.get("machine").get("processes").get(0).get("role").asString())
                .isEqualTo("driver");
        assertThat(stepJson.get("threads").has("peakByPool")).isTrue();
        JsonNode claim = experiment.get("claims").get(0);
        for (String name : List.of("id", "text", "status", "evidence")) {
            assertThat(claim.has(name)).as("claims[]." + name).isTrue();
        }
        assertThat(ResultsJson.read(directory)).isEqualTo(run);
    }

    @Test
    void aFigureAddedSinceAFileWasWrittenReadsAsUnknownAndNotMeasuredRoundTrips() throws Exception {
        RunResult run = oneStepRun(new DownstreamUsage(40, 301, OptionalDouble.empty(), 30, 0.2, Map.of()));
        String whole = Files.readString(ResultsJson.write(run, directory));
        assertThat(ResultsJson.read(directory)).isEqualTo(run);

        Files.writeString(
                directory.resolve(ResultsJson.FILE_NAME),
                whole.replaceAll("\"aloneMeanMillis\" : [^,]+,", "")
                        .replaceAll("\"runQueueWaitSeconds\" : [^,\\s}]+,", "")
                        .replaceAll("\"coreSpeed\" : \\{[^}]*},", ""));
        StepResult step = ResultsJson.read(directory)
                .experiments()
                .getFirst()
                .variants()
                .getFirst()
                .steps()
                .getFirst();

        assertThat(step.service().downstream().aloneMeanMillis()).isEmpty();
        assertThat(step.machine().processes())
                .extracting(ProcessCpu::runQueueWaitSeconds)
                .containsOnly(OptionalDouble.empty());
        assertThat(step.machine().coreSpeed()).isNull();
    }

    private static RunResult oneStepRun(DownstreamUsage downstream) {
        StepResult step = StepResult.custom("100x10")
                .plan(LoadPlan.closed(100, 10, 3000, "new-per-request"))
                .client(
                        new Requests(1000, 998, 2, Map.of("TIMEOUT", 2L)),
                        97.5,
                        new LatencyMillis(102, 101, 104, 105, 110, 130),
                        10.3,
                        99.1)
                .littlesLaw(100, "C/D", 100)
                .threads(new Threads(
                        120,
                        Map.of("tomcat-workers", 100),
                        List.of(new ThreadSample(0, 120, Map.of(), Map.of(), OptionalLong.empty(), 1)),
                        1,
                        Map.of("tomcat-workers", Map.of("SLEEPING", 100.0))))
                .process(ProcessUsage.custom()
                        .cpuSeconds(1.5)
                        .heapPeakBytes(1000)
                        .voluntaryContextSwitches(OptionalLong.of(10))
                        .involuntaryContextSwitches(OptionalLong.of(5))
                        .jitCpuSeconds(OptionalDouble.of(0.2))
                        .serverRequests(1000)
                        .serverMeanMillis(101)
                        .build())
                .arrivals(new Arrivals(20, 19.99, 0.1, 0.5, 2, 0))
                .timeline(new Timeline(
                        150,
                        List.of(TimelinePoint.custom()
                                .atSeconds(0)
                                .started(20)
                                .completed(19)
                                .failed(1)
                                .latencyMillisP50(300)
                                .latencyMillisP95(310)
                                .latencyMillisMax(320)
                                .liveByPool(Map.of("tomcat-workers", 12))
                                .build())))
                .downstream(downstream)
                .machine(MachineUsage.custom()
                        .cores(2)
                        .idleShare(OptionalDouble.of(0.4))
                        .processes(List.of(
                                new ProcessCpu(
                                        "driver",
                                        "lab",
                                        OptionalDouble.of(0.5),
                                        0.01,
                                        OptionalDouble.of(0.5),
                                        OptionalDouble.of(0.1)),
                                new ProcessCpu(
                                        "service",
                                        "service",
                                        OptionalDouble.of(1.0),
                                        0.02,
                                        OptionalDouble.of(1.0),
                                        OptionalDouble.of(0.3))))
                        .cpuMillisPerRequest(1.5)
                        .cpuBoundPerSecond(OptionalDouble.of(95.0))
                        .cpuBoundModel("model")
                        .machineShare(0.05)
                        .verdict(MachineUsage.MACHINE_BOUND)
                        .why("the CPU")
                        .coreSpeed(new CoreSpeed(1.6, 1.04, 42))
                        .build())
                .seed(new SeedFigure("article: A", 99.4, 1000.0, null, null))
                .requestLog("requests/x.csv")
                .build();
        // how the warm-up ended reads back as written: a count of requests as the int a JSON number reads as
        Map<String, Object> sizing = new java.util.LinkedHashMap<>(VariantResult.warmUpSizing(2.0, false, 130L));
        sizing.put("nettyEventLoops", 8);
        VariantResult variant = VariantResult.custom("mvc-tomcat-200")
                .summary("s")
                .origin("seed")
                .cpus(8)
                .sizing(sizing)
                .properties(Map.of("k", "v"))
                .steps(List.of(step))
                .build();
        return new RunResult(
                RunInfo.custom("r1")
                        .scale(0.15)
                        .machineCpus(2)
                        .platform("25", "4.1.1", "Linux")
                        .planned(List.of("blocking-io"), "a")
                        .finishedAt("b")
                        .build(),
                List.of(ExperimentResult.custom("blocking-io", "t")
                        .seed("seed.txt")
                        .scale(0.15)
                        .downstreamLatencyMillis(150)
                        .warmUp(new WarmUpLoad(100, 5))
                        .jit("c1")
                        .variants(List.of(variant))
                        .claims(List.of(new ClaimResult("c", "text", "reproduced", "numbers")))
                        .findings(List.of("a finding"))
                        .build()));
    }

    @Test
    void aFileThatIsNotACompleteRunIsRefusedWithOneSentence() throws Exception {
        for (String content : List.of("", "{}", "[]", "{\"run\": {\"id\": \"r1\", \"scale\": 0.4", "not json")) {
            Files.writeString(directory.resolve(ResultsJson.FILE_NAME), content);

            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ResultsJson.read(directory))
                    .as("content %s", content)
                    .isInstanceOf(ResultsJson.NotResults.class)
                    .hasMessageContaining("is not a lab run's results")
                    .satisfies(e -> assertThat(e.getMessage().lines()).hasSize(1));
        }
    }

    @Test
    void valuesThatMeanNothingAreRefusedByNameInOneLine() throws Exception {
        RunResult run = new RunResult(
                RunInfo.custom("r1")
                        .scale(0.15)
                        .machineCpus(2)
                        .platform("25", "4.1.1", "Linux")
                        .planned(List.of("blocking-io"), "a")
                        .finishedAt("b")
                        .build(),
                List.of(ExperimentResult.custom("blocking-io", "t")
                        .seed("seed.txt")
                        .scale(0.15)
                        .downstreamLatencyMillis(150)
                        .warmUp(new WarmUpLoad(100, 5))
                        .jit("c1")
                        .build()));
        String whole = Files.readString(ResultsJson.write(run, directory));
        Map<String, String> broken = Map.of(
                "\"scale\" : 0.15,\n    \"machineCpus\"", "\"scale\" : 1e999,\n    \"machineCpus\"",
                "\"machineCpus\" : 2", "\"machineCpus\" : 0",
                "\"jdk\" : \"25\",", "",
                "\"downstreamLatencyMillis\" : 150.0", "\"downstreamLatencyMillis\" : -1");
        for (Map.Entry<String, String> value : broken.entrySet()) {
            assertThat(whole).contains(value.getKey());
            Files.writeString(
                    directory.resolve(ResultsJson.FILE_NAME), whole.replace(value.getKey(), value.getValue()));

            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ResultsJson.read(directory))
                    .as(value.getValue())
                    .isInstanceOf(ResultsJson.NotResults.class)
                    .hasMessageContaining("is not a lab run's results as the lab writes them")
                    .satisfies(e -> assertThat(e.getMessage().lines()).hasSize(1));
        }
    }

    @Test
    void writingReplacesTheFileInOneStepAndLeavesNothingElse() throws Exception {
        RunResult partial = new RunResult(
                RunInfo.custom("r1")
                        .scale(0.4)
                        .machineCpus(2)
                        .platform("25", "4.1.1", "Linux")
                        .planned(List.of("blocking-io", "cpu-bound"), "a")
                        .unfinished()
                        .build(),
                List.of());

        ResultsJson.write(partial, directory);
        ResultsJson.write(partial, directory);

        try (var files = Files.list(directory)) {
            assertThat(files.map(file -> file.getFileName().toString()).toList())
                    .containsExactly(ResultsJson.FILE_NAME);
        }
        RunResult read = ResultsJson.read(directory);
        assertThat(read.run().partial()).isTrue();
        assertThat(read.run().missing(read.experiments())).containsExactly("blocking-io", "cpu-bound");
    }
}
