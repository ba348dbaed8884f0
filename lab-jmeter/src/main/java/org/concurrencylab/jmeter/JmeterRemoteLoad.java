package org.concurrencylab.jmeter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.driver.Progress;
import org.concurrencylab.results.AtomicFiles;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.runner.environment.LoadHost;
import org.concurrencylab.runner.environment.RemoteLoad;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;

/**
 * Each measured step driven by JMeter's remote engines ({@code ./lab agent} on each load host): the step's
 * users split over the agents as evenly as whole users allow, one plan per agent, run by JMeter's client
 * in a JVM of its own on this host, every sample streamed back over RMI into one sample log, read back
 * as the lab's per-request records. Build one with {@link #custom(List, String)}.
 */
public final class JmeterRemoteLoad implements RemoteLoad {

    /** The lines of JMeter's client worth showing as a step runs. */
    private static final List<String> PROGRESS =
            List.of("started:", "summary", "finished:", "stopped:", "not finished", "failed to start");

    /** The engine a step's plan names as its driver. */
    public static final String ENGINE = "jmeter";

    /** JMeter's default RMI registry port, where {@code ./lab agent} listens unless told otherwise. */
    public static final int DEFAULT_AGENT_PORT = 1099;

    private final List<String> hosts;
    private final String reachableAt;
    private final LabHome home;
    private final JavaRuntime java;
    private final Consumer<String> note;
    private final AgentAccess access;

    private JmeterRemoteLoad(Builder builder) {
        this.access = builder.access;
        this.hosts = builder.hosts;
        this.reachableAt = builder.reachableAt;
        this.home = builder.home;
        this.java = builder.java;
        this.note = builder.note;
    }

    /**
     * @param hosts       the agents, {@code host} or {@code host:port} ({@value #DEFAULT_AGENT_PORT} when none)
     * @param reachableAt the address the agents reach this host at
     */
    public static Builder custom(List<String> hosts, String reachableAt) {
        return new Builder(hosts, reachableAt);
    }

    public static final class Builder {
        private final List<String> hosts;
        private final String reachableAt;
        private LabHome home = LabHome.locate();
        private JavaRuntime java = JavaRuntime.current();
        private Consumer<String> note = line -> {};
        private AgentAccess access = AgentAccess.withKey(AgentAccess.defaultKey());

        private Builder(List<String> hosts, String reachableAt) {
            if (hosts.isEmpty()) {
                throw new IllegalArgumentException("name at least one load host");
            }
            List<String> named = new ArrayList<>();
            for (String host : hosts) {
                named.add(LoadHost.parse(host, DEFAULT_AGENT_PORT).toString());
            }
            if (named.stream().distinct().count() < named.size()) {
                throw new IllegalArgumentException("a load host is named twice: " + String.join(", ", hosts));
            }
            if (reachableAt == null || reachableAt.isBlank() || reachableAt.contains("/")) {
                throw new IllegalArgumentException(
                        "the address the load hosts reach this host at must be an address, not " + reachableAt);
            }
            this.hosts = List.copyOf(named);
            this.reachableAt = reachableAt;
        }

        public Builder home(LabHome home) {
            this.home = home;
            return this;
        }

        public Builder java(JavaRuntime java) {
            this.java = java;
            return this;
        }

        /** Where JMeter's client's lines go as a step runs: its start, its summaries, each agent's end. */
        public Builder progress(Consumer<String> note) {
            this.note = note;
            return this;
        }

        /** How the agents are reached: the shared key (default: {@link AgentAccess#defaultKey()}), or in clear on loopback. */
        public Builder access(AgentAccess access) {
            this.access = Objects.requireNonNull(access, "access");
            return this;
        }

        public JmeterRemoteLoad build() {
            JmeterEngineProcess.engineFolder(home);
            if (access.plain()
                    && !hosts.stream()
                            .allMatch(host ->
                                    LoadHost.parse(host, DEFAULT_AGENT_PORT).isLoopback())) {
                throw new IllegalArgumentException(
                        "RMI in clear is for agents on this host only; give the agents' key with --key");
            }
            if (!access.plain() && !Files.isRegularFile(access.key())) {
                throw new IllegalArgumentException("no agent key at " + access.key()
                        + ": copy here the key the agents were " + "started with (./lab agent makes one at "
                        + AgentAccess.defaultKey() + "), or name it with --key");
            }
            return new JmeterRemoteLoad(this);
        }
    }

    @Override
    public String engine() {
        return ENGINE;
    }

    @Override
    public List<String> hosts() {
        return hosts;
    }

    @Override
    public String reachableAt() {
        return reachableAt;
    }

    @Override
    public Driven drive(
            URI target,
            LoadStep step,
            Scaled scaled,
            Duration timeout,
            Connections connections,
            Path workDirectory,
            Progress progress)
            throws IOException, InterruptedException, Incomplete {
        boolean open = step instanceof LoadStep.Open;
        // an open step's arrivals are split evenly, each engine on its own even schedule; a closed step's users as
        // whole users
        List<Integer> shares =
                open ? Collections.nCopies(hosts.size(), 1) : shares(JmeterPlan.usersOf(step), hosts.size());
        double ratePerEngine =
                step instanceof LoadStep.Open arrivals ? scaled.rate(arrivals.ratePerSecond()) / hosts.size() : 0;
        List<String> plans = new ArrayList<>();
        List<String> engines = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
            if (shares.get(i) == 0) {
                continue;
            }
            JmeterPlan.Builder builder = JmeterPlan.of(step)
                    .target(target)
                    .scale(scaled)
                    .timeout(timeout)
                    .connections(connections);
            JmeterPlan plan = (open ? builder.rate(ratePerEngine) : builder.users(shares.get(i))).build();
            Path file = workDirectory.resolve("agent-" + (i + 1) + ".jmx");
            AtomicFiles.writeString(file, plan.xml());
            plans.add(file.toString());
            engines.add(hosts.get(i));
        }
        Path jtl = workDirectory.resolve("samples.jtl");
        Files.deleteIfExists(jtl);
        Duration deadline = deadline(step, scaled, timeout);
        List<String> arguments = new ArrayList<>(List.of(
                "--plan",
                String.join(",", plans),
                "--remote",
                String.join(",", engines),
                "--jtl",
                jtl.toString(),
                "--client-address",
                reachableAt,
                "--deadline-seconds",
                Long.toString(deadline.toSeconds())));
        arguments.addAll(access.arguments());
        List<String> command =
                JmeterEngineProcess.command(home, java, "run", arguments, workDirectory.resolve("jmeter-client.log"));
        Process client = JmeterEngineProcess.start(command, workDirectory);
        String stopped = null;
        StringBuilder output = new StringBuilder();
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                output.append(line).append('\n');
                if (PROGRESS.stream().anyMatch(line::startsWith)) {
                    note.accept("jmeter: " + line);
                }
                if (line.startsWith("stopped:")
                        || line.startsWith("not finished")
                        || line.startsWith("failed to start")) {
                    stopped = line;
                }
            }
        } finally {
            if (!client.waitFor(30, TimeUnit.SECONDS)) {
                client.destroyForcibly();
            }
        }
        int exit = client.exitValue();
        Files.writeString(workDirectory.resolve("jmeter-client.out"), output);
        if (exit == 2) {
            throw new IOException("JMeter's client: "
                    + JmeterEngineProcess.errorLine(output.toString()).orElse("exit 2"));
        }
        if (exit != 0 && !Files.isRegularFile(jtl)) {
            throw new IOException("JMeter's client failed (exit " + exit + ") before any sample came back: "
                    + (stopped != null ? stopped : lastLine(output.toString())) + " (its output: "
                    + workDirectory.resolve("jmeter-client.out") + ")");
        }
        JmeterSampleLog.Read read =
                open ? JmeterSampleLog.readEvenArrivals(jtl, ratePerEngine) : JmeterSampleLog.read(jtl);
        Driven driven = new Driven(read.load(), read.requestsByHost());
        read.load().requests().forEach(request -> progress.completed(request.outcome()));
        if (exit != 0) {
            throw new Incomplete(
                    (stopped == null ? "JMeter's client ended with exit " + exit : stopped) + "; "
                            + read.load().sent() + " of " + step.totalRequests() + " requests came back, by host "
                            + read.requestsByHost(),
                    driven);
        }
        return driven;
    }

    /** {@code users} over {@code hosts} as evenly as whole users allow, the first hosts taking one more. */
    static List<Integer> shares(int users, int hosts) {
        List<Integer> shares = new ArrayList<>();
        for (int i = 0; i < hosts; i++) {
            shares.add(users / hosts + (i < users % hosts ? 1 : 0));
        }
        return shares;
    }

    /**
     * How long a step may take before a host that has not reported its end is taken for stopped: every
     * request timing out one after another on its user, plus a minute for JMeter to start and to report.
     */
    static Duration deadline(LoadStep step, Scaled scaled, Duration timeout) {
        Duration longest = switch (step) {
            case LoadStep.Closed closed -> timeout.multipliedBy(closed.repetitions());
            case LoadStep.Held held -> scaled.of(held.length()).plus(timeout);
            case LoadStep.Open open -> scaled.of(open.duration()).plus(timeout);
        };
        return longest.plusMinutes(1);
    }

    private static String lastLine(String output) {
        return output.lines()
                .filter(line -> !line.isBlank())
                .reduce((first, second) -> second)
                .orElse("no output");
    }
}
