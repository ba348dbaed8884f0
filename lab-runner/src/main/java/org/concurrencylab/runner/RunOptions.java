package org.concurrencylab.runner;

import java.nio.file.Path;
import java.util.List;
import org.concurrencylab.catalog.JitPolicy;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.driver.Connections;

/**
 * What the user asked of a run.
 *
 * @param overrides what to change of each experiment's declaration (see {@link Overrides#resolve})
 * @param variants  the variants to run, or empty for all
 * @param outDir    where results/&lt;run&gt; goes
 */
public record RunOptions(Overrides overrides, List<String> variants, Path outDir) {

    public RunOptions {
        variants = List.copyOf(variants);
    }

    /** Every experiment as declared, all its variants, results under {@code outDir}. */
    public static RunOptions defaults(Path outDir) {
        return new RunOptions(Overrides.none(), List.of(), outDir);
    }

    public RunOptions withScale(double scale) {
        return new RunOptions(overrides.withScale(scale), variants, outDir);
    }

    public RunOptions withCpus(int cpus) {
        return new RunOptions(overrides.withCpus(cpus), variants, outDir);
    }

    public RunOptions withVariants(List<String> variants) {
        return new RunOptions(overrides, variants, outDir);
    }

    public RunOptions withWarmUpInD(int lengthInD) {
        return new RunOptions(overrides.withWarmUpInD(lengthInD), variants, outDir);
    }

    public RunOptions withConnections(Connections connections) {
        return new RunOptions(overrides.withConnections(connections), variants, outDir);
    }

    public RunOptions withJit(JitPolicy jit) {
        return new RunOptions(overrides.withJit(jit), variants, outDir);
    }
}
