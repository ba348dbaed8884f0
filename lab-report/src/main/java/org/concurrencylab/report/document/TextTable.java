package org.concurrencylab.report.document;

import java.util.ArrayList;
import java.util.List;

/**
 * A table of cells, rendered as plain text (columns as wide as their widest cell, numbers
 * right-aligned), as Markdown, or as HTML.
 */
public final class TextTable {

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    /** The columns' headers, in order. */
    List<String> headers() {
        return List.copyOf(headers);
    }

    public TextTable(String... headers) {
        this.headers = List.of(headers);
    }

    public void add(String... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("expected " + headers.size() + " cells, got " + cells.length);
        }
        rows.add(List.of(cells));
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public String render() {
        int[] widths = new int[headers.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = headers.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, headers, widths);
        StringBuilder rule = new StringBuilder();
        for (int width : widths) {
            rule.append("-".repeat(width)).append("  ");
        }
        out.append(rule.toString().stripTrailing()).append('\n');
        rows.forEach(row -> line(out, row, widths));
        return out.toString();
    }

    public String renderMarkdown() {
        StringBuilder out = new StringBuilder();
        out.append("| ")
                .append(String.join(
                        " | ", headers.stream().map(TextTable::markdownCell).toList()))
                .append(" |\n");
        out.append("|")
                .append(headers.stream().map(header -> "---|").reduce("", String::concat))
                .append('\n');
        for (List<String> row : rows) {
            out.append("| ")
                    .append(String.join(
                            " | ", row.stream().map(TextTable::markdownCell).toList()))
                    .append(" |\n");
        }
        return out.toString();
    }

    public String renderHtml() {
        StringBuilder out = new StringBuilder("<table><thead><tr>");
        // a short header's meaning on hover, as the legend under a step table gives it
        headers.forEach(header -> out.append(ColumnLegend.meaning(header)
                        .map(meaning -> "<th title=\"" + Html.escape(meaning) + "\">")
                        .orElse("<th>"))
                .append(Html.escape(header))
                .append("</th>"));
        out.append("</tr></thead><tbody>");
        for (List<String> row : rows) {
            out.append("<tr>");
            row.forEach(cell -> out.append(isNumeric(cell) ? "<td class=\"num\">" : "<td>")
                    .append(Html.escape(cell))
                    .append("</td>"));
            out.append("</tr>");
        }
        return out.append("</tbody></table>\n").toString();
    }

    private static String markdownCell(String cell) {
        return cell.replace("|", "\\|");
    }

    private static void line(StringBuilder out, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            String padding = " ".repeat(widths[i] - cell.length());
            line.append(isNumeric(cell) ? padding + cell : cell + padding).append("  ");
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }

    /** A figure, right-aligned: digits with thousands' commas and one decimal point at most, so not "4.1.1". */
    static boolean isNumeric(String cell) {
        return cell.matches("[-+]?([0-9]{1,3}(,[0-9]{3})+|[0-9]+)(\\.[0-9]+)?( ?%)?");
    }
}
