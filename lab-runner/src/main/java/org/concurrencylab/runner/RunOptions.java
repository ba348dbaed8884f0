package org.concurrencylab.runner;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.concurrencylab.catalog.JitPolicy;
import org.concurrencylab.driver.Connections;

/**
 * What the user asked of a run.
 *
 * @param scale    the time scale S, or empty for each experiment's default
 * @param cpus     the processor count the services see, or empty for each experiment's default
 * @param variants the variants to run, or empty for all
 * @param warmUpInD the warm-up length in multiples of D, or empty for each experiment's own
 * @param connections how the client holds connections, or empty for each experiment's article's client
 * @param jit      how the service JVMs compile, or empty for each experiment's own policy
 * @param outDir   where results/&lt;run&gt; goes
 */
public record RunOptions(OptionalDouble scale, OptionalInt cpus, List<String> variants, OptionalInt warmUpInD,
                         Optional<Connections> connections, Optional<JitPolicy> jit, Path outDir) {

    /** Every experiment as declared, all its variants, results under {@code outDir}. */
    public static RunOptions defaults(Path outDir) {
        return new RunOptions(OptionalDouble.empty(), OptionalInt.empty(), List.of(), OptionalInt.empty(),
                Optional.empty(), Optional.empty(), outDir);
    }

    public RunOptions withScale(double scale) {
        return new RunOptions(OptionalDouble.of(scale), cpus, variants, warmUpInD, connections, jit, outDir);
    }

    public RunOptions withCpus(int cpus) {
        return new RunOptions(scale, OptionalInt.of(cpus), variants, warmUpInD, connections, jit, outDir);
    }

    public RunOptions withVariants(List<String> variants) {
        return new RunOptions(scale, cpus, List.copyOf(variants), warmUpInD, connections, jit, outDir);
    }

    public RunOptions withWarmUpInD(int lengthInD) {
        return new RunOptions(scale, cpus, variants, OptionalInt.of(lengthInD), connections, jit, outDir);
    }

    public RunOptions withConnections(Connections connections) {
        return new RunOptions(scale, cpus, variants, warmUpInD, Optional.of(connections), jit, outDir);
    }

    public RunOptions withJit(JitPolicy jit) {
        return new RunOptions(scale, cpus, variants, warmUpInD, connections, Optional.of(jit), outDir);
    }
}
