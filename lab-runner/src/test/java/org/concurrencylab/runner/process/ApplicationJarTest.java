package org.concurrencylab.runner.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.concurrencylab.runner.RealServicesTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Spring Boot a jar was packaged by, from its manifest: for an application that never loads SpringBootVersion. */
class ApplicationJarTest {

    @TempDir
    Path folder;

    @Test
    void aBootJarNamesTheBootWhoseLibrariesItCarries() throws Exception {
        Path jar = RealServicesTest.HOME.root().resolve("fixtures/reactive-boot3-app/target/reactive-boot3-app.jar");

        String version = ApplicationJar.springBootVersion(jar).orElseThrow();

        try (JarFile opened = new JarFile(jar.toFile())) {
            assertThat(opened.getEntry("BOOT-INF/lib/spring-boot-" + version + ".jar"))
                    .as(version)
                    .isNotNull();
        }
    }

    @Test
    void aPlainJarNamesNone() throws Exception {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "example.Main");
        Path jar = folder.resolve("plain.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.flush();
        }

        assertThat(ApplicationJar.springBootVersion(jar)).isEmpty();
        assertThat(ApplicationJar.springBootVersion(folder.resolve("missing.jar")))
                .isEmpty();
    }
}
