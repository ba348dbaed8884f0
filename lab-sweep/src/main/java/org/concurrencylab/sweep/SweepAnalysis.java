package org.concurrencylab.sweep;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;
import org.concurrencylab.results.sweep.SweepFit;
import org.concurrencylab.results.sweep.SweepPoint;

/**
 * What a sweep's points say: the USL and Little's law's bounds fitted to the clean points, the knee
 * taken from the one with the smaller residual, and that model's holdout error: fitted again to all but
 * the highest quarter of the points, how far it misses those. Points that this machine's CPU decided,
 * or whose requests failed, are left out of every fit.
 */
public final class SweepAnalysis {

    /** The share of the clean points held out, the highest of them: at least one, and fewer where the model needs them. */
    static final double HOLDOUT_SHARE = 0.25;

    /**
     * How far a point left out of the fit may answer above the fitted bounds before it disproves them: Little's law's
     * asymptotes are upper bounds, and a point left out for its failed requests or this machine's CPU answered no more
     * than the system can, so its throughput is a floor under the curve. 10 %, the knee claims' own tolerance; a
     * point's throughput moves 1-4 % from run to run here.
     */
    static final double ABOVE_THE_BOUNDS = 0.10;

    private SweepAnalysis() {}

    /** @param serviceMillis D: the experiment's service time, or a study's lone request, for the peak per D */
    public static SweepFit fit(List<SweepPoint> points, double serviceMillis) {
        List<double[]> clean = new ArrayList<>();
        double shortestMean = Double.POSITIVE_INFINITY;
        for (SweepPoint point : points) {
            if (point.clean()) {
                clean.add(new double[] {point.value(), point.throughputPerSecond()});
                shortestMean = Math.min(shortestMean, point.meanMillis());
            }
        }
        if (clean.size() < AsymptoticBounds.FEWEST_POINTS) {
            return SweepFit.notFitted(format(
                    Locale.ROOT,
                    "%d clean point%s of %d: nothing to fit",
                    clean.size(),
                    clean.size() == 1 ? "" : "s",
                    points.size()));
        }
        Curve curve = Curve.of(clean);
        List<String> notes = new ArrayList<>();
        SweepFit.Bounds bounds = AsymptoticBounds.fit(curve);
        SweepFit.Usl usl = curve.size() >= UniversalScalability.FEWEST_POINTS ? UniversalScalability.fit(curve) : null;
        if (usl == null) {
            notes.add(format(
                    Locale.ROOT,
                    "the USL needs %d clean points, the sweep has %d",
                    UniversalScalability.FEWEST_POINTS,
                    curve.size()));
        }
        boolean uslCloser = usl != null && usl.rmsResidual() < bounds.rmsResidual();
        boolean uslWins = uslCloser && determined(usl);
        if (uslCloser && !uslWins) {
            // a USL fitted to points that are flat, or straight, can follow them closely with any N*: measured on
            // cpu-bound's parallelism 2..8, all at the cores' cap, it put the knee at 3.8 with λ anywhere in [-11, 21]
            notes.add(format(
                    Locale.ROOT,
                    "the USL fitted closer (%.3g against %.3g/s rms) but these points do not determine it: "
                            + "the 95 %% interval of its %s includes zero",
                    usl.rmsResidual(),
                    bounds.rmsResidual(),
                    includesZero(usl.lambdaInterval()) ? "λ" : "κ"));
        }
        String model = uslWins ? SweepFit.USL : SweepFit.BOUNDS;
        Double knee = uslWins ? usl.peakAt() : AsymptoticBounds.knee(bounds);
        Double peak = uslWins ? UniversalScalability.peak(usl) : bounds.maxPerSecond();
        double highest = curve.knob()[curve.size() - 1];
        if (knee == null) {
            notes.add(
                    uslWins
                            ? "the USL fits better and never turns down over these points: no knee"
                            : "throughput still rose at the highest value: the knee lies beyond it");
        } else if (knee > highest) {
            // a curve still rising is fitted by a USL whose κ is barely above zero: its N* says how straight the points
            // were, not where a knee is
            notes.add(format(
                    Locale.ROOT,
                    "%s = %.1f lies beyond the highest value swept, %s: the knee lies beyond it too, "
                            + "and where is not for these points to say",
                    uslWins ? "the USL's N*" : "the bounds' corner",
                    knee,
                    number(highest)));
            knee = null;
            peak = null;
        }
        if (knee != null && !uslWins) {
            Optional<String> disproved = answeredAboveTheBounds(points, bounds);
            if (disproved.isPresent()) {
                notes.add(format(
                        Locale.ROOT,
                        "%s: bounds below a measured throughput are no bounds, and their knee at %.2f is not for "
                                + "these points to say",
                        disproved.get(),
                        knee));
                knee = null;
                peak = null;
            }
        }
        Double littlesLaw = peak == null || !Double.isFinite(shortestMean) ? null : peak * shortestMean / 1000;
        int fewest = uslWins ? UniversalScalability.FEWEST_POINTS : AsymptoticBounds.FEWEST_POINTS;
        int held = Math.max(1, (int) Math.ceil(HOLDOUT_SHARE * curve.size()));
        while (held > 1 && curve.size() - held < fewest) {
            held--;
        }
        Double holdout = null;
        if (curve.size() - held < fewest) {
            notes.add(format(
                    Locale.ROOT,
                    "no holdout: the %s needs %d points below the %d held out, the sweep has %d",
                    uslWins ? "USL" : "bounds",
                    fewest,
                    held,
                    curve.size() - held));
            held = 0;
        } else {
            holdout = holdoutError(curve, held, uslWins);
            if (!uslWins
                    && bounds.maxPerSecond() != null
                    && AsymptoticBounds.fit(curve.lowest(curve.size() - held)).maxPerSecond() == null) {
                notes.add(format(
                        Locale.ROOT,
                        "the %d lower points all rose, and only the held-out ones show the ceiling: no curve "
                                + "fitted to points below a knee can tell where it is; a point past it among the lower ones would",
                        curve.size() - held));
            }
        }
        return SweepFit.custom(model)
                .usl(usl)
                .bounds(bounds)
                .knee(knee, peak, peak == null ? null : peak * serviceMillis / 1000)
                .littlesLawKnee(littlesLaw)
                .holdout(holdout, held)
                .note(String.join("; ", notes))
                .build();
    }

    /**
     * The first point left out of the fit that answered more than {@link #ABOVE_THE_BOUNDS} above what the bounds
     * allow at its value, in words; empty where none did.
     */
    static Optional<String> answeredAboveTheBounds(List<SweepPoint> points, SweepFit.Bounds bounds) {
        for (SweepPoint point : points) {
            double allowed = AsymptoticBounds.predict(bounds, point.value());
            if (!point.clean() && point.throughputPerSecond() > (1 + ABOVE_THE_BOUNDS) * allowed) {
                return Optional.of(format(
                        Locale.ROOT,
                        "the point at %s, left out of the fit (%s), still answered %.2f/s where the fitted bounds allow "
                                + "%.2f/s",
                        number(point.value()),
                        point.why().isBlank() ? point.verdict() : point.why(),
                        point.throughputPerSecond(),
                        allowed));
            }
        }
        return Optional.empty();
    }

    /** Whether the USL's λ and κ are each known to be above zero: only then is its N* a finding. */
    static boolean determined(SweepFit.Usl usl) {
        return !includesZero(usl.lambdaInterval()) && !includesZero(usl.kappaInterval());
    }

    private static boolean includesZero(SweepFit.Interval interval) {
        return interval == null || interval.low() <= 0;
    }

    /** The mean relative error, in %, of the model fitted to the lower points, on the {@code held} highest. */
    static double holdoutError(Curve curve, int held, boolean usl) {
        Curve lower = curve.lowest(curve.size() - held);
        DoubleUnaryOperator predict;
        if (usl) {
            SweepFit.Usl fitted = UniversalScalability.fit(lower);
            predict = n -> UniversalScalability.predict(fitted, n);
        } else {
            SweepFit.Bounds fitted = AsymptoticBounds.fit(lower);
            predict = n -> AsymptoticBounds.predict(fitted, n);
        }
        double sum = 0;
        for (int i = curve.size() - held; i < curve.size(); i++) {
            sum += Math.abs(predict.applyAsDouble(curve.knob()[i]) - curve.throughput()[i]) / curve.throughput()[i];
        }
        return 100 * sum / held;
    }

    /** The model's throughput at a value of the knob, for the chart's line. */
    public static double predict(SweepFit fit, double n) {
        if (SweepFit.USL.equals(fit.model())) {
            return UniversalScalability.predict(fit.usl(), n);
        }
        return AsymptoticBounds.predict(fit.bounds(), n);
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : format(Locale.ROOT, "%.2f", value);
    }
}
