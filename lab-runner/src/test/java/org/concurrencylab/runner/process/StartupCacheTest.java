package org.concurrencylab.runner.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.concurrencylab.catalog.load.JitPolicy;
import org.concurrencylab.runner.RealServicesTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up cache as the lab's runs make it: trained once for a service, stack and compiler, and one
 * its JVM can start from. The test command itself trains none ({@code -Dlab.startup-cache=reuse}, set
 * by the build): this test trains blocking-io's, which every later test of that service starts from.
 */
class StartupCacheTest {

    private static final LabHome HOME = RealServicesTest.HOME;
    private static final String SERVICE = "blocking-io-service";

    @TempDir
    Path elsewhere;

    @Test
    void aTrainedCacheIsOneTheServicesJvmStartsFrom() throws Exception {
        JavaRuntime java = JavaRuntime.current();
        List<String> notes = new ArrayList<>();
        StartupCache.Prepared prepared = new StartupCache(HOME, java, notes::add, StartupCache.Training.TRAIN)
                .prepare(SERVICE, "servlet", JitPolicy.C1_ONLY, Map.of(), Map.of());

        assertThat(prepared.jar()).as(String.join("; ", notes)).isNotEqualTo(HOME.serviceJar(SERVICE));
        assertThat(prepared.jvmFlags())
                .singleElement()
                .asString()
                .startsWith(java.hasAotCache() ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=");
        // AOTMode=on (Xshare:on before JDK 25) ends the JVM at once if it cannot map the cache it was given, as a
        // service's does with any flag the training did not have
        List<String> command = new ArrayList<>(List.of(java.executable().toString()));
        command.addAll(ServiceCommand.FIXED_JVM_FLAGS);
        command.addAll(java.nativeAccessFlags());
        command.addAll(JitPolicy.C1_ONLY.jvmFlags());
        command.addAll(prepared.jvmFlags());
        command.add(java.hasAotCache() ? "-XX:AOTMode=on" : "-Xshare:on");
        command.addAll(List.of(
                "-Dspring.context.exit=onRefresh", "-jar", prepared.jar().toString()));
        command.add("--server.port=0");
        command.addAll(ServiceCommand.SAFETY_PROPERTIES);
        Path log = elsewhere.resolve("start.log");
        Process start = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            assertThat(start.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(start.exitValue()).as(Files.readString(log)).isZero();
        } finally {
            start.destroyForcibly().waitFor();
        }
    }

    @Test
    void reuseStartsWithoutACacheItLacksAndTrainsNone() throws Exception {
        // a lab home of its own, whose service has never had a cache
        Path jar =
                elsewhere.resolve("services").resolve(SERVICE).resolve("target").resolve(SERVICE + ".jar");
        Files.createDirectories(jar.getParent());
        Files.copy(HOME.serviceJar(SERVICE), jar);
        LabHome fresh = new LabHome(elsewhere);
        List<String> notes = new ArrayList<>();

        StartupCache.Prepared prepared = new StartupCache(
                        fresh, JavaRuntime.current(), notes::add, StartupCache.Training.REUSE)
                .prepare(SERVICE, "servlet", JitPolicy.C1_ONLY, Map.of(), Map.of());

        assertThat(prepared.jvmFlags()).isEmpty();
        assertThat(notes).anySatisfy(note -> assertThat(note).contains("trains none"));
        try (var files = Files.list(fresh.serviceTarget(SERVICE).resolve("startup"))) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .noneMatch(name -> name.endsWith(".aot") || name.endsWith(".jsa"));
        }
    }

    @Test
    void aPolicyOtherThanTrainOrReuseIsRefused() {
        String before = System.getProperty(StartupCache.Training.PROPERTY);
        try {
            System.setProperty(StartupCache.Training.PROPERTY, "sometimes");
            assertThatThrownBy(StartupCache.Training::fromSystemProperties)
                    .hasMessageContaining("train or reuse, not 'sometimes'");
            System.setProperty(StartupCache.Training.PROPERTY, " Train ");
            assertThat(StartupCache.Training.fromSystemProperties()).isEqualTo(StartupCache.Training.TRAIN);
        } finally {
            if (before == null) {
                System.clearProperty(StartupCache.Training.PROPERTY);
            } else {
                System.setProperty(StartupCache.Training.PROPERTY, before);
            }
        }
    }
}
