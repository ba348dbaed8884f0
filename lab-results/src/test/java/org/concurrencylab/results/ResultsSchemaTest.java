package org.concurrencylab.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** results.json names its schema's version, and every older version still loads. */
class ResultsSchemaTest {

    @TempDir
    Path directory;

    @Test
    void aFileWrittenByMainBeforeTheLabRecordedAVersionStillLoads() throws IOException {
        // blocking-io's mvc-tomcat-20, written by c4de7b5 (version 1: no schemaVersion, no timeBudget)
        Path written = directory.resolve(ResultsJson.FILE_NAME);
        try (InputStream old = getClass().getResourceAsStream("/results-written-by-c4de7b5.json")) {
            Files.copy(old, written);
        }
        assertThat(Files.readString(written)).doesNotContain(ResultsSchema.FIELD);

        RunResult run = ResultsJson.read(directory);

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
    void whatTheLabWritesNamesTheCurrentVersionFirstAndReadsBackTheSame() throws IOException {
        Path old = directory.resolve("old");
        Files.createDirectories(old);
        try (InputStream in = getClass().getResourceAsStream("/results-written-by-c4de7b5.json")) {
            Files.copy(in, old.resolve(ResultsJson.FILE_NAME));
        }
        RunResult run = ResultsJson.read(old);
        Path again = directory.resolve("again");
        Files.createDirectories(again);

        ResultsJson.write(run, again);

        assertThat(Files.readString(again.resolve(ResultsJson.FILE_NAME)))
                .startsWith("{\n  \"" + ResultsSchema.FIELD + "\" : " + ResultsSchema.CURRENT + ",");
        assertThat(ResultsJson.read(again)).isEqualTo(run);
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
}
