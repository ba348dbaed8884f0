package org.concurrencylab.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.concurrencylab.results.step.StepResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** results.json names its schema's version, and every older version still loads. */
class ResultsSchemaTest {

    @TempDir
    Path directory;

    @Test
    void aFileWrittenByMainBeforeTheLabRecordedAVersionStillLoads() throws IOException {
        // blocking-io's mvc-tomcat-20, written by c4de7b5 (version 1: no schemaVersion, no timeBudget)
        Path old = runWrittenBy("c4de7b5", "old");
        assertThat(Files.readString(old.resolve(ResultsJson.FILE_NAME))).doesNotContain(ResultsSchema.FIELD);

        RunResult run = ResultsJson.read(old);

        assertThat(run.run().jdk()).isNotBlank();
        assertThat(run.run().timeBudget())
                .as("unknown in a file written before it")
                .isNull();
        assertThat(run.experiments()).singleElement().satisfies(experiment -> {
            assertThat(experiment.name()).isEqualTo("blocking-io");
            assertThat(experiment.variants())
                    .singleElement()
                    .satisfies(variant -> assertThat(variant.steps()).hasSize(2));
            assertThat(experiment.claims()).isNotEmpty();
        });
    }

    @Test
    void aFileOfVersion3ReadsItsMinusOnesAsUnknown() throws IOException {
        // blocking-io's mvc-tomcat-20 and -200, stopped after them, written by 855f9f0 (version 3): -1 pins
        Path old = runWrittenBy("855f9f0", "old");
        assertThat(Files.readString(old.resolve(ResultsJson.FILE_NAME)))
                .contains("\"schemaVersion\" : 3", "\"virtualThreadPins\" : -1");

        List<StepResult> steps = ResultsJson.read(old).experiments().getFirst().variants().stream()
                .flatMap(variant -> variant.steps().stream())
                .toList();

        assertThat(steps).hasSize(4).allSatisfy(step -> {
            assertThat(step.service().process().virtualThreadPins())
                    .as("nothing counted them")
                    .isEmpty();
            assertThat(step.service().process().jitCpuSeconds()).as("measured").isPresent();
            assertThat(step.machine().idleShare()).as("measured").isPresent();
            assertThat(step.service().threads().samples())
                    .allSatisfy(sample -> assertThat(sample.virtualMounted())
                            .as("the JDK told: none")
                            .hasValue(0));
        });
    }

    @Test
    void version3To4TurnsEveryUnknownFigureIntoNullAndLeavesMeasuredOnesAlone() throws IOException {
        ObjectNode root = (ObjectNode) JsonMapper.builder().build().readTree("""
                {"schemaVersion": 3, "run": {}, "experiments": [{"capacity": [{"serviceCpuMillis": -1}], "variants": [{"steps": [{
                  "process": {"cpuSeconds": 1.5, "voluntaryContextSwitches": -1, "jitCpuSeconds": -1.0,
                              "virtualThreadPins": 0},
                  "downstream": {"meanMillis": 301, "aloneMeanMillis": "NaN", "cpuSeconds": 0.2,
                                 "holds": {"hot-row": {"count": 4, "meanMillis": 21.5, "aloneMeanMillis": "NaN"}}},
                  "machine": {"idleShare": -1, "cpuMillisPerRequest": 1.2, "cpuBoundPerSecond": -1,
                              "processes": [{"role": "service", "cpuSeconds": -1, "cpuMillisPerRequest": -1,
                                             "runQueueWaitSeconds": 0.3}]}}]}]}]}
                """);

        JsonNode experiment = ResultsSchema.upgrade(root, directory).at("/experiments/0");
        JsonNode step = experiment.at("/variants/0/steps/0");

        assertThat(experiment.at("/capacity/0/serviceCpuMillis").isNull()).isTrue();

        assertThat(step.at("/process/voluntaryContextSwitches").isNull()).isTrue();
        assertThat(step.at("/process/jitCpuSeconds").isNull()).isTrue();
        assertThat(step.at("/process/virtualThreadPins").asLong())
                .as("none counted is a count")
                .isZero();
        assertThat(step.at("/process/cpuSeconds").asDouble()).isEqualTo(1.5);
        assertThat(step.at("/downstream/aloneMeanMillis").isNull()).isTrue();
        assertThat(step.at("/downstream/holds/hot-row/aloneMeanMillis").isNull())
                .isTrue();
        assertThat(step.at("/machine/idleShare").isNull()).isTrue();
        assertThat(step.at("/machine/cpuBoundPerSecond").isNull()).isTrue();
        assertThat(step.at("/machine/cpuMillisPerRequest").asDouble())
                .as("c is not a process's")
                .isEqualTo(1.2);
        assertThat(step.at("/machine/processes/0/cpuSeconds").isNull()).isTrue();
        assertThat(step.at("/machine/processes/0/cpuMillisPerRequest").isNull()).isTrue();
        assertThat(step.at("/machine/processes/0/runQueueWaitSeconds").asDouble())
                .isEqualTo(0.3);
    }

    @Test
    void whatTheLabWritesNamesTheCurrentVersionFirstAndReadsBackTheSame() throws IOException {
        RunResult run = ResultsJson.read(runWrittenBy("c4de7b5", "old"));
        Path again = Files.createDirectories(directory.resolve("again"));

        ResultsJson.write(run, again);

        assertThat(Files.readString(again.resolve(ResultsJson.FILE_NAME)))
                .startsWith("{\n  \"" + ResultsSchema.FIELD + "\" : " + ResultsSchema.CURRENT + ",");
        assertThat(ResultsJson.read(again)).isEqualTo(run);
    }

    @Test
    void aFileWrittenBeforeAStepHadPartsReadsIntoThemAndWritesBackTheSameNames() throws IOException {
        // blocking-io's mvc-tomcat-20 and legacy-chain's legacy, written by b0536d8 (version 5), when StepResult
        // was one flat record
        Path old = runWrittenBy("b0536d8", "old");

        RunResult run = ResultsJson.read(old);

        List<StepResult> steps = run.experiments().stream()
                .flatMap(experiment -> experiment.variants().stream())
                .flatMap(variant -> variant.steps().stream())
                .toList();
        assertThat(steps).hasSize(3).allSatisfy(step -> {
            assertThat(step.client().requests().sent()).isPositive();
            assertThat(step.client().latencyMillis().p95()).isPositive();
            assertThat(step.client().timeline().points()).isNotEmpty();
            assertThat(step.bound().littlesLawPerSecond()).isPositive();
            assertThat(step.service().threads().peakLive()).isPositive();
            assertThat(step.service().process().cpuSeconds()).isPositive();
            assertThat(step.machine().processes()).isNotEmpty();
        });
        StepResult legacy = steps.getLast();
        assertThat(legacy.service().database().peakOpenSessions()).isPositive();
        assertThat(legacy.service().downstream().requests()).isPositive();
        assertThat(legacy.service().services()).isNotEmpty();

        Path again = Files.createDirectories(directory.resolve("again"));
        ResultsJson.write(run, again);
        JsonMapper json = JsonMapper.builder().build();
        JsonNode before = json.readTree(Files.readString(old.resolve(ResultsJson.FILE_NAME)));
        JsonNode after = json.readTree(Files.readString(again.resolve(ResultsJson.FILE_NAME)));
        for (String variant : List.of("/experiments/0/variants/0/steps", "/experiments/1/variants/0/steps")) {
            for (int i = 0; i < before.at(variant).size(); i++) {
                // the names it had, and those version 6 added beside them
                java.util.Set<String> added =
                        new java.util.TreeSet<>(after.at(variant).get(i).propertyNames());
                added.removeAll(before.at(variant).get(i).propertyNames());
                assertThat(after.at(variant).get(i).propertyNames())
                        .as("%s/%d's names", variant, i)
                        .containsAll(before.at(variant).get(i).propertyNames());
                assertThat(added)
                        .as("%s/%d's new names", variant, i)
                        .isSubsetOf("throughputPerSecondInterval", "throughputSpreadWithinForks");
            }
        }
    }

    @Test
    void aFileOfANewerVersionIsRefusedInOneLine() throws IOException {
        Files.writeString(
                directory.resolve(ResultsJson.FILE_NAME), "{\"schemaVersion\": 99, \"run\": {}, \"experiments\": []}");
        assertThatThrownBy(() -> ResultsJson.read(directory))
                .isInstanceOf(ResultsJson.NotResults.class)
                .hasMessageEndingWith("was written by a newer lab (results schema 99); this one reads up to "
                        + ResultsSchema.CURRENT);
    }

    /** A run directory named {@code name} holding the results file the given commit of main wrote. */
    private Path runWrittenBy(String commit, String name) throws IOException {
        Path run = Files.createDirectories(directory.resolve(name));
        try (InputStream written = getClass().getResourceAsStream("/results-written-by-" + commit + ".json")) {
            Files.copy(written, run.resolve(ResultsJson.FILE_NAME));
        }
        return run;
    }
}
