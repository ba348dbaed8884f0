package org.concurrencylab.runner.study;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.Timeout;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.runner.process.ConfinedEnvironment;
import org.concurrencylab.runner.process.ControlClient;
import org.concurrencylab.runner.process.ExtractedApplications;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.concurrencylab.runner.process.LoopbackPorts;
import org.concurrencylab.runner.process.ServiceCommand;
import org.concurrencylab.runner.process.ServiceProcess;
import org.concurrencylab.runner.process.ServiceProcesses;
import org.concurrencylab.runner.process.ServiceStartException;

/**
 * A user's application jar in a JVM of its own, on 127.0.0.1, with the lab's agent: no change to the
 * application, and nothing of the lab on its class path but the agent's one jar.
 */
public final class ApplicationProcess implements AutoCloseable {

    private final Process process;
    private final int port;
    private final URI probe;
    /** What told the lab the application was ready, in words. */
    private final String readiness;

    private ApplicationProcess(Process process, int port, URI probe, String readiness) {
        this.process = process;
        this.port = port;
        this.probe = probe;
        this.readiness = readiness;
    }

    /**
     * What the lab needs of any Spring Boot application, on its command line, which outranks the
     * application's own configuration: its server on loopback, on a port the lab chose; Actuator, if it
     * has one, on that same port rather than a listener of its own; and the two pools that count
     * themselves over JMX told to register there. Properties an application does not know are ignored.
     */
    static List<String> labProperties(int port, String bind) {
        return List.of(
                "--server.port=" + port,
                "--server.address=" + bind,
                "--management.server.port=",
                "--server.tomcat.mbeanregistry.enabled=true",
                "--spring.datasource.hikari.register-mbeans=true",
                "--spring.devtools.restart.enabled=false");
    }

    /**
     * For {@code ./lab serve app.jar}: the application with the agent, on the port asked for, listening on
     * {@code bind} ({@link ServiceCommand#LOOPBACK} unless the user asked for every interface); its probe
     * stays on 127.0.0.1.
     */
    public static ApplicationProcess serve(
            LabHome home,
            JavaRuntime java,
            Path jar,
            String path,
            List<String> jvmOptions,
            int port,
            String bind,
            Path log)
            throws ServiceStartException, InterruptedException {
        return custom(java, home.agentJar(), jar, log)
                .path(path)
                .jvmOptions(jvmOptions)
                .port(port)
                .bind(bind)
                .start();
    }

    /** An application to start: {@code jar} with the lab's agent at {@code agentJar}, its output in {@code log}. */
    static Launch custom(JavaRuntime java, Path agentJar, Path jar, Path log) {
        return new Launch(java, agentJar, jar, log);
    }

    /** How an application is started; every part but the jar, the agent and the log has a default. */
    static final class Launch {
        private final JavaRuntime java;
        private final Path agentJar;
        private final Path jar;
        private final Path log;
        private Path startFrom;
        private String path = "/";
        private Map<String, String> properties = Map.of();
        private Map<String, String> environment = Map.of();
        private List<String> prefix = List.of();
        private List<String> jvmOptions = List.of();
        private Duration sampleInterval = Defaults.PROBE_SAMPLE_INTERVAL;
        private boolean probed = true;
        private int port;
        private String bind = ServiceCommand.LOOPBACK;

        private Launch(JavaRuntime java, Path agentJar, Path jar, Path log) {
            this.java = java;
            this.agentJar = agentJar;
            this.jar = jar;
            this.log = log;
            this.startFrom = jar;
        }

        /**
         * The jar {@code -jar} names: the application's jar (the default) or its extraction
         * ({@link ExtractedApplications}). Either way it runs in the application
         * jar's own folder.
         */
        Launch startFrom(Path startable) {
            this.startFrom = startable;
            return this;
        }

        /** What the lab asks for until the application answers, where it has no Actuator health. */
        Launch path(String path) {
            this.path = path;
            return this;
        }

        /** Spring properties, on its command line. */
        Launch properties(Map<String, String> properties) {
            this.properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
            return this;
        }

        /**
         * Variables beyond the few it inherits: secrets (a database's password), which a command line would show to
         * every user of the machine.
         */
        Launch environment(Map<String, String> environment) {
            this.environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
            return this;
        }

        /** What its command starts with before java (an affinity mask's {@code taskset}). */
        Launch prefix(List<String> prefix) {
            this.prefix = List.copyOf(prefix);
            return this;
        }

        /** The study's own options for the JVM, after the lab's agent and before {@code -jar}. */
        Launch jvmOptions(List<String> jvmOptions) {
            this.jvmOptions = List.copyOf(jvmOptions);
            return this;
        }

        /** How often the agent samples its threads and pools. */
        Launch sampledEvery(Duration interval) {
            this.sampleInterval = interval;
            return this;
        }

        /**
         * Without the probe, to measure what the probe costs: the agent then only watches the lab's process, so that
         * the application still ends with the lab.
         */
        Launch withoutProbe() {
            this.probed = false;
            return this;
        }

        /** Where it listens; 0 (the default) for a free one the lab picks. */
        Launch port(int port) {
            this.port = port;
            return this;
        }

        Launch bind(String bind) {
            this.bind = bind;
            return this;
        }

        /**
         * Starts the application and waits until it answers: Actuator's health with 200 where it has one, else any
         * answer below 500 on the study's path (a login page, a 404 of a path that needs an id: the server is up and
         * its application started).
         */
        ApplicationProcess start() throws ServiceStartException, InterruptedException {
            return ApplicationProcess.start(this);
        }
    }

    private static ApplicationProcess start(Launch launch) throws ServiceStartException, InterruptedException {
        JavaRuntime java = launch.java;
        Path agentJar = launch.agentJar;
        Path jar = launch.jar;
        String path = launch.path;
        Path log = launch.log;
        Duration startTimeout = Defaults.APPLICATION_START_TIMEOUT;
        boolean probed = launch.probed;
        int port = launch.port;
        String bind = launch.bind;
        if (!ServiceCommand.LOOPBACK.equals(bind) && !ServiceCommand.EVERY_INTERFACE.contains(bind)) {
            throw new IllegalArgumentException(
                    "an application listens on " + ServiceCommand.LOOPBACK + " or every interface, not " + bind);
        }
        if (!Files.isRegularFile(jar)) {
            throw new ServiceStartException("no application jar at " + jar.toAbsolutePath());
        }
        Path portFile = log.resolveSibling("." + log.getFileName() + ".probe-port");
        Process process;
        try {
            Files.createDirectories(log.getParent());
            Files.deleteIfExists(portFile);
            if (port == 0) {
                port = LoopbackPorts.free();
            }
            List<String> command = new ArrayList<>(launch.prefix);
            command.add(java.executable().toString());
            command.add("-javaagent:" + agentJar + "="
                    + (probed
                            ? "port-file=" + portFile + ",profile=on,interval-ms=" + launch.sampleInterval.toMillis()
                            : "probe=off")
                    + ",parent-pid=" + ProcessHandle.current().pid());
            // before the study's own options, which may set it otherwise: a system property wins where given last
            command.addAll(ServiceCommand.STOP_JVM_FLAGS);
            command.addAll(launch.jvmOptions);
            command.add("-jar");
            command.add(launch.startFrom.toAbsolutePath().toString());
            launch.properties.forEach((key, value) -> command.add("--" + key + "=" + value));
            command.addAll(labProperties(port, bind));
            // in the jar's own folder, as its owner starts it: an application may read a config/ there.
            // What the lab must hold comes on the command line, which outranks every file
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(jar.toAbsolutePath().getParent().toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            ConfinedEnvironment.applyTo(builder, System.getenv(), launch.environment);
            process = builder.start();
        } catch (IOException e) {
            throw new ServiceStartException("could not start " + jar.getFileName() + ": " + e.getMessage());
        }
        ServiceProcesses.register(process);
        try {
            long deadline = System.nanoTime() + startTimeout.toNanos();
            String readiness = awaitAnswer(process, port, path, deadline, startTimeout, log);
            URI probe =
                    probed ? URI.create("http://127.0.0.1:" + awaitProbePort(process, portFile, deadline, log)) : null;
            return new ApplicationProcess(process, port, probe, readiness);
        } catch (ServiceStartException | InterruptedException | RuntimeException e) {
            ServiceProcesses.stop(process);
            throw e;
        } finally {
            try {
                Files.deleteIfExists(portFile);
            } catch (IOException ignored) {
                // a file of a few bytes in the run's own folder
            }
        }
    }

    private static String awaitAnswer(Process process, int port, String path, long deadline, Duration timeout, Path log)
            throws ServiceStartException, InterruptedException {
        URI health = URI.create("http://127.0.0.1:" + port + "/actuator/health");
        URI page = URI.create("http://127.0.0.1:" + port + path);
        int lastPageStatus = 0;
        try (CloseableHttpClient client = ControlClient.create(Timeout.ofSeconds(10))) {
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new ServiceStartException(ServiceProcess.reasonFromLog(log, process.exitValue()));
                }
                int healthStatus = status(client, health);
                if (healthStatus == 200) {
                    return "Actuator's /actuator/health answered 200";
                }
                int pageStatus = status(client, page);
                lastPageStatus = pageStatus;
                if (pageStatus > 0 && pageStatus < 500) {
                    return path + " answered " + pageStatus;
                }
                Thread.sleep(100);
            }
        } catch (IOException e) {
            throw new ServiceStartException("readiness check failed: " + e.getMessage());
        }
        throw new ServiceStartException((lastPageStatus == 0
                        ? "no answer on " + path
                        : path + " answered " + lastPageStatus + " for " + timeout.toSeconds()
                                + " s, and no Actuator health said it was up")
                + (lastPageStatus == 0 ? " after " + timeout.toSeconds() + " s" : "") + "; its log's last line: "
                + ServiceProcess.lastLine(log));
    }

    /** The status, or 0 while nothing answers. */
    private static int status(CloseableHttpClient client, URI uri) {
        try {
            return client.execute(new HttpGet(uri), response -> {
                EntityUtils.consume(response.getEntity());
                return response.getCode();
            });
        } catch (IOException notYet) {
            return 0;
        }
    }

    private static int awaitProbePort(Process process, Path portFile, long deadline, Path log)
            throws ServiceStartException, InterruptedException {
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new ServiceStartException(ServiceProcess.reasonFromLog(log, process.exitValue()));
            }
            try {
                if (Files.isRegularFile(portFile)) {
                    return Integer.parseInt(Files.readString(portFile).trim());
                }
            } catch (IOException | NumberFormatException halfWritten) {
                // the agent writes it whole, by a rename; read again
            }
            Thread.sleep(20);
        }
        throw new ServiceStartException("the lab's agent never said its port; see " + log);
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /** Where the agent's probe answers; null where it was started without it. */
    public URI probe() {
        return probe;
    }

    public String readiness() {
        return readiness;
    }

    /** Blocks until the application ends by itself or the calling thread is interrupted. */
    public int waitFor() throws InterruptedException {
        return process.waitFor();
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        ServiceProcesses.stop(process);
    }
}
