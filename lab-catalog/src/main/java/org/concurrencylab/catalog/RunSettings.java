package org.concurrencylab.catalog;

import java.util.Objects;
import org.concurrencylab.catalog.load.JitPolicy;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.catalog.load.WarmUp;
import org.concurrencylab.results.step.Connections;

/**
 * What one experiment's run uses, every value resolved: the user's {@link Overrides} where given, the
 * experiment's own declaration otherwise. Every command that starts, exports or imports a step takes
 * its settings from here, so that none fills in a default its own way.
 *
 * @param scaled      the time scale S, the one carrier of every scaled duration and rate
 * @param cpus        what the services are told they have, unless a variant runs on this machine's own
 * @param machineCpus this machine's processors
 * @param warmUp      the load before anything is measured
 * @param connections how the load's users hold connections
 * @param jit         how the service JVMs compile
 */
public record RunSettings(
        Scaled scaled, int cpus, int machineCpus, WarmUp warmUp, Connections connections, JitPolicy jit) {

    public RunSettings {
        Objects.requireNonNull(scaled, "scaled");
        Objects.requireNonNull(warmUp, "warmUp");
        Objects.requireNonNull(connections, "connections");
        Objects.requireNonNull(jit, "jit");
        if (cpus < 1 || machineCpus < 1) {
            throw new IllegalArgumentException(
                    "a run needs at least one CPU, not " + cpus + " (this machine: " + machineCpus + ")");
        }
    }

    /** The experiment as declared, on this machine. */
    public static RunSettings of(Experiment experiment, int machineCpus) {
        return Overrides.none().resolve(experiment, machineCpus);
    }

    /** The same settings at another time scale. */
    public RunSettings withScaled(Scaled scaled) {
        return new RunSettings(scaled, cpus, machineCpus, warmUp, connections, jit);
    }

    /** The same settings with the load's users holding connections another way. */
    public RunSettings withConnections(Connections connections) {
        return new RunSettings(scaled, cpus, machineCpus, warmUp, connections, jit);
    }

    /** The processors a variant's JVM is told it has: this machine's own where the variant says so. */
    public int cpusFor(Variant variant) {
        return variant.cpus() == Variant.Cpus.OF_THIS_MACHINE ? machineCpus : cpus;
    }
}
