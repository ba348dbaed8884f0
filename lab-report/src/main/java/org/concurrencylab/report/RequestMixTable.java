package org.concurrencylab.report;

import static java.lang.String.format;

import java.util.Locale;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RequestShare;
import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.VariantResult;

/** A study that sent several requests, each by itself per step: the one the mix's figures hide. */
final class RequestMixTable {

    private RequestMixTable() {}

    /** Empty where every step sent one request. */
    static TextTable of(ExperimentResult experiment) {
        TextTable table = new TextTable("variant", "step", "request", "share", "sent", "failed", "mean ms", "p95 ms");
        for (VariantResult variant : experiment.variants()) {
            for (StepResult step : variant.steps()) {
                for (RequestShare share : step.byRequest()) {
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
        return value == null ? "none answered" : StepTables.number(value);
    }
}
