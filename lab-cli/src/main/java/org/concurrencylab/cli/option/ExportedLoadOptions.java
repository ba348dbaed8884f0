package org.concurrencylab.cli.option;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.driver.LoopbackOnly;
import org.concurrencylab.hyperfoil.HyperfoilBenchmark;
import org.concurrencylab.runner.process.LabHome;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * What every {@code ./lab export} asks: which steps, aimed where, at which scale and with which client,
 * written where; the target checked, and a warning when it is not this machine's loopback.
 */
public final class ExportedLoadOptions {

    @Option(
            names = "--load",
            paramLabel = "LOAD",
            description = "Only this step (e.g. 100x10; default: every step the format can hold).")
    private String load;

    @Option(
            names = "--target",
            paramLabel = "URL",
            description =
                    "The served variant: http://host:port (default: "
                            + "http://127.0.0.1:8080, where ./lab serve listens). Another host gets a warning: the export will load it.")
    private URI target = HyperfoilBenchmark.DEFAULT_TARGET;

    @Mixin
    private ScaleOption scale;

    @Option(
            names = "--connections",
            paramLabel = "MODE",
            description = "new-per-request or keep-alive (default: the experiment's client).")
    private String connections;

    /** Where the files go; by default results/&lt;format&gt;/EXPERIMENT. */
    @Mixin
    private OutOption out;

    public RunSettings settings(CommandLine commandLine, Experiment experiment) {
        Overrides overrides = scale.applyTo(Overrides.none(), commandLine);
        overrides = Choices.connections(commandLine, connections)
                .map(overrides::withConnections)
                .orElse(overrides);
        return overrides.resolve(experiment, Runtime.getRuntime().availableProcessors());
    }

    public List<LoadStep> steps(CommandLine commandLine, Experiment experiment) {
        return load == null ? experiment.steps() : List.of(Choices.load(commandLine, experiment, load));
    }

    /** An address a load can be aimed at: http or https, a host, a port a socket can have; said aloud when not loopback. */
    public URI target(CommandLine commandLine) {
        if (target.getScheme() == null
                || !List.of("http", "https").contains(target.getScheme())
                || target.getHost() == null) {
            throw new ParameterException(
                    commandLine, "--target must be http://host:port or https://host:port, not " + target);
        }
        if (target.getPort() != -1 && (target.getPort() < 1 || target.getPort() > 65535)) {
            throw new ParameterException(
                    commandLine, "--target's port must be from 1 to 65535, not " + target.getPort());
        }
        if (!LoopbackOnly.isLoopbackName(target.getHost())) {
            System.err.println("lab: warning: this export will send load to " + target
                    + ", not to this machine's loopback; run it only against a deployment you own");
        }
        return target;
    }

    public Path directory(CommandLine commandLine, String format, Experiment experiment) {
        return out.directory(
                commandLine,
                LabHome.locate().root().resolve("results").resolve(format).resolve(experiment.name()));
    }
}
