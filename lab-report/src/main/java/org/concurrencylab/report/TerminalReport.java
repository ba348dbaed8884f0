package org.concurrencylab.report;

import static java.lang.String.format;

import java.util.Locale;
import org.concurrencylab.report.document.Block;
import org.concurrencylab.report.document.ReportDocument;
import org.concurrencylab.results.RunResult;

/**
 * The report as text for the terminal. The verdicts come last, where the eye lands when the run ends;
 * the charts are report.html's alone.
 */
public final class TerminalReport {

    private TerminalReport() {}

    public static String render(RunResult run) {
        ReportDocument document = RunReport.of(run);
        StringBuilder out = new StringBuilder(document.title()).append('\n');
        document.lead().forEach(block -> render(block, out));
        document.experiments().forEach(block -> render(block, out));
        out.append(format(
                Locale.ROOT,
                "%n== %s%n",
                document.summaryTitle().equals(RunReport.VERDICTS)
                        ? "Claims of the articles, checked on this run"
                        : document.summaryTitle()));
        document.summary().forEach(block -> render(block, out));
        return out.toString();
    }

    private static void render(Block block, StringBuilder out) {
        switch (block) {
            case Block.Heading heading
            when heading.level() <= 2 ->
                out.append(format(
                        Locale.ROOT,
                        "%n== %s%s%n",
                        heading.text(),
                        heading.subtitle().isEmpty() ? "" : ": " + heading.subtitle()));
            case Block.Heading heading ->
                out.append(format(
                        Locale.ROOT,
                        "%n-- %s%s%n",
                        heading.text(),
                        heading.subtitle().isEmpty() ? "" : " (" + heading.subtitle() + ")"));
            case Block.Paragraph paragraph ->
                out.append(paragraph.tone() == Block.Tone.ALERT ? "!! " : "   ")
                        .append(paragraph.text())
                        .append('\n');
            case Block.Table table -> out.append(table.table().render());
            case Block.Items items ->
                items.items()
                        .forEach(item -> out.append(
                                        item.lead().isEmpty()
                                                ? "  - " + item.text()
                                                : "  " + item.lead() + ": " + item.text())
                                .append('\n'));
            case Block.Verdicts verdicts ->
                verdicts.claims()
                        .forEach(claim -> out.append(format(
                                Locale.ROOT, "  [%s] %s%n      %s%n", claim.status(), claim.text(), claim.evidence())));
            case Block.Charts charts -> {
                // drawn in report.html only
            }
            case Block.ChartSection section -> {
                // drawn in report.html only
            }
        }
    }
}
