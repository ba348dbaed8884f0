package org.concurrencylab.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * A file of a run's results could not be written (a full disk, a folder taken away): the run cannot
 * keep what it measures, so it stops, and the lab says which file and why in one line. Nothing half
 * written is left under the file's name.
 */
public final class WriteFailed extends UncheckedIOException {

    private final Path file;

    public WriteFailed(Path file, IOException cause) {
        super("could not write " + file + ": " + reason(cause), cause);
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /** The operating system's words ("No space left on device"), without the path the message already names. */
    static String reason(Throwable cause) {
        Throwable deepest = cause;
        while (deepest.getCause() != null && deepest.getCause() != deepest) {
            deepest = deepest.getCause();
        }
        if (deepest instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            return fileSystem.getReason();
        }
        String message = deepest.getMessage();
        return message == null || message.isBlank()
                ? deepest.getClass().getSimpleName()
                : message.lines().findFirst().orElse(message);
    }
}
