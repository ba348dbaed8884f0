package org.concurrencylab.runner.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One service JVM, bound to 127.0.0.1. It is started on the port asked for (0: any free one, learnt
 * from the port file the service writes), awaited until ready, and stopped on close.
 */
public final class ServiceProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final Process process;
    private final int port;

    private ServiceProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    public static ServiceProcess start(ServiceCommand command, Path log)
            throws ServiceStartException, InterruptedException {
        return start(command, log, System.getenv());
    }

    /** @param inherited the environment the lab was started with, of which the service gets only what {@link ConfinedEnvironment} keeps */
    static ServiceProcess start(ServiceCommand command, Path log, Map<String, String> inherited)
            throws ServiceStartException, InterruptedException {
        Path portFile;
        Process process;
        try {
            Files.createDirectories(log.getParent());
            // beside the log, in the run's own folder: nothing in /tmp for a killed lab to leave behind
            portFile = log.resolveSibling("." + log.getFileName() + ".port");
            Files.deleteIfExists(portFile);
            // the log's folder is the lab's own: a config/ in the folder the lab was started from is never read
            ProcessBuilder builder = new ProcessBuilder(command.toArguments())
                    .directory(log.toAbsolutePath().getParent().toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            Map<String, String> labOwn = new LinkedHashMap<>(command.environment());
            labOwn.put("PORTFILE", portFile.toString());
            ConfinedEnvironment.applyTo(builder, inherited, labOwn);
            process = builder.start();
        } catch (IOException e) {
            throw new ServiceStartException("could not start " + command.jar().getFileName() + ": " + e.getMessage());
        }
        ServiceProcesses.register(process);
        try {
            int port = awaitPort(process, portFile, log);
            ServiceProcess service = new ServiceProcess(process, port);
            Readiness.await(service.uri("/actuator/health/readiness"), process, START_TIMEOUT);
            return service;
        } catch (ServiceStartException | InterruptedException | RuntimeException e) {
            ServiceProcesses.stop(process);
            throw e;
        } finally {
            deleteQuietly(portFile);
        }
    }

    private static int awaitPort(Process process, Path portFile, Path log)
            throws ServiceStartException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new ServiceStartException(reasonFromLog(log, process.exitValue()));
            }
            try {
                String text = Files.isRegularFile(portFile)
                        ? Files.readString(portFile).trim()
                        : "";
                if (!text.isEmpty()) {
                    return Integer.parseInt(text);
                }
            } catch (IOException | NumberFormatException halfWritten) {
                // read again on the next tick
            }
            Thread.sleep(50);
        }
        throw new ServiceStartException("no port after " + START_TIMEOUT.toSeconds() + " s; see " + log);
    }

    /** Spring Boot explains a failed start under "Description:"; that paragraph is the reason. */
    public static String reasonFromLog(Path log, int exitCode) {
        List<String> lines;
        try {
            lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "exited with code " + exitCode;
        }
        int description = lines.indexOf("Description:");
        if (description >= 0) {
            List<String> paragraph = new ArrayList<>();
            for (int i = description + 1; i < lines.size() && !lines.get(i).equals("Action:"); i++) {
                if (!lines.get(i).isBlank()) {
                    paragraph.add(lines.get(i).trim());
                }
            }
            return String.join(" ", paragraph);
        }
        for (int i = lines.size() - 1; i >= 0; i--) {
            String line = lines.get(i);
            if (line.contains("Exception") || line.contains("Error")) {
                return line.trim() + " (exit code " + exitCode + ")";
            }
        }
        // what the java launcher says of a jar it cannot start, or what a main that returned printed last
        return "exited with code " + exitCode + " before it was ready; its log's last line: " + lastLine(log);
    }

    /** The last line of a log that says something, trimmed; "none" for an empty or unreadable log. */
    public static String lastLine(Path log) {
        try (var lines = Files.lines(log, StandardCharsets.UTF_8)) {
            return lines.filter(line -> !line.isBlank())
                    .reduce((first, second) -> second)
                    .map(String::trim)
                    .orElse("none");
        } catch (IOException | UncheckedIOException e) {
            return "none";
        }
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    public int port() {
        return port;
    }

    /** The JVM's process id, for the machine-wide CPU account of a step. */
    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Blocks until the service ends by itself or the calling thread is interrupted. */
    public int waitFor() throws InterruptedException {
        return process.waitFor();
    }

    /** Whether the lab is exiting and stopping its services, rather than this one having failed. */
    public static boolean stoppedByTheLab() {
        return ServiceProcesses.labStopping();
    }

    @Override
    public void close() {
        ServiceProcesses.stop(process);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file of a few bytes
        }
    }
}
