package org.concurrencylab.results.capacity;

/**
 * A capacity model's prediction measured: the pool that held the load back resized as the model asked, or the
 * application given every core after a model made on fewer; the same steps run, and the throughput it predicted
 * held against what was measured.
 *
 * @param variant            the variant that ran with the new size
 * @param property           the Spring property changed, or {@link #CORES} for the cores the application may run on
 * @param size               its new value
 * @param step               the step compared (the heaviest both ran)
 * @param predictedPerSecond what the model predicted the step would serve with the new size
 * @param predictedLimit     the resource it predicted would then be the limit
 * @param measuredPerSecond  what the step served
 * @param measuredLimit      the resource the model of the new run found the limit
 */
public record CapacityCheck(
        String variant,
        String property,
        int size,
        String step,
        double predictedPerSecond,
        String predictedLimit,
        double measuredPerSecond,
        String measuredLimit) {

    /** What {@code property} reads where the cores the application ran on were changed, not a property. */
    public static final String CORES = "cores";

    /** measured / predicted - 1: the prediction's error, signed. */
    public double error() {
        return predictedPerSecond <= 0 ? Double.NaN : measuredPerSecond / predictedPerSecond - 1;
    }
}
