package org.concurrencylab.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.concurrencylab.driver.LoopbackOnly;
import org.concurrencylab.jmeter.JmeterEngineProcess;
import org.concurrencylab.jmeter.JmeterRemoteLoad;
import org.concurrencylab.runner.JavaRuntime;
import org.concurrencylab.runner.LabHome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "agent", description = {
        "Start a load agent on this host until Ctrl-C: JMeter's remote engine (what jmeter-server starts), from the lab's "
                + "own build, for ./lab run --load-from on another host. It prints a line with \"ready\" and the address "
                + "it accepts on. A host that only loads needs the lab's tools/jmeter-engine/target folder and a JDK 21+.",
        "RMI without SSL: whoever reaches its port can run any JMeter plan, and a plan can run code; so it listens on "
                + "127.0.0.1 unless --bind names another address, and then it warns."})
final class AgentCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "The address it accepts on, and tells the client to call back: one address of this host "
                    + "(default: ${DEFAULT-VALUE}).")
    private String bind;

    @Option(names = "--port", paramLabel = "N", defaultValue = "" + JmeterRemoteLoad.DEFAULT_AGENT_PORT,
            description = "Its RMI registry's port (default: ${DEFAULT-VALUE}, JMeter's); its engine object takes the next one.")
    private int port;

    @Override
    public Integer call() throws Exception {
        if (port < 1 || port > 65534) {
            throw new ParameterException(spec.commandLine(), "--port must be from 1 to 65534 (the engine takes the next), not " + port);
        }
        if (bind.isBlank() || List.of("0.0.0.0", "::").contains(bind)) {
            throw new ParameterException(spec.commandLine(), "--bind names one address of this host, not " + bind
                    + ": JMeter tells the client to call back at it");
        }
        if (!LoopbackOnly.isLoopbackName(bind)) {
            System.err.println("lab: WARNING: --bind " + bind + ": JMeter's remote engine accepts test plans from any host "
                    + "that reaches " + bind + ":" + port + ", over RMI without SSL or authentication, and a plan can run "
                    + "code on this host; run it only on a network you trust, and stop it when the run is over");
        }
        LabHome home = LabHome.locate();
        Path logs = home.root().resolve("results").resolve("agent");
        Files.createDirectories(logs);
        Path log = logs.resolve("jmeter-agent-" + port + ".log");
        List<String> command;
        try {
            command = JmeterEngineProcess.command(home, JavaRuntime.current(), "agent",
                    List.of("--bind", bind, "--port", Integer.toString(port)), log);
        } catch (IllegalStateException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Process agent = JmeterEngineProcess.start(command, logs);
        // the agent goes with the lab, on Ctrl-C as on any other end
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            agent.destroy();
            try {
                // gone before the lab is: whoever waits for the lab finds the port free
                if (!agent.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                    agent.destroyForcibly();
                }
            } catch (InterruptedException e) {
                agent.destroyForcibly();
                Thread.currentThread().interrupt();
            }
            System.err.println("lab: agent on " + bind + ":" + port + " stopped");
        }, "lab-agent-stop"));
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.startsWith("ready:")) {
                    System.out.println("lab: agent " + line + "; Ctrl-C stops it. JMeter's log: " + log);
                } else if (!line.startsWith("WARN StatusConsoleListener")) {
                    System.out.println("lab: agent: " + line);
                }
            }
        }
        int exit = agent.waitFor();
        System.err.println("lab: the agent ended by itself (exit " + exit + "); JMeter's log: " + log);
        return exit == 0 ? 0 : 1;
    }
}
