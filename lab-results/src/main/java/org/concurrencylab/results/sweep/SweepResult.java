package org.concurrencylab.results.sweep;

import java.util.List;

/**
 * One knob varied over one variant and one load: each point a step the lab ran, and the curve fitted to them.
 *
 * @param experiment the experiment (or study) whose steps the points are
 * @param variant    the variant the knob was varied on
 * @param knob       what was varied: {@code users}, {@code rate}, or a Spring property
 * @param load       the load every point ran, where the knob is not the load itself; null where it is
 * @param points     one per value of the knob, rising
 * @param fit        the models fitted to the clean points, and what they say
 */
public record SweepResult(
        String experiment, String variant, String knob, String load, List<SweepPoint> points, SweepFit fit) {

    public SweepResult {
        points = List.copyOf(points);
    }
}
