package org.concurrencylab.runner.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.concurrencylab.runner.RealServicesTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a study starts an application from: its Boot jar extracted once, under the lab's target and not beside the
 * jar, extracted again only when the jar's content changed; any other jar as it is, without running it.
 */
class ExtractedApplicationsTest {

    private static final Path POOLED_APP =
            RealServicesTest.HOME.root().resolve("fixtures/pooled-app/target/pooled-app.jar");
    private static final Path REACTIVE_APP =
            RealServicesTest.HOME.root().resolve("fixtures/reactive-boot3-app/target/reactive-boot3-app.jar");

    @TempDir
    Path home;

    @TempDir
    Path users;

    @Test
    void aBootJarIsExtractedOnceUnderTheLabAndAgainOnlyWhenItsContentChanged() throws Exception {
        Path jar = Files.copy(POOLED_APP, users.resolve("pooled-app.jar"));
        List<String> notes = new ArrayList<>();

        Path startable = applications(notes).startable(jar);

        assertThat(startable).as(String.join("; ", notes)).startsWith(home.resolve("target/applications"));
        assertThat(startable.getFileName()).isEqualTo(jar.getFileName());
        assertThat(startable).isRegularFile();
        assertThat(startable.resolveSibling("lib")).isDirectoryContaining("glob:**/spring-core-*.jar");
        assertThat(notes).singleElement().asString().startsWith("extracting pooled-app.jar once");
        try (var beside = Files.list(users)) {
            assertThat(beside).containsExactly(jar);
        }

        // a later run (a new lab JVM) finds it extracted
        notes.clear();
        assertThat(applications(notes).startable(jar)).isEqualTo(startable);
        assertThat(notes).isEmpty();

        // the same name with other content, as a rebuild makes it: another application altogether
        Files.copy(REACTIVE_APP, jar, StandardCopyOption.REPLACE_EXISTING);
        assertThat(applications(notes).startable(jar)).isEqualTo(startable);
        assertThat(notes).singleElement().asString().startsWith("extracting pooled-app.jar once");
        assertThat(startable.resolveSibling("lib"))
                .isDirectoryContaining("glob:**/reactor-core-*.jar")
                .isDirectoryNotContaining("glob:**/HikariCP-*.jar");
    }

    @Test
    void aJarThatIsNotBootsStartsAsItIsAndNothingOfItRuns() throws Exception {
        Path jar = users.resolve("plain.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "example.Main");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.flush();
        }
        List<String> notes = new ArrayList<>();

        assertThat(applications(notes).startable(jar)).isEqualTo(jar);
        assertThat(notes)
                .singleElement()
                .asString()
                .isEqualTo("plain.jar starts from its jar, not extracted: not a Spring Boot jar (its manifest names no "
                        + "Spring-Boot-Version)");
        assertThat(home.resolve("target")).doesNotExist();
    }

    private ExtractedApplications applications(List<String> notes) {
        return new ExtractedApplications(new LabHome(home), JavaRuntime.current(), notes::add);
    }
}
