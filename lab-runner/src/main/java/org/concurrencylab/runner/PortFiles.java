package org.concurrencylab.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where each service JVM writes the port it got. The names live in a directory of this lab process's
 * own, made with owner-only permissions, so no other user of a shared /tmp can plant or read one; a
 * name is never reused within the process.
 */
final class PortFiles {

    private static final AtomicInteger NEXT = new AtomicInteger();
    private static volatile Path directory;

    private PortFiles() {
    }

    static Path next() throws IOException {
        return directory().resolve("port-" + NEXT.incrementAndGet() + ".txt");
    }

    private static synchronized Path directory() throws IOException {
        if (directory == null) {
            // createTempDirectory makes it rwx------ on POSIX file systems
            directory = Files.createTempDirectory("lab-ports-");
            directory.toFile().deleteOnExit();
        }
        return directory;
    }
}
