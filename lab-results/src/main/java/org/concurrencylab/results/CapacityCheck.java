package org.concurrencylab.results;

/**
 * The capacity model's advice measured again: the pool that held the load back resized as the model asked, the
 * same steps run, and the throughput it predicted held against what was measured.
 *
 * @param variant            the variant that ran with the new size
 * @param property           the Spring property changed
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

    /** measured / predicted - 1: the prediction's error, signed. */
    public double error() {
        return predictedPerSecond <= 0 ? Double.NaN : measuredPerSecond / predictedPerSecond - 1;
    }
}
