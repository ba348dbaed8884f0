package org.concurrencylab.runner;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.catalog.load.JitPolicy;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.runner.environment.RemoteLoad;

/**
 * What the user asked of a run.
 *
 * @param overrides what to change of each experiment's declaration (see {@link Overrides#resolve})
 * @param variants  the variants to run, or empty for all
 * @param outDir    where results/&lt;run&gt; goes
 * @param remoteLoad where the measured steps' load comes from, when not from the lab's own driver here
 */
public record RunOptions(Overrides overrides, List<String> variants, Path outDir, Optional<RemoteLoad> remoteLoad) {

    public RunOptions {
        variants = List.copyOf(variants);
        Objects.requireNonNull(remoteLoad, "remoteLoad");
    }

    /** The load from the lab's own driver, on this host. */
    public RunOptions(Overrides overrides, List<String> variants, Path outDir) {
        this(overrides, variants, outDir, Optional.empty());
    }

    /** The measured steps driven from other hosts. */
    public RunOptions withRemoteLoad(RemoteLoad load) {
        return new RunOptions(overrides, variants, outDir, Optional.of(load));
    }

    /** Every experiment as declared, all its variants, results under {@code outDir}. */
    public static RunOptions defaults(Path outDir) {
        return new RunOptions(Overrides.none(), List.of(), outDir);
    }

    public RunOptions withScale(double scale) {
        return new RunOptions(overrides.withScale(scale), variants, outDir, remoteLoad);
    }

    public RunOptions withCpus(int cpus) {
        return new RunOptions(overrides.withCpus(cpus), variants, outDir, remoteLoad);
    }

    public RunOptions withVariants(List<String> variants) {
        return new RunOptions(overrides, variants, outDir, remoteLoad);
    }

    public RunOptions withWarmUpInD(int lengthInD) {
        return new RunOptions(overrides.withWarmUpInD(lengthInD), variants, outDir, remoteLoad);
    }

    public RunOptions withConnections(Connections connections) {
        return new RunOptions(overrides.withConnections(connections), variants, outDir, remoteLoad);
    }

    public RunOptions withJit(JitPolicy jit) {
        return new RunOptions(overrides.withJit(jit), variants, outDir, remoteLoad);
    }
}
