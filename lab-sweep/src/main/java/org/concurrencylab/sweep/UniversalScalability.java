package org.concurrencylab.sweep;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresOptimizer;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.fitting.leastsquares.MultivariateJacobianFunction;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.util.Pair;
import org.concurrencylab.results.sweep.SweepFit;

/**
 * Gunther's Universal Scalability Law, X(N) = λN / (1 + σ(N − 1) + κN(N − 1)), fitted by
 * Levenberg-Marquardt least squares with σ and κ held at zero or above; each parameter's 95 % interval
 * from the fit's covariance and Student's t with n − 3 degrees of freedom.
 */
final class UniversalScalability {

    /** Three parameters and at least one degree of freedom left for their intervals. */
    static final int FEWEST_POINTS = 4;

    private static final int MOST_ITERATIONS = 10_000;

    private UniversalScalability() {}

    static double throughput(double lambda, double sigma, double kappa, double n) {
        return lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1));
    }

    static SweepFit.Usl fit(Curve curve) {
        if (curve.size() < FEWEST_POINTS) {
            throw new IllegalArgumentException(
                    "the USL needs " + FEWEST_POINTS + " points or more; " + curve.size() + " given");
        }
        double[] knob = curve.knob();
        MultivariateJacobianFunction model = parameters -> {
            double lambda = parameters.getEntry(0);
            double sigma = parameters.getEntry(1);
            double kappa = parameters.getEntry(2);
            RealVector value = new ArrayRealVector(knob.length);
            Array2DRowRealMatrix jacobian = new Array2DRowRealMatrix(knob.length, 3);
            for (int i = 0; i < knob.length; i++) {
                double n = knob[i];
                double denominator = 1 + sigma * (n - 1) + kappa * n * (n - 1);
                value.setEntry(i, lambda * n / denominator);
                jacobian.setEntry(i, 0, n / denominator);
                jacobian.setEntry(i, 1, -lambda * n * (n - 1) / (denominator * denominator));
                jacobian.setEntry(i, 2, -lambda * n * n * (n - 1) / (denominator * denominator));
            }
            return new Pair<>(value, jacobian);
        };
        // the lone point's throughput per unit is λ to begin with: the curve's slope before anything contends
        double startLambda = curve.throughput()[0] / knob[0];
        LeastSquaresOptimizer.Optimum optimum = new LevenbergMarquardtOptimizer()
                .optimize(new LeastSquaresBuilder()
                        .start(new double[] {startLambda, 0.01, 0.0001})
                        .model(model)
                        .target(curve.throughput())
                        .parameterValidator(parameters -> {
                            RealVector valid = parameters.copy();
                            valid.setEntry(0, Math.max(1e-12, parameters.getEntry(0)));
                            valid.setEntry(1, Math.max(0, parameters.getEntry(1)));
                            valid.setEntry(2, Math.max(0, parameters.getEntry(2)));
                            return valid;
                        })
                        .maxEvaluations(MOST_ITERATIONS)
                        .maxIterations(MOST_ITERATIONS)
                        .build());
        RealVector best = optimum.getPoint();
        double lambda = best.getEntry(0);
        double sigma = best.getEntry(1);
        double kappa = best.getEntry(2);
        RealVector errors = optimum.getSigma(1e-14);
        double t = new TDistribution(curve.size() - 3).inverseCumulativeProbability(0.975);
        Double peakAt = kappa > 0 && sigma < 1 ? Math.sqrt((1 - sigma) / kappa) : null;
        return new SweepFit.Usl(
                lambda,
                sigma,
                kappa,
                interval(lambda, t * errors.getEntry(0)),
                atLeastZero(interval(sigma, t * errors.getEntry(1))),
                atLeastZero(interval(kappa, t * errors.getEntry(2))),
                peakAt,
                curve.rmsResidual(n -> throughput(lambda, sigma, kappa, n)));
    }

    static double predict(SweepFit.Usl usl, double n) {
        return throughput(usl.lambda(), usl.sigma(), usl.kappa(), n);
    }

    /** The throughput the curve tops out at: at N*, or the asymptote λ / σ where κ = 0; null where it never tops out. */
    static Double peak(SweepFit.Usl usl) {
        if (usl.peakAt() != null) {
            return predict(usl, usl.peakAt());
        }
        return usl.sigma() > 0 ? usl.lambda() / usl.sigma() : null;
    }

    /** σ and κ are fitted at zero or above: an interval reaching below says only that zero is within it. */
    private static SweepFit.Interval atLeastZero(SweepFit.Interval interval) {
        return interval == null ? null : new SweepFit.Interval(Math.max(0, interval.low()), interval.high());
    }

    private static SweepFit.Interval interval(double value, double halfWidth) {
        return Double.isFinite(halfWidth) ? new SweepFit.Interval(value - halfWidth, value + halfWidth) : null;
    }
}
