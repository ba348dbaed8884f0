package org.concurrencylab.results;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file whole or not at all: into a hidden sibling first, then moved onto its name in one step.
 * A reader, a lab killed while writing, or a disk that fills up midway leaves the previous file or
 * none, never a truncated one that a report would take for a short step.
 */
public final class AtomicFiles {

    /** What writes the content; it may throw an I/O error of its own or one wrapped by a library. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {}

    /** @throws WriteFailed naming the file and the cause; nothing is left under either name */
    public static Path write(Path file, Content content) {
        Path partial = null;
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            partial =
                    Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName() + "-", ".partial");
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(partial))) {
                content.writeTo(out);
            }
            try {
                Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return file;
        } catch (IOException e) {
            throw new WriteFailed(file, e);
        } catch (UncheckedIOException e) {
            throw e instanceof WriteFailed failed ? failed : new WriteFailed(file, e.getCause());
        } catch (RuntimeException e) {
            // Jackson 3 wraps the stream's IOException in an unchecked exception of its own
            if (e.getCause() instanceof IOException io) {
                throw new WriteFailed(file, io);
            }
            throw e;
        } finally {
            deleteQuietly(partial);
        }
    }

    public static Path writeString(Path file, String text) {
        return write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static void deleteQuietly(Path partial) {
        if (partial == null) {
            return;
        }
        try {
            Files.deleteIfExists(partial);
        } catch (IOException ignored) {
            // the disk that refused the file may refuse this too; the name is hidden and marked .partial
        }
    }
}
