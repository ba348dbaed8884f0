package org.concurrencylab.report.section;

import static java.lang.String.format;

import java.util.Locale;
import org.concurrencylab.report.document.Figures;
import org.concurrencylab.report.document.TextTable;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.RequestShare;
import org.concurrencylab.results.step.StepResult;

/** A study that sent several requests, each by itself per step: the one the mix's figures hide. */
public final class RequestMixTable {

    private RequestMixTable() {}

    /** Empty where every step sent one request. */
    public static TextTable of(ExperimentResult experiment) {
        TextTable table = new TextTable("variant", "step", "request", "share", "sent", "failed", "mean ms", "p95 ms");
        for (VariantResult variant : experiment.variants()) {
            for (StepResult step : variant.steps()) {
                for (RequestShare share : step.client().byRequest()) {
                    table.add(
                            variant.name(),
                            step.load(),
                            share.request(),
                            format(Locale.ROOT, "%.0f %%", 100 * share.weight()),
                            String.valueOf(share.sent()),
                            String.valueOf(share.failed()),
                            millis(share.meanMillis()),
                            millis(share.p95Millis()));
                }
            }
        }
        return table;
    }

    private static String millis(Double value) {
        return value == null ? "none answered" : Figures.number(value);
    }
}
