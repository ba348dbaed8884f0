package org.concurrencylab.runner.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.runner.RealServicesTest;
import org.concurrencylab.runner.environment.RunEnvironment;
import org.concurrencylab.runner.environment.RunProgress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import oshi.software.os.InternetProtocolStats;

/**
 * A real service started with each source of Spring Boot's property order that a user's machine can set
 * asking it to open a management server of its own on another port, or to listen on every interface:
 * files in its working directory, environment variables under every spelling Spring binds, JVM system
 * properties through the JVM's option variables, {@code SPRING_APPLICATION_JSON}, and a config import.
 * It must still become ready, and every socket it listens on must be a loopback one.
 *
 * <p>Left out, because no machine setting reaches them here: JNDI (no container), servlet init
 * parameters and default properties (the application's own code), devtools' home-folder settings (the
 * lab's services do not carry devtools, which Boot turns off for a packaged jar anyway).
 */
class PropertySourcesStayOnLoopbackTest extends RealServicesTest {

    /**
     * The port the hostile settings ask for, held bound by the test throughout: a service that obeyed one
     * would fail to start on it rather than pass unseen, and no other process can take it meanwhile.
     */
    private static ServerSocket heldPort;

    private static int managementPort;
    private static Path importedFile;

    @BeforeAll
    static void aPortAndAFileToPointAt(@org.junit.jupiter.api.io.TempDir Path shared) throws IOException {
        heldPort = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        managementPort = heldPort.getLocalPort();
        importedFile = Files.writeString(shared.resolve("imported.properties"), hostileProperties());
    }

    @AfterAll
    static void releaseThePort() throws IOException {
        heldPort.close();
    }

    private static String hostileProperties() {
        return "management.server.port=" + managementPort
                + "\nmanagement.server.address=0.0.0.0\nserver.address=0.0.0.0\n";
    }

    record Source(String name, Map<String, String> environment, Map<String, String> filesInWorkingDirectory) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Source> sources() {
        String port = Integer.toString(managementPort);
        String properties = hostileProperties();
        String json = "{\"management\":{\"server\":{\"port\":" + port
                + ",\"address\":\"0.0.0.0\"}},\"server\":{\"address\":\"0.0.0.0\"}}";
        String systemProperties =
                "-Dmanagement.server.port=" + port + " -Dmanagement.server.address=0.0.0.0 -Dserver.address=0.0.0.0";
        Map<String, String> environment = new HashMap<>();
        environment.putAll(Map.of(
                "MANAGEMENT_SERVER_PORT", port, "MANAGEMENT_SERVER_ADDRESS", "0.0.0.0", "SERVER_ADDRESS", "0.0.0.0"));
        environment.putAll(Map.of(
                "management.server.port", port, "management.server.address", "0.0.0.0", "server.address", "0.0.0.0"));
        environment.putAll(Map.of("management_server_port", port, "server_address", "0.0.0.0"));
        environment.put("SPRING_APPLICATION_JSON", json);
        environment.put(
                "JAVA_TOOL_OPTIONS", systemProperties + " -Dspring.application.json=" + json.replace("\"", "\\\""));
        environment.put("JDK_JAVA_OPTIONS", systemProperties);
        // every source asks for the same listeners, so whichever of them Spring ranks first, a service that
        // obeyed it would fail: one start covers them all. A config location replaces the working
        // directory's files, so it has a start of its own.
        return Stream.of(
                new Source(
                        "files in the working directory (application.properties, config/, config/*/application.yaml), "
                                + "the environment under every spelling Spring binds, SPRING_APPLICATION_JSON, and system properties "
                                + "through JAVA_TOOL_OPTIONS and JDK_JAVA_OPTIONS",
                        environment,
                        Map.of(
                                "application.properties",
                                properties,
                                "config/application.properties",
                                properties,
                                "config/any/application.yaml",
                                "management:\n  server:\n    port: " + port
                                        + "\n    address: 0.0.0.0\nserver:\n  address: 0.0.0.0\n")),
                new Source(
                        "a config import and an extra location from the environment",
                        Map.of(
                                "SPRING_CONFIG_IMPORT",
                                "file:" + importedFile,
                                "SPRING_CONFIG_ADDITIONAL_LOCATION",
                                "file:" + importedFile,
                                "spring.config.location",
                                "file:" + importedFile),
                        Map.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void noPropertySourceOpensAListenerBeyondLoopback(Source source) throws Exception {
        Experiment experiment = Catalog.experiment("blocking-io").orElseThrow();
        RunEnvironment environment = new RunEnvironment(
                HOME,
                JavaRuntime.current(),
                Overrides.none()
                        .withScale(0.1)
                        .withCpus(2)
                        .resolve(experiment, Runtime.getRuntime().availableProcessors()),
                RunProgress.SILENT);
        Path log = out.resolve("service").resolve("service.log");
        for (Map.Entry<String, String> file : source.filesInWorkingDirectory().entrySet()) {
            Files.createDirectories(log.getParent().resolve(file.getKey()).getParent());
            Files.writeString(log.getParent().resolve(file.getKey()), file.getValue());
        }
        Map<String, String> inherited = new HashMap<>(System.getenv());
        inherited.putAll(source.environment());
        ServiceCommand command =
                environment.command(experiment, experiment.variants().getFirst(), 0, Map.of(), log);

        try (ServiceProcess service = ServiceProcess.start(command, log, inherited)) {
            List<InternetProtocolStats.IPConnection> listening = ListeningSockets.of(service.pid());
            assertThat(listening).as("the service's server and the probe's").hasSizeGreaterThanOrEqualTo(2);
            ListeningSockets.allOnLoopback(listening);
            assertThat(listening).noneMatch(socket -> socket.getLocalPort() == managementPort);
        }
    }
}
