package org.concurrencylab.catalog.load;

import java.time.Duration;
import org.concurrencylab.results.ScaleRange;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.results.step.LoadPlan;

/**
 * The article's durations and rates under the time scale S: latencies and timeouts times S, rates
 * divided by S. One rule for everything that scales a step: the runner driving it, a Hyperfoil
 * benchmark exported from it, and a Hyperfoil run imported back.
 */
public record Scaled(double scale) {

    public Scaled {
        ScaleRange.problem(scale).ifPresent(problem -> {
            throw new IllegalArgumentException("scale " + problem);
        });
    }

    public Duration of(Duration articleDuration) {
        return Duration.ofNanos(Math.round(articleDuration.toNanos() * scale));
    }

    /** An article's arrival rate under S: divided by S, so that the load in Erlangs stays the article's. */
    public double rate(double articleRatePerSecond) {
        return articleRatePerSecond / scale;
    }

    /** A rate measured in the run, in the article's time: multiplied by S. */
    public double articleRate(double runRatePerSecond) {
        return runRatePerSecond * scale;
    }

    /** A duration measured in the run, in milliseconds of the article's time: divided by S. */
    public double articleMillis(double runMillis) {
        return runMillis / scale;
    }

    /** One second of the article's time, as the run goes: the width of every per-second timeline. */
    public Duration articleSecond() {
        return of(Duration.ofSeconds(1));
    }

    /** The step as it runs under S, for the results. */
    public LoadPlan plan(LoadStep step, Duration timeout, Connections connections) {
        double timeoutMillis = timeout.toNanos() / 1e6;
        return switch (step) {
            case LoadStep.Closed closed ->
                LoadPlan.closed(closed.users(), closed.repetitions(), timeoutMillis, connections.label());
            case LoadStep.Held held ->
                LoadPlan.held(
                        held.users(),
                        seconds(held.rampUp()),
                        seconds(held.hold()),
                        seconds(held.thinkTime()),
                        timeoutMillis,
                        connections.label());
            case LoadStep.Open open ->
                LoadPlan.open(rate(open.ratePerSecond()), seconds(open.duration()), timeoutMillis, connections.label());
        };
    }

    private double seconds(Duration articleDuration) {
        return of(articleDuration).toNanos() / 1e9;
    }
}
