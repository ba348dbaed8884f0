package org.concurrencylab.cli.option;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.concurrencylab.driver.LoopbackOnly;
import org.concurrencylab.jmeter.JmeterRemoteLoad;
import org.concurrencylab.runner.environment.LoadHost;
import org.concurrencylab.runner.environment.RemoteLoad;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** {@code --load-from} and {@code --reachable-at}, checked, as the run's remote load. */
public final class LoadHosts {

    private LoadHosts() {}

    public static Optional<RemoteLoad> remoteLoad(
            CommandLine commandLine,
            List<String> hosts,
            String reachableAt,
            AgentKeyOption key,
            LabHome home,
            Consumer<String> progress) {
        if (hosts.isEmpty()) {
            if (reachableAt != null || key.given()) {
                throw new ParameterException(
                        commandLine,
                        (reachableAt != null ? "--reachable-at goes" : "--key and --plain-rmi go")
                                + " with --load-from");
            }
            return Optional.empty();
        }
        boolean allOnThisHost;
        try {
            allOnThisHost = hosts.stream()
                    .allMatch(host -> LoadHost.parse(host, JmeterRemoteLoad.DEFAULT_AGENT_PORT)
                            .isLoopback());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(commandLine, "--load-from: " + e.getMessage());
        }
        if (reachableAt == null && !allOnThisHost) {
            throw new ParameterException(
                    commandLine,
                    "--load-from names other hosts: say with --reachable-at which address of "
                            + "this host they reach it at");
        }
        String address = reachableAt == null ? "127.0.0.1" : reachableAt;
        RemoteLoad load;
        try {
            load = JmeterRemoteLoad.custom(hosts, address)
                    .home(home)
                    .java(JavaRuntime.current())
                    .access(key.access(commandLine))
                    .progress(progress)
                    .build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ParameterException(commandLine, e.getMessage());
        }
        // once the load is sure to run: a refused command line says one thing only
        if (!LoopbackOnly.isLoopbackName(address)) {
            System.err.println(
                    "lab: WARNING: --reachable-at " + address + ": each variant's entry service listens on every "
                            + "interface of this machine, reachable from other hosts, with no authentication; what the service "
                            + "calls and the lab's own servers stay on 127.0.0.1");
        }
        return Optional.of(load);
    }
}
