package org.concurrencylab.statistics;

import java.util.Arrays;
import java.util.Collection;
import java.util.Optional;
import org.apache.commons.math3.distribution.TDistribution;
import org.concurrencylab.results.interval.Interval;

/**
 * The values one figure took in each fork of a variant, one value a fork, and what they say of its mean: the
 * forks are independent JVMs started alike, so their figures are a sample of the JVM-to-JVM distribution, and the
 * mean's confidence interval is Student's t over them ("Statistically rigorous Java performance evaluation",
 * Georges, Buytaert and Eeckhout, OOPSLA 2007; JMH's score error over forks).
 */
public final class ForkSample {

    private final double[] values;

    private ForkSample(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("a sample of forks holds one value or more");
        }
        for (double value : values) {
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException("a fork's figure is a number, not " + value);
            }
        }
        this.values = values;
    }

    public static ForkSample of(double... values) {
        return new ForkSample(values.clone());
    }

    public static ForkSample of(Collection<? extends Number> values) {
        return new ForkSample(values.stream().mapToDouble(Number::doubleValue).toArray());
    }

    public int forks() {
        return values.length;
    }

    public double mean() {
        return Arrays.stream(values).sum() / values.length;
    }

    /** The sample's standard deviation (n - 1 in the denominator); 0 for one fork. */
    public double standardDeviation() {
        if (values.length < 2) {
            return 0;
        }
        double mean = mean();
        double squares = Arrays.stream(values)
                .map(value -> (value - mean) * (value - mean))
                .sum();
        return Math.sqrt(squares / (values.length - 1));
    }

    /** The standard error of the mean: how far the mean of so many forks moves from one set of forks to the next. */
    public double standardError() {
        return standardDeviation() / Math.sqrt(values.length);
    }

    /** The mean's interval at {@code level}, by Student's t with one degree of freedom fewer than the forks; none for one fork. */
    public Optional<Interval> interval(double level) {
        if (values.length < 2) {
            return Optional.empty();
        }
        double mean = mean();
        double half = tQuantile(values.length - 1, level) * standardError();
        return Optional.of(new Interval(mean - half, mean + half, level, values.length));
    }

    /** The smallest and the largest fork's figure. */
    public double min() {
        return Arrays.stream(values).min().orElseThrow();
    }

    public double max() {
        return Arrays.stream(values).max().orElseThrow();
    }

    double[] values() {
        return values.clone();
    }

    /** The two-sided quantile of Student's t: {@code t} such that {@code P(|T| <= t) = level}. */
    static double tQuantile(double degreesOfFreedom, double level) {
        return new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability((1 + level) / 2);
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
