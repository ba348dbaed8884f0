package org.concurrencylab.report.document;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WrappedTextTest {

    @Test
    void aLongLineBreaksOnSpacesUnderItsHangingIndent() {
        assertThat(WrappedText.wrap("  - ", "    ", "one two three four five six", 14))
                .isEqualTo("  - one two\n    three four\n    five six\n");
    }

    @Test
    void aFigureStaysWithItsUnit() {
        assertThat(WrappedText.wrap("", "", "held 5 D after 102 %, then 3 x more", 7))
                .isEqualTo("held\n5 D\nafter\n102 %,\nthen\n3 x\nmore\n");
    }

    @Test
    void noWidthLeavesTheTextAsItIs() {
        String long_ = "word ".repeat(60).strip();
        assertThat(WrappedText.wrap("!! ", "   ", long_, 0)).isEqualTo("!! " + long_ + "\n");
        assertThat(WrappedText.wrap("!! ", "   ", "a\nb", 0)).isEqualTo("!! a\nb\n");
    }

    @Test
    void eachLineOfTheTextIsWrappedUnderTheHangingIndent() {
        assertThat(WrappedText.wrap("!! ", "   ", "a\nb", 20)).isEqualTo("!! a\n   b\n");
    }

    @Test
    void aWordLongerThanTheWidthStandsOnItsOwnLine() {
        assertThat(WrappedText.wrap("", "  ", "a https://127.0.0.1:8080/a/long/path b", 10))
                .isEqualTo("a\n  https://127.0.0.1:8080/a/long/path\n  b\n");
    }
}
