package org.concurrencylab.report;

import static java.lang.String.format;

import java.util.Locale;
import org.concurrencylab.report.document.Html;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunResult;

/**
 * The claims' verdicts as JUnit XML, the format CI servers read: a test suite per experiment, a test
 * case per claim; "not reproduced" is a failure, "not decided" and "not applicable" are skipped,
 * each with the evidence as its message.
 */
public final class JUnitVerdicts {

    public static final String FILE_NAME = "verdicts.xml";

    private JUnitVerdicts() {}

    public static String render(RunResult run) {
        StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        long claims = run.experiments().stream()
                .mapToLong(experiment -> experiment.claims().size())
                .sum();
        out.append(format(
                Locale.ROOT,
                "<testsuites name=\"concurrency-lab %s\" tests=\"%d\" failures=\"%d\" skipped=\"%d\">%n",
                Html.escape(run.run().id()),
                claims,
                count(run, "not reproduced"),
                count(run, "not decided") + count(run, "not applicable")));
        for (ExperimentResult experiment : run.experiments()) {
            out.append(format(
                    Locale.ROOT,
                    "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" skipped=\"%d\">%n",
                    Html.escape(experiment.name()),
                    experiment.claims().size(),
                    count(experiment, "not reproduced"),
                    count(experiment, "not decided") + count(experiment, "not applicable")));
            for (ClaimResult claim : experiment.claims()) {
                out.append(format(
                        Locale.ROOT,
                        "    <testcase classname=\"%s\" name=\"%s\">",
                        Html.escape(experiment.name()),
                        Html.escape(claim.id())));
                String message = Html.escape(claim.status() + ": " + claim.evidence());
                switch (claim.status()) {
                    case "not reproduced" ->
                        out.append(format(
                                Locale.ROOT,
                                "<failure message=\"%s\">%s</failure>",
                                message,
                                Html.escape(claim.text())));
                    case "reproduced" -> out.append(format(Locale.ROOT, "<system-out>%s</system-out>", message));
                    default -> out.append(format(Locale.ROOT, "<skipped message=\"%s\"/>", message));
                }
                out.append("</testcase>\n");
            }
            out.append("  </testsuite>\n");
        }
        return out.append("</testsuites>\n").toString();
    }

    private static long count(RunResult run, String status) {
        return run.experiments().stream()
                .mapToLong(experiment -> count(experiment, status))
                .sum();
    }

    private static long count(ExperimentResult experiment, String status) {
        return experiment.claims().stream()
                .filter(claim -> claim.status().equals(status))
                .count();
    }
}
