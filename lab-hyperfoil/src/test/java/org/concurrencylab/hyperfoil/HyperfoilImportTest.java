package org.concurrencylab.hyperfoil;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.report.ReportFiles;
import org.concurrencylab.report.TerminalReport;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.step.StepResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A controller's statistics, as {@code /run/{id}/stats/total} answers them (one-second period edges, no
 * 95th percentile), through the import and the reports.
 */
class HyperfoilImportTest {

    private static final Experiment BLOCKING_IO =
            Catalog.experiment("blocking-io").orElseThrow();

    @TempDir
    Path directory;

    @Test
    void aControllersStatisticsBecomeOneStepOfTheLabsResults() throws IOException {
        HyperfoilStats stats = HyperfoilStats.read(resource("controller-stats-total.json"));
        LoadStep heavy = heavy(stats);

        RunResult run = HyperfoilImport.of(
                        stats,
                        BLOCKING_IO,
                        BLOCKING_IO.variant("mvc-tomcat-200").orElseThrow(),
                        heavy)
                .scale(0.4)
                .runId("imported")
                .build();

        StepResult step =
                run.experiments().getFirst().variants().getFirst().steps().getFirst();
        assertThat(step.load()).isEqualTo("100x10");
        assertThat(step.probed()).isFalse();
        assertThat(step.plan().driver()).isEqualTo("hyperfoil");
        // 990 answers, 4 of them invalid; 8 timeouts and 2 refused: 1000 sent, 986 ok, 14 failed
        assertThat(step.client().requests().ok()).isEqualTo(986);
        assertThat(step.client().requests().failed()).isEqualTo(14);
        assertThat(step.client().requests().failedByKind())
                .containsEntry("INVALID_STATUS", 4L)
                .containsEntry("TIMEOUT", 8L)
                .containsEntry("CONNECTION_ERROR", 2L);
        assertThat(step.client().elapsedSeconds()).isEqualTo(4.0);
        assertThat(step.client().throughputPerSecond()).isCloseTo(986 / 4.0, within(1e-9));
        assertThat(step.client().latencyMillis().p50()).isEqualTo(404.0);
        // p95 sits between p90 and p99 at log(20/10) / log(100/10) of the way
        assertThat(step.client().latencyMillis().p95()).isCloseTo(420 + 0.30103 * 80, within(0.01));
        assertThat(step.client().latencyMillis().max()).isEqualTo(530.0);
        assertThat(step.bound().littlesLawPerSecond()).isCloseTo(250, within(1e-6)); // 100 users / D of 400 ms
        assertThat(step.service().threads()).isNull();
        assertThat(run.experiments().getFirst().findings()).anyMatch(line -> line.contains("interpolated"));
    }

    @Test
    void claimsOnTheClientsFiguresAreDecidedAndTheOthersAreNotApplicable() throws IOException {
        HyperfoilStats stats = HyperfoilStats.read(resource("controller-stats-total.json"));

        RunResult run = HyperfoilImport.of(
                        stats,
                        BLOCKING_IO,
                        BLOCKING_IO.variant("mvc-tomcat-200").orElseThrow(),
                        heavy(stats))
                .scale(0.4)
                .build();

        // 246.5/s of the 250/s that 100 users allow at D = 400 ms: 98.6 % of C/D
        ClaimResult allUsers = run.experiments().getFirst().claims().stream()
                .filter(claim -> claim.text().contains("200 workers"))
                .findFirst()
                .orElseThrow();
        assertThat(allUsers.status()).isEqualTo("reproduced");
        assertThat(allUsers.evidence()).contains("hyperfoil");
        assertThat(run.experiments().getFirst().claims())
                .filteredOn(claim -> claim != allUsers)
                .allMatch(claim -> claim.status().equals("not applicable"));
    }

    @Test
    void theImportedRunPassesThroughTheReportsAndBack() throws IOException {
        HyperfoilStats stats = HyperfoilStats.read(resource("controller-stats-total.json"));
        RunResult run = HyperfoilImport.of(
                        stats,
                        BLOCKING_IO,
                        BLOCKING_IO.variant("mvc-tomcat-200").orElseThrow(),
                        heavy(stats))
                .scale(0.4)
                .build();

        ResultsJson.write(run, directory);
        RunResult read = ResultsJson.read(directory.resolve(ResultsJson.FILE_NAME));
        String terminal = TerminalReport.render(read);
        ReportFiles.Written reports = ReportFiles.write(read, directory);

        assertThat(terminal).contains("by hyperfoil").doesNotContain("Little's law");
        assertThat(Files.readString(reports.html())).contains("mvc-tomcat-200").doesNotContain("Live threads by pool");
        assertThat(read.experiments()
                        .getFirst()
                        .variants()
                        .getFirst()
                        .steps()
                        .getFirst()
                        .plan()
                        .driver())
                .isEqualTo("hyperfoil");
    }

    @Test
    void everyValueIsCheckedAgainstItsMeaningAndTheSizeReadIsBounded() throws IOException {
        String whole = Files.readString(resource("controller-stats-total.json"));
        Map<String, String> broken = new java.util.LinkedHashMap<>();
        broken.put("\"50.0\" : 404000000", "\"abc\" : 404000000");
        broken.put("\"requestCount\" : 1000", "\"requestCount\" : \"abc\"");
        broken.put("\"responseCount\" : 990", "\"responseCount\" : 1e23");
        broken.put("\"requestTimeouts\" : 8", "\"requestTimeouts\" : -8");
        broken.put("\"endTime\" : 1795409004000", "\"endTime\" : 9223372036854775807");
        broken.put("\"startTime\" : 1795409000000", "\"startTime\" : 1795409009000");
        broken.put("\"meanResponseTime\" : 410000000", "\"meanResponseTime\" : \"slow\"");
        broken.put("\"summary\" : {", "\"summary\" : 7, \"x\" : {");
        for (Map.Entry<String, String> value : broken.entrySet()) {
            assertThat(whole).contains(value.getKey());
            Path file = Files.writeString(
                    directory.resolve("broken.json"), whole.replace(value.getKey(), value.getValue()));
            assertThatThrownBy(() -> HyperfoilStats.read(file))
                    .as(value.getValue())
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith(file.toString())
                    .hasMessageNotContaining("\n");
        }
        Path sparse = directory.resolve("sparse.json");
        try (var channel = java.nio.channels.FileChannel.open(
                sparse,
                java.nio.file.StandardOpenOption.CREATE_NEW,
                java.nio.file.StandardOpenOption.WRITE,
                java.nio.file.StandardOpenOption.SPARSE)) {
            channel.write(java.nio.ByteBuffer.wrap(new byte[] {'{'}), 3L << 30);
        }
        assertThatThrownBy(() -> HyperfoilStats.read(sparse)).hasMessageContaining("the lab reads at most 64 MB");
    }

    @Test
    void statisticsWithoutTheirPercentilesOrRequestsAreRefused() throws IOException {
        String whole = Files.readString(resource("controller-stats-total.json"));
        Path noMedian = Files.writeString(directory.resolve("no-median.json"), whole.replace("\"50.0\"", "\"51.0\""));
        Path nothingSent = Files.writeString(
                directory.resolve("nothing.json"), whole.replace("\"requestCount\" : 1000", "\"requestCount\" : 0"));
        Path notJson = Files.writeString(directory.resolve("not.json"), "phases: []");

        assertThatThrownBy(() -> HyperfoilStats.read(noMedian)).hasMessageContaining("50.0th percentile");
        assertThatThrownBy(() -> HyperfoilStats.read(nothingSent)).hasMessageContaining("no requests");
        assertThatThrownBy(() -> HyperfoilStats.read(notJson)).hasMessageContaining("not JSON");
    }

    @Test
    void aVariantOfAnotherExperimentIsRefused() throws IOException {
        HyperfoilStats stats = HyperfoilStats.read(resource("controller-stats-total.json"));
        Experiment fanOut = Catalog.experiment("fan-out").orElseThrow();

        assertThatThrownBy(() ->
                        HyperfoilImport.of(stats, BLOCKING_IO, fanOut.variants().getFirst(), heavy(stats)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a step of blocking-io");
    }

    /** The step an exported benchmark's name stands for, as {@code ./lab import hyperfoil} finds it. */
    private static LoadStep heavy(HyperfoilStats stats) {
        return HyperfoilBenchmark.stepNamed(BLOCKING_IO, stats.name()).orElseThrow();
    }

    private static Path resource(String name) {
        return Path.of("src/test/resources").resolve(name);
    }
}
