package org.concurrencylab.runner.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/** A jar {@code java -jar} can start: a readable zip whose manifest names its {@code Main-Class}. */
public final class ApplicationJar {

    private ApplicationJar() {}

    /** Why {@code jar} cannot be started with {@code java -jar}, in one line naming it; empty when it can. */
    public static Optional<String> refusal(Path jar) {
        Path file = jar.toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            return Optional.of("no application jar at " + file);
        }
        try (JarFile opened = new JarFile(file.toFile())) {
            Manifest manifest = opened.getManifest();
            if (manifest == null || manifest.getMainAttributes().getValue("Main-Class") == null) {
                return Optional.of(file + " names no Main-Class in its manifest: not a runnable jar (a Spring Boot "
                        + "application's, as spring-boot-maven-plugin packages it, names one)");
            }
            return Optional.empty();
        } catch (IOException | SecurityException e) {
            return Optional.of(file + " is not a jar ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        }
    }

    /** The Spring Boot that packaged {@code jar}, as its manifest's {@code Spring-Boot-Version} says; empty otherwise. */
    public static Optional<String> springBootVersion(Path jar) {
        try (JarFile opened = new JarFile(jar.toFile())) {
            return springBootVersion(opened.getManifest());
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The Spring Boot a manifest names; empty where there is no manifest or it names none. */
    static Optional<String> springBootVersion(Manifest manifest) {
        return Optional.ofNullable(
                manifest == null ? null : manifest.getMainAttributes().getValue("Spring-Boot-Version"));
    }
}
