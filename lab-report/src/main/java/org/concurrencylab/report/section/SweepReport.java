package org.concurrencylab.report.section;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.concurrencylab.report.document.Block;
import org.concurrencylab.report.document.TextTable;
import org.concurrencylab.results.sweep.SweepFit;
import org.concurrencylab.results.sweep.SweepPoint;
import org.concurrencylab.results.sweep.SweepResult;

/**
 * A sweep in the report: the holdout error first (how well the curve predicts what it was not shown),
 * then the knee and the peak beside Little's law's own sizing, both models' parameters, every point,
 * and the chart.
 */
public final class SweepReport {

    /** The summary's title for a sweep. */
    public static final String CURVE = "The curve";

    private SweepReport() {}

    public static List<Block> blocks(SweepResult sweep, int index) {
        List<Block> blocks = new ArrayList<>();
        SweepFit fit = sweep.fit();
        blocks.add(new Block.Heading(
                3,
                sweep.experiment() + ": " + sweep.knob() + " on " + sweep.variant(),
                sweep.load() == null ? "" : "at " + sweep.load(),
                "s-" + index));
        // along a timeout (the client's, or one of the service's own) nothing is fitted: the failed share is the curve
        boolean fitted = !fit.failuresAreTheCurve();
        if (!fitted) {
            blocks.add(new Block.Paragraph("Failures against a timeout: " + fit.note() + ".", Block.Tone.PLAIN));
        } else if (fit.model() == null) {
            blocks.add(new Block.Paragraph("No curve: " + fit.note() + ".", Block.Tone.ALERT));
        } else {
            blocks.add(new Block.Paragraph(
                    holdout(fit), fit.holdoutErrorPercent().isEmpty() ? Block.Tone.ALERT : Block.Tone.PLAIN));
            blocks.add(new Block.Paragraph(knee(sweep), Block.Tone.PLAIN));
        }
        if (fit.model() != null && !fit.note().isEmpty()) {
            blocks.add(new Block.Paragraph("Note: " + fit.note() + ".", Block.Tone.NOTE));
        }
        List<Block.Items.Item> models = new ArrayList<>();
        if (fit.usl() != null) {
            SweepFit.Usl usl = fit.usl();
            models.add(new Block.Items.Item(
                    "USL",
                    format(
                            Locale.ROOT,
                            "λ = %s/s per unit %s, σ = %s %s, κ = %s %s%s; residual %s/s rms",
                            number(usl.lambda()),
                            interval(usl.lambdaInterval()),
                            number(usl.sigma()),
                            interval(usl.sigmaInterval()),
                            number(usl.kappa()),
                            interval(usl.kappaInterval()),
                            usl.peakAt() == null
                                    ? "; κ = 0: it never turns down"
                                    : format(Locale.ROOT, "; N* = %s", number(usl.peakAt())),
                            number(usl.rmsResidual()))));
        }
        if (fit.bounds() != null) {
            SweepFit.Bounds bounds = fit.bounds();
            models.add(new Block.Items.Item(
                    "Little's law's bounds",
                    format(
                            Locale.ROOT,
                            "rising at %s/s per unit%s, %s; residual %s/s rms",
                            number(bounds.perUnitPerSecond()),
                            // a rate's slope is the share of the arrivals answered, not a user's pace
                            "rate".equals(sweep.knob())
                                    ? ""
                                    : " (R0 = " + number(1000 / bounds.perUnitPerSecond()) + " ms)",
                            bounds.maxPerSecond() == null
                                    ? "no point reached a ceiling"
                                    : "flat at Xmax = " + number(bounds.maxPerSecond()) + "/s",
                            number(bounds.rmsResidual()))));
        }
        if (!models.isEmpty()) {
            blocks.add(new Block.Items(models));
        }
        TextTable table = new TextTable(
                sweep.knob(), "req/s", "mean ms", "p95 ms", "failed", "LL bound/s", "CPU bound/s", "point");
        for (SweepPoint point : sweep.points()) {
            table.add(
                    knob(point.value()),
                    number(point.throughputPerSecond()),
                    number(point.meanMillis()),
                    number(point.p95Millis()),
                    format(Locale.ROOT, "%.1f %%", 100 * point.failedShare()),
                    number(point.boundPerSecond()),
                    point.cpuBoundPerSecond().isEmpty()
                            ? "-"
                            : number(point.cpuBoundPerSecond().getAsDouble()),
                    fitted
                            ? (point.clean() ? "clean, fitted" : point.verdict() + ", left out: " + point.why())
                            : point.clean() ? "clean" : point.verdict() + ": " + point.why());
        }
        blocks.add(new Block.Table(table));
        blocks.add(new Block.Charts("sweep", index, 0));
        return blocks;
    }

    /** The headline: the figure no other fit reports. */
    static String holdout(SweepFit fit) {
        if (fit.holdoutErrorPercent().isEmpty()) {
            return "Holdout: none, too few clean points to hold any out (see the note).";
        }
        int fitted = fit.holdoutPoints();
        return format(
                Locale.ROOT,
                "Holdout error %.1f %%: %s, fitted to all clean points but the %s highest, predicted %s "
                        + "within %.1f %% on average.",
                fit.holdoutErrorPercent().getAsDouble(),
                modelName(fit.model()),
                fitted == 1 ? "one" : String.valueOf(fitted),
                fitted == 1 ? "it" : "them",
                fit.holdoutErrorPercent().getAsDouble());
    }

    private static String knee(SweepResult sweep) {
        SweepFit fit = sweep.fit();
        String knee = fit.knee().isEmpty()
                ? "no knee within the values swept"
                : format(
                        Locale.ROOT,
                        "the knee at %s = %s",
                        sweep.knob(),
                        number(fit.knee().getAsDouble()));
        String peak = fit.peakPerSecond().isEmpty() || fit.peakPerD().isEmpty()
                ? ""
                : format(
                        Locale.ROOT,
                        ", a peak of %s/s (%s per D)",
                        number(fit.peakPerSecond().getAsDouble()),
                        number(fit.peakPerD().getAsDouble()));
        String littlesLaw = fit.littlesLawKnee().isEmpty()
                ? ""
                : format(
                        Locale.ROOT,
                        "; Little's law at the peak, L = X x W with W "
                                + "the shortest mean latency measured: %s requests in flight, where the knee of users lies, and "
                                + "of a pool whose requests each hold one of its threads for W (k times that where they hold k)",
                        number(fit.littlesLawKnee().getAsDouble()));
        return format(Locale.ROOT, "From %s (the better fit): %s%s%s.", modelName(fit.model()), knee, peak, littlesLaw);
    }

    /** A knob's values are whole numbers. */
    private static String knob(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : number(value);
    }

    public static String modelName(String model) {
        return SweepFit.USL.equals(model) ? "the USL" : "Little's law's bounds";
    }

    private static String interval(SweepFit.Interval interval) {
        return interval == null ? "" : "[" + number(interval.low()) + ", " + number(interval.high()) + "]";
    }

    static String number(double value) {
        if (value == 0) {
            return "0";
        }
        double magnitude = Math.abs(value);
        return magnitude >= 100
                ? format(Locale.ROOT, "%.0f", value)
                : magnitude >= 1 ? format(Locale.ROOT, "%.2f", value) : format(Locale.ROOT, "%.3g", value);
    }
}
