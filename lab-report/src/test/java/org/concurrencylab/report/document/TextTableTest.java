package org.concurrencylab.report.document;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A table right-aligns its figures, and only its figures. */
class TextTableTest {

    @Test
    void figuresAreRightAlignedAndAVersionIsNot() {
        assertThat(TextTable.isNumeric("206.1")).isTrue();
        assertThat(TextTable.isNumeric("-3.5 %")).isTrue();
        assertThat(TextTable.isNumeric("1,234.5")).isTrue();
        assertThat(TextTable.isNumeric("12")).isTrue();
        assertThat(TextTable.isNumeric("4.1.1")).as("a version").isFalse();
        assertThat(TextTable.isNumeric("1.0/16")).isFalse();
        assertThat(TextTable.isNumeric("")).isFalse();

        TextTable table = new TextTable("what", "value");
        table.add("Spring Boot", "4.1.1");
        table.add("TPS", "206.1");
        assertThat(table.renderHtml()).contains("<td>4.1.1</td>").contains("<td class=\"num\">206.1</td>");
        assertThat(table.render().lines()).contains("Spring Boot  4.1.1", "TPS          206.1");
    }
}
