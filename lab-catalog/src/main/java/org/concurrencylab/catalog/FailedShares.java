package org.concurrencylab.catalog;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.concurrencylab.results.sweep.SweepPoint;

/** A sweep's failed shares in the words of a claim's evidence: each point's, and where the share crosses a half and 2 %. */
final class FailedShares {

    private FailedShares() {}

    /** Each point's failed share at its knob's value, in the sweep's order. */
    static String along(List<SweepPoint> points) {
        return String.join(
                ", ",
                points.stream()
                        .map(point -> format(
                                Locale.ROOT,
                                "%.1f %% at %s",
                                100 * point.failedShare(),
                                SweepClaim.number(point.value())))
                        .toList());
    }

    /**
     * Where the failed share, falling as the timeout grows, crosses a half and 2 %, read linearly between two
     * points; empty where it crosses neither.
     */
    static String crossings(List<SweepPoint> points) {
        List<String> found = new ArrayList<>();
        for (double share : new double[] {0.5, 0.02}) {
            for (int i = 1; i < points.size(); i++) {
                SweepPoint low = points.get(i - 1);
                SweepPoint high = points.get(i);
                if (low.failedShare() >= share && high.failedShare() < share) {
                    double at = low.value()
                            + (high.value() - low.value())
                                    * (low.failedShare() - share)
                                    / (low.failedShare() - high.failedShare());
                    found.add(format(Locale.ROOT, "%.0f %% at about %.0f ms", 100 * share, at));
                    break;
                }
            }
        }
        return found.isEmpty() ? "" : "; it falls through " + String.join(" and ", found);
    }
}
