package org.concurrencylab.report.document;

import java.util.List;

/**
 * One piece of a {@link ReportDocument}. The document decides what the report says and in which order;
 * a renderer only decides how each kind of block looks in its format.
 */
public sealed interface Block {

    /** A section's title; {@code anchor} is what links to it, {@code subtitle} is said smaller beside it. */
    record Heading(int level, String text, String subtitle, String anchor) implements Block {}

    enum Tone {
        PLAIN,
        NOTE,
        ALERT
    }

    record Paragraph(String text, Tone tone) implements Block {}

    record Table(TextTable table) implements Block {}

    /** A list; an item's {@code lead} (may be empty) is set apart from its text. */
    record Items(List<Item> items) implements Block {

        public record Item(String lead, String text) {}
    }

    /**
     * The claims of one experiment with their verdicts and evidence, each with the chart that shows it
     * (its anchor and what it shows), where the report draws one.
     */
    record Verdicts(List<Line> claims) implements Block {

        public record Line(String status, String text, String evidence, String chartAnchor, String chartTitle) {}
    }

    /**
     * Charts the HTML report draws in the browser from the run's data: {@code kind} is {@code step} (the
     * charts of one load step), {@code chain} or {@code threads} (per variant, for the experiment's last
     * load). Formats that cannot draw them say nothing in their place.
     */
    record Charts(String kind, int experiment, int load) implements Block {}

    /** A section that is all charts (its heading, a note on what they show, the charts): formats without charts leave it out. */
    record ChartSection(Heading heading, Paragraph note, Charts charts) implements Block {}
}
