package org.concurrencylab.report;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with columns as wide as their widest cell; numbers are right-aligned. */
final class TextTable {

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(String... headers) {
        this.headers = List.of(headers);
    }

    void add(String... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("expected " + headers.size() + " cells, got " + cells.length);
        }
        rows.add(List.of(cells));
    }

    String render() {
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

    private static void line(StringBuilder out, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            String padding = " ".repeat(widths[i] - cell.length());
            line.append(isNumeric(cell) ? padding + cell : cell + padding).append("  ");
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }

    private static boolean isNumeric(String cell) {
        return !cell.isEmpty() && cell.matches("[-+]?[0-9.,]+( ?%)?");
    }
}
