package org.concurrencylab.results;

/**
 * @param status {@code reproduced}, {@code not reproduced}, {@code not decided} or {@code not applicable}
 * @param chart  the chart that shows the claim, as the experiment declares it; null in results written
 *               before claims named one
 */
public record ClaimResult(String id, String text, String status, String evidence, ChartRef chart) {

    public ClaimResult(String id, String text, String status, String evidence) {
        this(id, text, status, evidence, null);
    }
}
