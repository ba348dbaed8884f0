package org.concurrencylab.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.concurrencylab.cli.option.AgentKeyOption;
import org.concurrencylab.driver.LoopbackOnly;
import org.concurrencylab.jmeter.AgentAccess;
import org.concurrencylab.jmeter.JmeterEngineProcess;
import org.concurrencylab.jmeter.JmeterRemoteLoad;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(
        name = "agent",
        description = {
            "Start a load agent on this host until Ctrl-C, for ./lab run --load-from on another host: JMeter's remote engine "
                    + "from the lab's own build. It prints a line with \"ready\" and the address it accepts on. A host that "
                    + "only loads needs the lab's tools/jmeter-engine/target folder, a JDK 21+ and the key.",
            "It accepts only a lab that holds its key (mutual TLS), builds only the classes a lab plan holds, runs only a "
                    + "plan the lab's plan writer could have written (no scripts, no functions, HTTP only), and has no script "
                    + "engine on its class path. With no --key it uses ~/.concurrency-lab/agent-key.p12, made there when missing."
        })
final class AgentCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(
            names = "--bind",
            paramLabel = "ADDRESS",
            defaultValue = "127.0.0.1",
            description = "The address it accepts on, and tells the client to call back: one address of this host "
                    + "(default: ${DEFAULT-VALUE}).")
    private String bind;

    @Option(
            names = "--port",
            paramLabel = "N",
            defaultValue = "" + JmeterRemoteLoad.DEFAULT_AGENT_PORT,
            description =
                    "Its RMI registry's port (default: ${DEFAULT-VALUE}, JMeter's); its engine object takes the next one.")
    private int port;

    @Option(
            names = "--new-key",
            paramLabel = "FILE",
            description =
                    "Make a new key at FILE (readable by you only; never over an existing file) and exit; copy it "
                            + "to the lab's host and every load host.")
    private Path newKey;

    @Mixin
    private AgentKeyOption key;

    /** Set when the lab is stopping (Ctrl-C, SIGTERM): the agent's end is then the lab's doing. */
    private volatile boolean stopping;

    @Override
    public Integer call() throws Exception {
        LabHome home = LabHome.locate();
        if (newKey != null) {
            if (key.given()) {
                throw new ParameterException(spec.commandLine(), "--new-key makes a key and exits: give it alone");
            }
            makeKey(home, newKey);
            System.out.println(
                    "lab: made a new agent key at " + newKey.toAbsolutePath() + " (readable by you only); copy it "
                            + "to the lab's host and every load host, and name it with --key where it is not at "
                            + AgentAccess.defaultKey());
            return 0;
        }
        if (port < 1 || port > 65534) {
            throw new ParameterException(
                    spec.commandLine(), "--port must be from 1 to 65534 (the engine takes the next), not " + port);
        }
        if (bind.isBlank() || List.of("0.0.0.0", "::").contains(bind)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--bind names one address of this host" + (bind.isBlank() ? "; it was empty" : ", not " + bind)
                            + ": JMeter tells the client to call back at it");
        }
        AgentAccess access = key.access(spec.commandLine());
        boolean loopback = LoopbackOnly.isLoopbackName(bind);
        if (access.plain() && !loopback) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--plain-rmi is for loopback only, not --bind " + bind
                            + ": the agent's key keeps other hosts' plans out");
        }
        if (!access.plain() && !key.keyNamed() && !Files.exists(access.key())) {
            makeKey(home, access.key());
            System.out.println("lab: made a new agent key at " + access.key()
                    + " (readable by you only); copy it to the " + "lab's host, at the same place or named with --key");
        }
        if (access.plain()) {
            System.err.println(
                    "lab: WARNING: --plain-rmi: RMI in clear, with no key; any user of this host can send this "
                            + "agent a plan. Its other checks still hold");
        } else if (!loopback) {
            System.err.println(
                    "lab: --bind " + bind + ": the agent accepts on this network, from a lab holding its key only");
        }
        Path logs = home.root().resolve("results").resolve("agent");
        Files.createDirectories(logs);
        Path log = logs.resolve("jmeter-agent-" + port + ".log");
        List<String> command;
        try {
            List<String> arguments = new ArrayList<>(List.of("--bind", bind, "--port", Integer.toString(port)));
            arguments.addAll(
                    access.plain()
                            ? List.of("--plain-rmi")
                            : List.of("--key", access.key().toString()));
            command = JmeterEngineProcess.command(home, JavaRuntime.current(), "agent", arguments, log);
        } catch (IllegalStateException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Process agent = JmeterEngineProcess.start(command, logs);
        // the agent goes with the lab, on Ctrl-C as on any other end
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(agent), "lab-agent-stop"));
        Optional<String> error = Optional.empty();
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.startsWith("ready:")) {
                    System.out.println("lab: agent " + line + "; Ctrl-C stops it. JMeter's log: " + log);
                } else if (JmeterEngineProcess.errorLine(line).isPresent()) {
                    error = JmeterEngineProcess.errorLine(line);
                } else if (!line.startsWith("WARN StatusConsoleListener")) {
                    System.out.println("lab: agent: " + line);
                }
            }
        }
        int exit = agent.waitFor();
        if (stopping) {
            return 0;
        }
        if (error.isPresent()) {
            System.err.println("lab: " + error.get());
            return 2;
        }
        System.err.println("lab: the agent ended by itself (exit " + exit + "); JMeter's log: " + log);
        return exit == 0 ? 0 : 1;
    }

    private void makeKey(LabHome home, Path file) throws Exception {
        try {
            AgentAccess.createKey(home, JavaRuntime.current(), file);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private void stop(Process agent) {
        stopping = true;
        if (!agent.isAlive()) {
            return;
        }
        agent.destroy();
        try {
            // gone before the lab is: whoever waits for the lab finds the port free
            if (!agent.waitFor(5, TimeUnit.SECONDS)) {
                agent.destroyForcibly();
            }
        } catch (InterruptedException e) {
            agent.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        System.err.println("lab: agent on " + bind + ":" + port + " stopped");
    }
}
