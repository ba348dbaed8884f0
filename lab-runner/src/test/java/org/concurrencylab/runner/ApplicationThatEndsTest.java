package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import javax.tools.ToolProvider;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.concurrencylab.runner.study.StudyRunner;
import org.concurrencylab.study.Study;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application that ends before it answers is reported when it ends, with what its own log says, and
 * leaves no results: the lab's agent keeps no thread of its own alive in it (before, its HTTP dispatcher
 * and JFR's stream held the dead JVM up to the start timeout, 120 s).
 */
class ApplicationThatEndsTest {

    private static final LabHome HOME =
            new LabHome(Path.of("..").toAbsolutePath().normalize());

    @TempDir
    Path folder;

    @Test
    void anApplicationWhoseMainReturnsIsReportedWhenItEndsWithItsLastLine() throws Exception {
        Path jar = jarWhoseMainPrints("nothing to serve: main returns");
        Path results = folder.resolve("results");
        Study study = Study.custom(jar).path("/").build();
        long start = System.nanoTime();

        assertThatThrownBy(() -> new StudyRunner(HOME, JavaRuntime.current(), RunProgress.SILENT).run(study, results))
                .isInstanceOf(StudyRunner.NotStarted.class)
                .hasMessageStartingWith("app.jar did not start: exited with code 0 before it was ready; its log's last "
                        + "line: nothing to serve: main returns (its log is kept in " + results);
        // a JVM's start and the lab's own drivers' warm-up, far from the 120 s a kept-alive JVM took
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(60));
        // nothing measured, nothing written but the application's log, which says why: its first fork's, as a
        // variant whose first JVM did not start is not forked again
        try (var kept = Files.walk(results)) {
            assertThat(kept.filter(Files::isRegularFile).toList())
                    .singleElement()
                    .satisfies(log -> assertThat(log.getFileName()).hasToString("as-is.fork-1.log"))
                    .satisfies(log -> assertThat(Files.readString(log)).contains("nothing to serve: main returns"));
        }
    }

    private Path jarWhoseMainPrints(String line) throws Exception {
        Path source = Files.writeString(
                Files.createDirectories(folder.resolve("src")).resolve("Ends.java"),
                "public class Ends { public static void main(String[] a) { System.out.println(\"" + line + "\"); } }");
        Path classes = Files.createDirectories(folder.resolve("classes"));
        assertThat(ToolProvider.getSystemJavaCompiler()
                        .run(null, null, null, "-d", classes.toString(), source.toString()))
                .isZero();
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "Ends");
        Path jar = folder.resolve("app.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new ZipEntry("Ends.class"));
            out.write(Files.readAllBytes(classes.resolve("Ends.class")));
        }
        return jar;
    }
}
