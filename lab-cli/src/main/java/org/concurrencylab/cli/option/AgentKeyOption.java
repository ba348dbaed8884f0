package org.concurrencylab.cli.option;

import java.nio.file.Path;
import org.concurrencylab.jmeter.AgentAccess;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --key FILE} and {@code --plain-rmi}, declared once for the agent and for a run with load from agents. */
public final class AgentKeyOption {

    @Option(
            names = "--key",
            paramLabel = "FILE",
            description = "The key the lab and its agents share (mutual TLS): an agent runs plans only for a lab that "
                    + "holds the same file. Default: ~/.concurrency-lab/agent-key.p12 (./lab agent makes it there when "
                    + "missing; copy it to every other host).")
    private Path key;

    @Option(
            names = "--plain-rmi",
            description =
                    "RMI in clear, without the key: any local user could send the agent a plan. On loopback only.")
    private boolean plain;

    /** The access asked for; the default key when none is named. */
    public AgentAccess access(CommandLine command) {
        if (plain && key != null) {
            throw new ParameterException(command, "--key and --plain-rmi exclude each other");
        }
        return plain
                ? AgentAccess.plainOnLoopback()
                : AgentAccess.withKey(key == null ? AgentAccess.defaultKey() : key);
    }

    /** Whether a key file was named. */
    public boolean keyNamed() {
        return key != null;
    }

    /** Whether either option was given. */
    public boolean given() {
        return key != null || plain;
    }
}
