package org.concurrencylab.sweep;

import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * Throughput measured at values of a knob, rising in the knob: what a model is fitted to.
 *
 * @param knob       the knob's values, N
 * @param throughput the throughput at each, X(N), per second
 */
record Curve(double[] knob, double[] throughput) {

    Curve {
        if (knob.length != throughput.length) {
            throw new IllegalArgumentException("a curve has one throughput per value of its knob");
        }
        for (int i = 1; i < knob.length; i++) {
            if (knob[i] <= knob[i - 1]) {
                throw new IllegalArgumentException("a curve's knob rises from point to point");
            }
        }
    }

    static Curve of(List<double[]> points) {
        double[] knob = new double[points.size()];
        double[] throughput = new double[points.size()];
        for (int i = 0; i < points.size(); i++) {
            knob[i] = points.get(i)[0];
            throughput[i] = points.get(i)[1];
        }
        return new Curve(knob, throughput);
    }

    int size() {
        return knob.length;
    }

    /** The first {@code count} points. */
    Curve lowest(int count) {
        return new Curve(Arrays.copyOf(knob, count), Arrays.copyOf(throughput, count));
    }

    /** The root mean square of what a model misses by. */
    double rmsResidual(DoubleUnaryOperator model) {
        double sum = 0;
        for (int i = 0; i < size(); i++) {
            double miss = model.applyAsDouble(knob[i]) - throughput[i];
            sum += miss * miss;
        }
        return Math.sqrt(sum / size());
    }
}
