package org.concurrencylab.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** Reads and writes results.json. */
public final class ResultsJson {

    public static final String FILE_NAME = "results.json";

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    /** A file that is not a lab run's results: truncated, empty, or some other JSON. */
    public static final class NotResults extends IOException {
        public NotResults(String message) {
            super(message);
        }
    }

    private ResultsJson() {
    }

    /**
     * Writes the whole file next to its place and then moves it there in one step, so that a reader,
     * or a lab killed in the middle of writing, only ever finds the previous complete file or the new one.
     *
     * @throws WriteFailed naming the file and the cause
     */
    public static Path write(RunResult result, Path directory) {
        return AtomicFiles.write(directory.resolve(FILE_NAME), out -> MAPPER.writeValue(out, result));
    }

    /** @throws NotResults when the file is not a complete results.json of a run */
    public static RunResult read(Path directory) throws IOException {
        Path file = Files.isDirectory(directory) ? directory.resolve(FILE_NAME) : directory;
        RunResult run;
        try {
            run = MAPPER.readValue(file.toFile(), RunResult.class);
        } catch (JacksonException e) {
            throw new NotResults(file + " is not a lab run's results (" + firstLine(e.getOriginalMessage()) + ")");
        }
        if (run == null || run.run() == null || run.experiments() == null) {
            throw new NotResults(file + " is not a lab run's results (no run or experiments in it)");
        }
        return run;
    }

    private static String firstLine(String message) {
        return message == null ? "unreadable" : message.lines().findFirst().orElse("unreadable");
    }
}
