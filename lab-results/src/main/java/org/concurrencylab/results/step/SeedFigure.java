package org.concurrencylab.results.step;

/**
 * A figure the article reported, copied from the catalog so that the result can be read alone. It is
 * never a measurement of this lab: {@code source} always names the article.
 *
 * @param throughputPerSecond the article's TPS at its own time scale (S = 1), or null
 * @param meanLatencyMillis   the article's mean latency at S = 1, or null
 * @param p95LatencyMillis    the article's 95th percentile latency at S = 1, or null
 */
public record SeedFigure(
        String source, Double throughputPerSecond, Double meanLatencyMillis, Double p95LatencyMillis, String note) {

    /** A figure of the article titled {@code title}, its source labelled so. */
    public static SeedFigure ofArticle(
            String title, Double throughputPerSecond, Double meanLatencyMillis, Double p95LatencyMillis, String note) {
        return new SeedFigure("article: " + title, throughputPerSecond, meanLatencyMillis, p95LatencyMillis, note);
    }
}
