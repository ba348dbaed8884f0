package org.concurrencylab.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** Reads and writes results.json. */
public final class ResultsJson {

    public static final String FILE_NAME = "results.json";

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private ResultsJson() {
    }

    public static Path write(RunResult result, Path directory) throws IOException {
        Files.createDirectories(directory);
        Path file = directory.resolve(FILE_NAME);
        MAPPER.writeValue(file.toFile(), result);
        return file;
    }

    public static RunResult read(Path directory) {
        Path file = Files.isDirectory(directory) ? directory.resolve(FILE_NAME) : directory;
        return MAPPER.readValue(file.toFile(), RunResult.class);
    }
}
