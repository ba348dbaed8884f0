package org.concurrencylab.report;

import static java.lang.String.format;

import java.util.Locale;
import org.concurrencylab.report.document.Block;
import org.concurrencylab.report.document.ReportDocument;
import org.concurrencylab.results.RunResult;

/** report.md: the report for a code review or a wiki, verdicts first; the charts are report.html's. */
public final class MarkdownReport {

    private MarkdownReport() {}

    public static String render(RunResult run) {
        ReportDocument document = RunReport.of(run);
        StringBuilder out = new StringBuilder("# ").append(document.title()).append("\n\n");
        document.lead().forEach(block -> render(block, out));
        out.append("\n## ").append(document.summaryTitle()).append('\n');
        document.summary().forEach(block -> render(block, out));
        document.environment().forEach(block -> render(block, out));
        document.experiments().forEach(block -> render(block, out));
        return out.toString();
    }

    private static void render(Block block, StringBuilder out) {
        switch (block) {
            case Block.Heading heading ->
                out.append(format(
                        Locale.ROOT,
                        "%n%s %s%s%n%n",
                        "#".repeat(heading.level()),
                        heading.text(),
                        heading.subtitle().isEmpty() ? "" : " (" + heading.subtitle() + ")"));
            case Block.Paragraph paragraph ->
                out.append(
                                switch (paragraph.tone()) {
                                    case ALERT -> "**" + paragraph.text() + "**";
                                    case NOTE -> "_" + paragraph.text() + "_";
                                    case PLAIN -> paragraph.text();
                                })
                        .append("\n\n");
            case Block.Table table -> out.append(table.table().renderMarkdown()).append('\n');
            case Block.Items items -> {
                items.items()
                        .forEach(item -> out.append("- ")
                                .append(item.lead().isEmpty() ? "" : "**" + item.lead() + "**: ")
                                .append(item.text())
                                .append('\n'));
                out.append('\n');
            }
            case Block.Verdicts verdicts -> {
                verdicts.claims()
                        .forEach(claim -> out.append(format(
                                Locale.ROOT,
                                "- **%s**: %s  %n  %s%n",
                                claim.status(),
                                claim.text(),
                                claim.evidence())));
                out.append('\n');
            }
            case Block.Charts charts -> {
                // drawn in report.html only
            }
            case Block.ChartSection section -> {
                // drawn in report.html only
            }
        }
    }
}
