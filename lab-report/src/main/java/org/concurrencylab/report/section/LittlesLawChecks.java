package org.concurrencylab.report.section;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.concurrencylab.report.document.Figures;
import org.concurrencylab.report.document.TextTable;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;

/**
 * Little's law, twice per step, each side measured independently. In flight: the client's time
 * average of requests outstanding, against the service's own L = X x W from its request timers
 * (which start only when a thread takes the request): a gap beyond 10 % means requests waited before
 * the handler, in an accept queue or Tomcat's. Capacity: the throughput the variant's sizing
 * predicts against the one measured: a gap beyond 10 % means the model does not fit the run. The
 * JIT's share of a core sits beside them because a busy compiler is a common reason for either gap.
 */
public final class LittlesLawChecks {

    static final double FLAG_ABOVE = 0.10;

    private LittlesLawChecks() {}

    public static TextTable of(ExperimentResult experiment) {
        TextTable table = new TextTable(
                "variant",
                "load",
                "in flight: client",
                "in service: X x W",
                "dev",
                "predicted TPS",
                "measured TPS",
                "dev",
                "JIT",
                "flagged");
        for (VariantResult variant : experiment.variants()) {
            // a step another engine drove has no service timers to hold the client's figures against
            for (StepResult step :
                    variant.steps().stream().filter(StepResult::probed).toList()) {
                List<String> flags = new ArrayList<>();
                // the lab's agent times no request inside an application it did not build: nothing to hold the client
                // against
                boolean timedInside = step.service().process().serverRequests() > 0;
                double inService = step.service().process().serverRequests()
                        / step.client().elapsedSeconds()
                        * step.service().process().serverMeanMillis()
                        / 1000;
                double inFlightDeviation = deviation(step.client().meanInFlight(), inService);
                if (timedInside && Math.abs(inFlightDeviation) > FLAG_ABOVE) {
                    flags.add("in flight");
                }
                double capacityDeviation = deviation(
                        step.client().throughputPerSecond(), step.bound().littlesLawPerSecond());
                if (Math.abs(capacityDeviation) > FLAG_ABOVE) {
                    flags.add("capacity");
                }
                if (JitActivity.busy(step)) {
                    flags.add("JIT busy");
                }
                table.add(
                        variant.name(),
                        step.load(),
                        Figures.number(step.client().meanInFlight()),
                        timedInside ? Figures.number(inService) : "-",
                        timedInside ? percent(inFlightDeviation) : "-",
                        Figures.number(step.bound().littlesLawPerSecond()),
                        Figures.number(step.client().throughputPerSecond()),
                        percent(capacityDeviation),
                        JitActivity.percent(step),
                        flags.isEmpty() ? "" : String.join(", ", flags) + " > 10 %");
            }
        }
        return table;
    }

    private static double deviation(double measured, double expected) {
        return expected == 0 ? 0 : measured / expected - 1;
    }

    private static String percent(double deviation) {
        return format(Locale.ROOT, "%+.1f %%", 100 * deviation);
    }
}
