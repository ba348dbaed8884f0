package org.concurrencylab.catalog;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.concurrencylab.catalog.load.JitPolicy;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.catalog.load.WarmUp;
import org.concurrencylab.results.step.Connections;

/**
 * What the user asked to change of an experiment's declaration for one run, each value absent where they
 * asked nothing. Built with {@link #none()} and the {@code with…} methods; {@link #resolve} is the one
 * place where "the option, else the experiment's own" is decided.
 */
public record Overrides(
        OptionalDouble scale,
        OptionalInt cpus,
        OptionalInt warmUpInD,
        Optional<Connections> connections,
        Optional<JitPolicy> jit) {

    public Overrides {
        scale.ifPresent(s -> new Scaled(s));
        cpus.ifPresent(n -> {
            if (n < 1) {
                throw new IllegalArgumentException("cpus must be at least 1, not " + n);
            }
        });
        warmUpInD.ifPresent(n -> {
            if (n < 1) {
                throw new IllegalArgumentException("a warm-up lasts at least one D, not " + n);
            }
        });
    }

    public static Overrides none() {
        return new Overrides(
                OptionalDouble.empty(), OptionalInt.empty(), OptionalInt.empty(), Optional.empty(), Optional.empty());
    }

    public Overrides withScale(double scale) {
        return new Overrides(OptionalDouble.of(scale), cpus, warmUpInD, connections, jit);
    }

    public Overrides withCpus(int cpus) {
        return new Overrides(scale, OptionalInt.of(cpus), warmUpInD, connections, jit);
    }

    public Overrides withWarmUpInD(int lengthInD) {
        return new Overrides(scale, cpus, OptionalInt.of(lengthInD), connections, jit);
    }

    public Overrides withConnections(Connections connections) {
        return new Overrides(scale, cpus, warmUpInD, Optional.of(connections), jit);
    }

    public Overrides withJit(JitPolicy jit) {
        return new Overrides(scale, cpus, warmUpInD, connections, Optional.of(jit));
    }

    /** The settings of a run of {@code experiment} on a machine of {@code machineCpus} processors. */
    public RunSettings resolve(Experiment experiment, int machineCpus) {
        return new RunSettings(
                new Scaled(scale.orElse(experiment.defaultScale())),
                cpus.orElse(experiment.defaultCpusOn(machineCpus)),
                machineCpus,
                new WarmUp(
                        experiment.warmUp().users(),
                        warmUpInD.orElse(experiment.warmUp().lengthInD())),
                connections.orElse(experiment.connections()),
                jit.orElse(experiment.jit()));
    }
}
