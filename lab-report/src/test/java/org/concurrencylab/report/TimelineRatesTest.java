package org.concurrencylab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The answered and failed charts count a whole bin each, the step's last, partial one included. */
class TimelineRatesTest {

    private static final List<Long> EIGHT_SECONDS_AND_A_TAIL = List.of(23L, 24L, 24L, 24L, 23L, 24L, 24L, 24L, 1L);

    @Test
    void aLastBinOfAFewMillisecondsIsLeftOutRatherThanReadAsAFall() {
        // 8 s held, the last answer 40 ms after: one answer in 4 % of a second
        List<Double> rates = HtmlReport.perBin(EIGHT_SECONDS_AND_A_TAIL, 1000, 8040);

        assertThat(rates).hasSize(9).endsWith((Double) null);
        assertThat(rates.subList(0, 8)).containsExactly(23.0, 24.0, 24.0, 24.0, 23.0, 24.0, 24.0, 24.0);
    }

    @Test
    void aLastBinOfHalfABinOrMoreIsScaledToAWholeOne() {
        // at S = 0.4 a bin is 400 ms: the last covers 240 ms of it
        List<Double> rates = HtmlReport.perBin(List.of(10L, 10L, 6L), 400, 1040);

        assertThat(rates.get(2)).isCloseTo(6 / 0.6, within(1e-9));
        assertThat(HtmlReport.perBin(List.of(10L, 10L, 10L), 400, 1200))
                .as("whole bins stay as counted")
                .containsExactly(10.0, 10.0, 10.0);
    }
}
