package org.concurrencylab.cli.option;

import java.util.OptionalInt;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.Overrides;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --cpus N}, declared once for every command that starts or imports a step. */
public final class CpusOption {

    /** A typo's bound: no machine the lab runs on, or an article ran on, has more. */
    static final int MAX = 1024;

    @Option(
            names = "--cpus",
            paramLabel = "N",
            description = "CPUs the services see (-XX:ActiveProcessorCount), from 1 to "
                    + MAX
                    + ": their pools' default sizes, and so the Little's-law bounds, follow from it. Default: the articles' "
                    + "machine (" + Defaults.CPUS
                    + "), or this machine's own where an experiment says so (see ./lab list).")
    private Integer cpus;

    OptionalInt value(CommandLine command) {
        if (cpus == null) {
            return OptionalInt.empty();
        }
        if (cpus < 1 || cpus > MAX) {
            throw new ParameterException(command, "--cpus must be from 1 to " + MAX + ", not " + cpus);
        }
        return OptionalInt.of(cpus);
    }

    public Overrides applyTo(Overrides overrides, CommandLine command) {
        OptionalInt value = value(command);
        return value.isPresent() ? overrides.withCpus(value.getAsInt()) : overrides;
    }
}
