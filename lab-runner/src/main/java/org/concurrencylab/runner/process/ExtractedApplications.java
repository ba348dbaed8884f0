package org.concurrencylab.runner.process;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The users' application jars as the lab starts them: each extracted once by Boot's own tools
 * ({@link BootJarExtraction}) into a folder of its own under the lab's {@code target/applications}, never beside the
 * user's jar, and extracted again only when the jar's content changed. Every later start of it, a study's variants, a
 * sweep's points, the start without the agent, then reads plain jars. A jar Boot's tools cannot extract, or whose
 * extraction fails, starts as it is: what is measured is the same application either way.
 */
public final class ExtractedApplications {

    private final LabHome home;
    private final JavaRuntime java;
    private final Consumer<String> progress;
    /** What each jar, as it was (path, size, time), starts from: a run digests a jar once. */
    private final Map<String, Path> startable = new HashMap<>();

    public ExtractedApplications(LabHome home, JavaRuntime java, Consumer<String> progress) {
        this.home = home;
        this.java = java;
        this.progress = progress;
    }

    /** The jar to give {@code -jar} for {@code jar}: its extraction, made now if it is missing or stale, or the jar. */
    public Path startable(Path jar) throws InterruptedException {
        Path file = jar.toAbsolutePath().normalize();
        String seen;
        try {
            seen = file + "|" + Files.size(file) + "|"
                    + Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return file; // its start says what is wrong with it
        }
        Path known = startable.get(seen);
        if (known == null) {
            known = extract(file);
            startable.put(seen, known);
        }
        return known;
    }

    private Path extract(Path jar) throws InterruptedException {
        String name = jar.getFileName().toString();
        Optional<String> refusal = BootJarExtraction.refusal(jar);
        if (refusal.isPresent()) {
            progress.accept(name + " starts from its jar, not extracted: " + refusal.get());
            return jar;
        }
        Path directory = directoryOf(jar);
        try {
            Files.createDirectories(directory);
            // two labs studying the same jar at once would extract into the same files: the second waits, then finds
            // it extracted; the operating system releases the lock of a lab that dies
            try (FileChannel channel = FileChannel.open(
                            directory.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock ignored = channel.lock()) {
                return BootJarExtraction.extracted(
                        java,
                        jar,
                        directory,
                        () -> progress.accept("extracting " + name + " once, for faster starts (Spring Boot's "
                                + "jarmode=tools, into " + home.root().relativize(directory) + ")"));
            }
        } catch (IOException e) {
            progress.accept(name + " starts from its jar, not extracted: " + e.getMessage());
            return jar;
        }
    }

    /** One folder per jar's place: two jars of one name in different folders do not take turns extracting. */
    private Path directoryOf(Path jar) {
        String name = jar.getFileName().toString().replaceFirst("\\.jar$", "");
        return home.extractedApplications()
                .resolve(name + "-" + HexFormat.of().toHexDigits(jar.toString().hashCode()));
    }
}
