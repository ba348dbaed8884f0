package org.concurrencylab.cli.option;

import java.util.OptionalDouble;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.results.ScaleRange;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --scale S}, declared once for every command that runs, exports or imports a step. */
public final class ScaleOption {

    @Option(
            names = "--scale",
            paramLabel = "S",
            description = "Time scale, from " + ScaleRange.MIN + " to " + ScaleRange.MAX
                    + ": every latency and timeout x S, every rate / S (1 = the article's own time). Default: the experiment's "
                    + "own (see ./lab list), unless the command says otherwise.")
    private Double scale;

    /** The scale asked for, checked; empty when none was. */
    public OptionalDouble value(CommandLine command) {
        if (scale == null) {
            return OptionalDouble.empty();
        }
        ScaleRange.problem(scale).ifPresent(problem -> {
            throw new ParameterException(command, "--scale " + problem);
        });
        return OptionalDouble.of(scale);
    }

    public Overrides applyTo(Overrides overrides, CommandLine command) {
        OptionalDouble value = value(command);
        return value.isPresent() ? overrides.withScale(value.getAsDouble()) : overrides;
    }
}
