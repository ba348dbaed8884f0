package org.concurrencylab.runner;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What the user asked of a run.
 *
 * @param scale    the time scale S, or empty for each experiment's default
 * @param cpus     the processor count the services see, or empty for each experiment's default
 * @param variants the variants to run, or empty for all
 * @param warmUpInD the warm-up length in multiples of D, or empty for each experiment's own
 * @param outDir   where results/&lt;run&gt; goes
 */
public record RunOptions(OptionalDouble scale, OptionalInt cpus, List<String> variants, OptionalInt warmUpInD,
                         Path outDir) {
}
