package org.concurrencylab.catalog;

import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.ProcessUsage;

/** What the claims' edge tests share: one claim of an experiment judged on hand-made measurements. */
public final class Judge {

    private Judge() {}

    /** The verdict of the claim {@code id} of {@code experiment} on {@code measurements}. */
    public static ClaimResult claim(Experiment experiment, String id, Measurements measurements) {
        return experiment.claims().stream()
                .filter(claim -> claim.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new AssertionError(experiment.name() + " has no claim " + id))
                .evaluate(measurements);
    }

    /** A variant of the article's that ran these steps on 8 CPUs. */
    public static VariantResult variant(String name, StepResult... steps) {
        return VariantResult.custom(name)
                .origin("seed")
                .cpus(8)
                .steps(List.of(steps))
                .build();
    }

    /** A service process that used {@code cpuSeconds} and switched as given, its timers counting {@code requests}. */
    public static ProcessUsage process(
            double cpuSeconds, OptionalLong voluntary, OptionalLong involuntary, long requests) {
        return new ProcessUsage(cpuSeconds, 1 << 28, voluntary, involuntary, OptionalDouble.of(0), requests, 1);
    }
}
