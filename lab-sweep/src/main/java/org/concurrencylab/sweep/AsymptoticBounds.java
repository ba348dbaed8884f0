package org.concurrencylab.sweep;

import org.concurrencylab.results.sweep.SweepFit;

/**
 * Little's law's two asymptotes, X(N) = min(N / R0, Xmax): throughput grows with the knob until a pool,
 * or the machine, caps it. A pool's hard cap makes a corner that the USL's smooth curve rounds off and
 * places late; this model has the corner. Fitted exactly, without an optimizer: for every split of the
 * points into a rising part and a flat part, the rising part's least-squares line through the origin and
 * the flat part's mean; the split with the smallest residual wins. A flat part is two points or more: one
 * point alone is always matched exactly by its own mean, and would put a knee at the last point of every
 * curve that was still rising.
 */
final class AsymptoticBounds {

    static final int FEWEST_POINTS = 2;

    private AsymptoticBounds() {}

    static SweepFit.Bounds fit(Curve curve) {
        if (curve.size() < FEWEST_POINTS) {
            throw new IllegalArgumentException(
                    "the bounds need " + FEWEST_POINTS + " points or more; " + curve.size() + " given");
        }
        double[] knob = curve.knob();
        double[] throughput = curve.throughput();
        SweepFit.Bounds best = null;
        for (int rising = 1; rising <= curve.size(); rising++) {
            if (rising == curve.size() - 1) {
                continue;
            }
            double products = 0;
            double squares = 0;
            for (int i = 0; i < rising; i++) {
                products += knob[i] * throughput[i];
                squares += knob[i] * knob[i];
            }
            double slope = products / squares;
            Double max = null;
            if (rising < curve.size()) {
                double sum = 0;
                for (int i = rising; i < curve.size(); i++) {
                    sum += throughput[i];
                }
                max = sum / (curve.size() - rising);
            }
            SweepFit.Bounds candidate = new SweepFit.Bounds(slope, max, 0);
            double residual = curve.rmsResidual(n -> predict(candidate, n));
            if (best == null || residual < best.rmsResidual()) {
                best = new SweepFit.Bounds(slope, max, residual);
            }
        }
        return best;
    }

    static double predict(SweepFit.Bounds bounds, double n) {
        double rising = bounds.perUnitPerSecond() * n;
        return bounds.maxPerSecond() == null ? rising : Math.min(rising, bounds.maxPerSecond());
    }

    /** Where the two asymptotes meet; null when no point reached the flat one. */
    static Double knee(SweepFit.Bounds bounds) {
        return bounds.maxPerSecond() == null ? null : bounds.maxPerSecond() / bounds.perUnitPerSecond();
    }
}
