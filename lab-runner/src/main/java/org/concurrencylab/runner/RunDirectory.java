package org.concurrencylab.runner;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.Optional;

/** A new run's directory, named after the time it starts: {@code results/20261123-061704}. */
public final class RunDirectory {

    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunDirectory() {}

    /**
     * Created, not checked then created: two runs started in the same second get a directory each.
     *
     * @param prefix before the time, for runs the lab did not drive itself ({@code hyperfoil-}); empty for its own
     */
    public static Path createIn(Path parent, String prefix) throws IOException {
        Files.createDirectories(parent);
        String id = prefix + LocalDateTime.now().format(RUN_ID);
        for (int suffix = 1; ; suffix++) {
            Path directory = parent.resolve(suffix == 1 ? id : id + "-" + suffix);
            try {
                return Files.createDirectory(directory);
            } catch (FileAlreadyExistsException taken) {
                // the next suffix
            }
        }
    }

    /**
     * Removes all a run's directory holds but its {@code logs} folder, and the directory itself where it has none:
     * for a run that measured nothing, whose processes' logs still say why.
     *
     * @return the logs folder where one is kept
     */
    public static Optional<Path> keepOnlyLogs(Path directory) throws IOException {
        Path logs = directory.resolve("logs");
        try (var paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                if (!path.startsWith(logs) && !path.equals(directory)) {
                    Files.deleteIfExists(path);
                }
            }
        }
        if (Files.isDirectory(logs)) {
            return Optional.of(logs);
        }
        Files.deleteIfExists(directory);
        return Optional.empty();
    }

    /** Removes a run's directory and all it holds: for a run that measured nothing. */
    public static void delete(Path directory) throws IOException {
        try (var paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
