package org.concurrencylab.report;

import static java.lang.String.format;

import java.util.Locale;
import org.concurrencylab.report.document.Block;
import org.concurrencylab.report.document.ReportDocument;
import org.concurrencylab.report.document.WrappedText;
import org.concurrencylab.results.RunResult;

/**
 * The report as text for the terminal. The verdicts come last, where the eye lands when the run ends;
 * the charts are report.html's alone.
 */
public final class TerminalReport {

    private TerminalReport() {}

    /** The report with each paragraph, item and verdict on one line, for a file or a pipe. */
    public static String render(RunResult run) {
        return render(run, 0);
    }

    /**
     * @param width the width paragraphs, items and verdicts are wrapped at (tables are not), {@link
     *              WrappedText#TERMINAL_WIDTH} on a terminal; 0 or less wraps nothing
     */
    public static String render(RunResult run, int width) {
        ReportDocument document = RunReport.of(run);
        StringBuilder out = new StringBuilder(document.title()).append('\n');
        document.lead().forEach(block -> render(block, out, width));
        document.experiments().forEach(block -> render(block, out, width));
        out.append(format(
                Locale.ROOT,
                "%n== %s%n",
                document.summaryTitle().equals(RunReport.VERDICTS)
                        ? "Claims of the articles, checked on this run"
                        : document.summaryTitle()));
        document.summary().forEach(block -> render(block, out, width));
        return out.toString();
    }

    private static void render(Block block, StringBuilder out, int width) {
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
                out.append(WrappedText.wrap(
                        paragraph.tone() == Block.Tone.ALERT ? "!! " : "   ", "   ", paragraph.text(), width));
            case Block.Table table -> out.append(table.table().render());
            case Block.Items items ->
                items.items()
                        .forEach(item -> out.append(
                                item.lead().isEmpty()
                                        ? WrappedText.wrap("  - ", "    ", item.text(), width)
                                        : WrappedText.wrap("  " + item.lead() + ": ", "    ", item.text(), width)));
            case Block.Verdicts verdicts ->
                verdicts.claims()
                        .forEach(claim -> out.append(
                                        WrappedText.wrap("  [" + claim.status() + "] ", "      ", claim.text(), width))
                                .append(WrappedText.wrap("      ", "      ", claim.evidence(), width)));
            case Block.Charts charts -> {
                // drawn in report.html only
            }
            case Block.ChartSection section -> {
                // drawn in report.html only
            }
        }
    }
}
