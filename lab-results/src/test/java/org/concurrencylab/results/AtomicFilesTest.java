package org.concurrencylab.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A disk that fills up midway: the file's old content or nothing, and one message with the path and the cause. */
class AtomicFilesTest {

    @TempDir
    Path directory;

    @Test
    void aWriteThatFailsMidwayLeavesNothingUnderEitherNameAndSaysWhereAndWhy() {
        Path csv = directory.resolve("requests").resolve("100x10.csv");

        assertThatThrownBy(() -> AtomicFiles.write(csv, out -> {
                    out.write("user,sequence\n1,1\n".getBytes(StandardCharsets.UTF_8));
                    throw new IOException("No space left on device");
                }))
                .isInstanceOf(WriteFailed.class)
                .hasMessage("could not write " + csv + ": No space left on device");

        assertThat(csv).doesNotExist();
        assertThat(csv.getParent()).isEmptyDirectory();
    }

    @Test
    void aFailedRewriteKeepsThePreviousWholeFile() throws IOException {
        Path results = AtomicFiles.writeString(directory.resolve("results.json"), "{\"complete\":true}");

        assertThatThrownBy(() -> AtomicFiles.write(results, out -> {
                    out.write('{');
                    // as Jackson 3 reports a failed stream: its own unchecked exception around the IOException
                    throw tools.jackson.core.exc.JacksonIOException.construct(new IOException("Input/output error"));
                }))
                .isInstanceOf(WriteFailed.class)
                .hasMessageEndingWith(": Input/output error");

        assertThat(Files.readString(results)).isEqualTo("{\"complete\":true}");
        try (var files = Files.list(directory)) {
            assertThat(files).containsExactly(results);
        }
    }
}
