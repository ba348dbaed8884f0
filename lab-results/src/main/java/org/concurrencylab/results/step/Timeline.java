package org.concurrencylab.results.step;

import java.util.List;

/**
 * A step over time, for charts: bins of one article second, that is S real seconds, so that a chart
 * has the article's time axis at any scale.
 *
 * @param binMillis the real width of a bin
 */
public record Timeline(double binMillis, List<TimelinePoint> points) {}
