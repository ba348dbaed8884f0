package org.concurrencylab.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.concurrencylab.results.interval.Interval;
import org.junit.jupiter.api.Test;

/** The interval over forks on samples whose answer is known. */
class ForkSampleTest {

    @Test
    void studentsQuantilesAtFewForksAreTheTablesOnes() {
        // two-sided 95 %: the t table's 12.706 (2 forks), 4.303 (3), 3.182 (4), 2.776 (5), 2.262 (10)
        assertThat(ForkSample.tQuantile(1, 0.95)).isCloseTo(12.706, within(0.001));
        assertThat(ForkSample.tQuantile(2, 0.95)).isCloseTo(4.303, within(0.001));
        assertThat(ForkSample.tQuantile(3, 0.95)).isCloseTo(3.182, within(0.001));
        assertThat(ForkSample.tQuantile(4, 0.95)).isCloseTo(2.776, within(0.001));
        assertThat(ForkSample.tQuantile(9, 0.95)).isCloseTo(2.262, within(0.001));
        assertThat(ForkSample.tQuantile(2, 0.99)).isCloseTo(9.925, within(0.001));
    }

    @Test
    void theIntervalOfThreeForksIsTheMeanPlusOrMinusTTimesTheStandardError() {
        ForkSample sample = ForkSample.of(10, 12, 14);
        assertThat(sample.mean()).isEqualTo(12.0);
        assertThat(sample.standardDeviation()).isCloseTo(2.0, within(1e-12));
        Interval interval = sample.interval(0.95).orElseThrow();
        double half = 4.303 * 2 / Math.sqrt(3);
        assertThat(interval.low()).isCloseTo(12 - half, within(0.001));
        assertThat(interval.high()).isCloseTo(12 + half, within(0.001));
        assertThat(interval.forks()).isEqualTo(3);
        assertThat(interval.level()).isEqualTo(0.95);
    }

    @Test
    void oneForkHasNoInterval() {
        assertThat(ForkSample.of(5).interval(0.95)).isEmpty();
        assertThat(ForkSample.of(5).standardDeviation()).isZero();
    }

    @Test
    void forksThatAgreeGiveAnIntervalOfNoWidth() {
        Interval interval = ForkSample.of(3, 3, 3).interval(0.95).orElseThrow();
        assertThat(interval.low()).isEqualTo(3.0);
        assertThat(interval.high()).isEqualTo(3.0);
    }

    /**
     * Drawn from a known normal distribution, three forks at a time: the 95 % interval holds the true mean in 95 % of
     * the draws. 4,000 draws tell a coverage within about 0.35 points (one standard error), so 93.5 to 96.5 % is some
     * four of them either side; an interval of z (1.96) in place of t (4.30) would hold it in some 75 %.
     */
    @Test
    void theIntervalHoldsTheTrueMeanAsOftenAsItsLevelSays() {
        Random random = new Random(20261207);
        for (int forks : new int[] {2, 3, 5}) {
            int held = 0;
            int draws = 4000;
            for (int draw = 0; draw < draws; draw++) {
                double[] values = new double[forks];
                for (int f = 0; f < forks; f++) {
                    values[f] = 1500 + 80 * random.nextGaussian();
                }
                if (ForkSample.of(values).interval(0.95).orElseThrow().contains(1500)) {
                    held++;
                }
            }
            assertThat(held / (double) draws).as(forks + " forks").isBetween(0.935, 0.965);
        }
    }

    @Test
    void aFigureThatIsNotANumberIsRefused() {
        assertThatThrownBy(() -> ForkSample.of(1, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ForkSample.of()).isInstanceOf(IllegalArgumentException.class);
    }
}
