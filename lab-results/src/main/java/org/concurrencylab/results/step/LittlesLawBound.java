package org.concurrencylab.results.step;

/**
 * The throughput a variant's concurrency limit allows at one step's load, by Little's law: the model's
 * figure the step is held against, never a measurement.
 *
 * @param littlesLawPerSecond        the most the variant's pools and the load's users allow together
 * @param littlesLawModel            how that bound follows from the sizing, in words
 * @param machineLittlesLawPerSecond the same bound with this machine's own CPU count
 */
public record LittlesLawBound(double littlesLawPerSecond, String littlesLawModel, double machineLittlesLawPerSecond) {

    /** No bound: a step whose variant has no model of its limit (an imported load, a test's step). */
    public static final LittlesLawBound NONE = new LittlesLawBound(0, null, 0);
}
