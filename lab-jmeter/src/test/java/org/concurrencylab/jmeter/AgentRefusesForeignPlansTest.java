package org.concurrencylab.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.runner.environment.RemoteLoad;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A real agent ({@code JmeterEngine agent} with a key, on 127.0.0.1) attacked as the issue that found it
 * open did: with JMeter's own client and plans that run code. Each layer is shown to hold alone: without
 * the key nothing connects; with the key, a class outside the allow-list is never built, and a plan of
 * allowed classes that calls a function or reads a file is refused before JMeter's engine sees it. The
 * attacker's client has the whole JMeter distribution (script engines included, {@code target/full-jmeter});
 * each plan would write a marker file if any of it ran, and none is ever written. The lab's own plans
 * still run through the same agent.
 */
class AgentRefusesForeignPlansTest {

    private static final LabHome HOME =
            new LabHome(Path.of("..").toAbsolutePath().normalize());
    private static final JavaRuntime JAVA = JavaRuntime.current();

    @TempDir
    static Path work;

    private static Path key;
    private static int port;
    private static Process agent;
    private static final StringBuffer AGENT_OUTPUT = new StringBuffer();

    @BeforeAll
    static void startAnAgentWithAKey() throws Exception {
        key = work.resolve("keys").resolve("agent-key.p12");
        AgentAccess.createKey(HOME, JAVA, key);
        assertThat(Files.getPosixFilePermissions(key))
                .as("readable by its owner only")
                .containsExactlyInAnyOrder(
                        java.nio.file.attribute.PosixFilePermission.OWNER_READ,
                        java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
        port = freePortPair();
        agent = JmeterEngineProcess.start(
                JmeterEngineProcess.command(
                        HOME,
                        JAVA,
                        "agent",
                        List.of("--bind", "127.0.0.1", "--port", Integer.toString(port), "--key", key.toString()),
                        work.resolve("agent.log")),
                work);
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8))) {
                lines.lines().forEach(line -> AGENT_OUTPUT.append(line).append('\n'));
            } catch (IOException e) {
                AGENT_OUTPUT.append(e).append('\n');
            }
        });
        long due = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!AGENT_OUTPUT.toString().contains("ready:") && agent.isAlive() && System.nanoTime() < due) {
            Thread.sleep(100);
        }
        assertThat(AGENT_OUTPUT.toString())
                .as("the agent started")
                .contains("ready:")
                .contains("mutual TLS with the key");
    }

    @AfterAll
    static void stopTheAgent() throws InterruptedException {
        if (agent != null) {
            agent.destroy();
            if (!agent.waitFor(10, TimeUnit.SECONDS)) {
                agent.destroyForcibly();
            }
        }
    }

    @Test
    void jmetersOwnClientWithoutTheKeyCannotConnect() throws Exception {
        Path marker = work.resolve("no-key.marker");
        Path plan = foreignPlan("if-controller-runs-javascript", marker);
        Path jmeter = fullJmeterHome();
        String output = run(List.of(
                JAVA.executable().toString(),
                "--sun-misc-unsafe-memory-access=allow",
                "-jar",
                jmeter.resolve("bin/ApacheJMeter.jar").toString(),
                "-n",
                "-t",
                plan.toString(),
                "-R",
                "127.0.0.1:" + port,
                "-Jserver.rmi.ssl.disable=true",
                "-j",
                work.resolve("no-key.log").toString(),
                "-l",
                work.resolve("no-key.jtl").toString()));

        assertThat(output).contains("non-JRMP server at remote endpoint").contains("could not be configured");
        assertThat(marker).doesNotExist();
        assertThat(AGENT_OUTPUT.toString()).doesNotContain("if-controller");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                // a class outside the allow-list: refused as the stream is read, before the object is built
                "if-controller-runs-javascript       | a class no plan of the lab's holds | refused: a plan sent a org.apache.jmeter.control.IfController",
                "jsr223-preprocessor-runs-javascript | a class no plan of the lab's holds | refused: a plan sent a org.apache.jmeter.modifiers.JSR223PreProcessor",
                // allowed classes only: refused by the tree's walk, before JMeter's engine is configured
                "function-in-path-runs-javascript    | a function or variable             | a function or variable (/${__javaScript",
                "file-protocol-reads-a-file          | a sampler for file:                | a sampler for file:"
            })
    void aPlanThatRunsCodeIsRefusedEvenWithTheKey(String name, String clientSays, String agentSays) throws Exception {
        Path marker = work.resolve(name + ".marker");
        Path plan = foreignPlan(name, marker);
        // the lab's own client, given the key, with JMeter's whole distribution to write any plan it likes
        Path engine = JmeterEngineProcess.engineFolder(HOME);
        String output = run(List.of(
                JAVA.executable().toString(),
                "--sun-misc-unsafe-memory-access=allow",
                "-cp",
                engine.resolve("jmeter-engine.jar") + ":" + engine.resolve("full-jmeter/lib") + "/*",
                "org.concurrencylab.tools.jmeter.JmeterEngine",
                "run",
                "--plan",
                plan.toString(),
                "--remote",
                "127.0.0.1:" + port,
                "--key",
                key.toString(),
                "--jtl",
                work.resolve(name + ".jtl").toString(),
                "--log",
                work.resolve(name + ".log").toString()));

        assertThat(output)
                .contains("failed to start on 127.0.0.1:" + port + ": ")
                .contains(clientSays);
        assertThat(AGENT_OUTPUT.toString()).contains(agentSays);
        Thread.sleep(500);
        assertThat(marker).doesNotExist();
    }

    @Test
    void theLabsOwnClosedHeldAndOpenPlansStillRun() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.createContext("/value", exchange -> {
            byte[] body = "42".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            URI target = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/value");
            RemoteLoad load = JmeterRemoteLoad.custom(List.of("127.0.0.1:" + port), "127.0.0.1")
                    .home(HOME)
                    .java(JAVA)
                    .access(AgentAccess.withKey(key))
                    .build();
            List<LoadStep> steps = List.of(
                    new LoadStep.Closed(2, 3),
                    new LoadStep.Held(2, Duration.ZERO, Duration.ofSeconds(1), Duration.ofMillis(100)),
                    new LoadStep.Open(10, Duration.ofSeconds(1)));
            List<Long> oks = new ArrayList<>();
            for (LoadStep step : steps) {
                Path stepWork = work.resolve("own-" + oks.size());
                RemoteLoad.Driven driven = load.drive(
                        target,
                        step,
                        new Scaled(1),
                        Duration.ofSeconds(2),
                        Connections.KEEP_ALIVE,
                        stepWork,
                        outcome -> {});
                oks.add(driven.load().ok());
            }
            assertThat(oks.get(0)).as("closed: 2 users x 3").isEqualTo(6);
            // 2 users for 1 s, each thinking 100 ms before a request of well under a millisecond: about 20, JMeter's
            // start and its whole-second schedule allowing
            assertThat(oks.get(1)).as("held").isBetween(6L, 22L);
            assertThat(oks.get(2)).as("open: 10/s for 1 s").isEqualTo(10);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void theAgentsClassPathHoldsNoScriptEngine() throws IOException {
        try (var jars = Files.list(JmeterEngineProcess.engineFolder(HOME).resolve("lib"))) {
            List<String> names = jars.map(jar -> jar.getFileName().toString()).toList();
            assertThat(names)
                    .isNotEmpty()
                    .noneMatch(name -> name.matches("(?i).*(groovy|rhino|bsh|beanshell|jython|nashorn|graal).*"));
        }
    }

    private static Path foreignPlan(String name, Path marker) throws IOException {
        try (var plan = AgentRefusesForeignPlansTest.class.getResourceAsStream("/foreign-plans/" + name + ".jmx")) {
            String text = new String(plan.readAllBytes(), StandardCharsets.UTF_8).replace("MARKER", marker.toString());
            Path file = work.resolve(name + ".jmx");
            Files.writeString(file, text);
            return file;
        }
    }

    /** A JMeter installation as its users have one: bin/ with the launcher, lib/ with every jar, lib/ext the plugins. */
    private static Path fullJmeterHome() throws IOException {
        Path engine = JmeterEngineProcess.engineFolder(HOME);
        Path home = work.resolve("jmeter");
        if (Files.isDirectory(home)) {
            return home;
        }
        Files.createDirectories(home.resolve("bin"));
        Files.createDirectories(home.resolve("lib/ext"));
        try (var files = Files.list(engine.resolve("bin"))) {
            for (Path file : files.toList()) {
                Files.copy(file, home.resolve("bin").resolve(file.getFileName()));
            }
        }
        try (var jars = Files.list(engine.resolve("full-jmeter/lib"))) {
            for (Path jar : jars.toList()) {
                String name = jar.getFileName().toString();
                if (name.startsWith("ApacheJMeter-")) {
                    // copied: the launcher finds its home from where its jar really is
                    Files.copy(jar, home.resolve("bin/ApacheJMeter.jar"));
                } else {
                    Files.createSymbolicLink(
                            home.resolve(name.startsWith("ApacheJMeter_") ? "lib/ext" : "lib")
                                    .resolve(name),
                            jar);
                }
            }
        }
        return home;
    }

    private static String run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command)
                .directory(work.toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(90, TimeUnit.SECONDS)).as(output).isTrue();
        return output;
    }

    private static int freePortPair() throws IOException {
        for (int attempt = 0; attempt < 20; attempt++) {
            int candidate;
            try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                candidate = socket.getLocalPort();
            }
            if (candidate < 65535) {
                try (ServerSocket next =
                        new ServerSocket(candidate + 1, 1, java.net.InetAddress.getLoopbackAddress())) {
                    return candidate;
                } catch (IOException taken) {
                    // try another pair
                }
            }
        }
        throw new IOException("no two free ports side by side on 127.0.0.1");
    }
}
