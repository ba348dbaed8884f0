package org.concurrencylab.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.concurrencylab.statistics.Difference.Separation;
import org.junit.jupiter.api.Test;

/** Two variants' forks compared, on samples whose answer is known. */
class DifferenceTest {

    @Test
    void forksFarApartAreToldApartEachWay() {
        ForkSample first = ForkSample.of(1000, 1010, 990);
        ForkSample faster = ForkSample.of(1200, 1210, 1190);
        Difference higher = Difference.of(first, faster, 0.95);
        assertThat(higher.relative()).isCloseTo(0.20, within(1e-9));
        assertThat(higher.separation()).isEqualTo(Separation.HIGHER);
        assertThat(higher.interval().contains(0.20)).isTrue();
        assertThat(Difference.of(faster, first, 0.95).separation()).isEqualTo(Separation.LOWER);
    }

    @Test
    void forksWhoseSpreadCoversTheDifferenceAreNotToldApart() {
        // a difference of 2 % where one JVM moves 5 % from the next
        Difference difference = Difference.of(ForkSample.of(1000, 1050, 950), ForkSample.of(1020, 1070, 970), 0.95);
        assertThat(difference.relative()).isCloseTo(0.02, within(1e-9));
        assertThat(difference.separation()).isEqualTo(Separation.NOT_TOLD_APART);
        assertThat(difference.interval().low()).isNegative();
        assertThat(difference.interval().high()).isPositive();
    }

    @Test
    void withoutTwoForksOnEachSideNothingIsToldApart() {
        Difference difference = Difference.of(ForkSample.of(1000), ForkSample.of(2000), 0.95);
        assertThat(difference.relative()).isCloseTo(1.0, within(1e-9));
        assertThat(difference.interval()).isNull();
        assertThat(difference.separation()).isEqualTo(Separation.NOT_TOLD_APART);
    }

    /**
     * Welch's interval with equal spreads: the pooled interval's, the degrees of freedom 2n - 2 (here 4), so the half
     * width of the difference is t(4) x s x sqrt(2 / 3).
     */
    @Test
    void equalSpreadsGiveThePooledDegreesOfFreedom() {
        ForkSample first = ForkSample.of(8, 10, 12);
        ForkSample other = ForkSample.of(18, 20, 22);
        assertThat(Difference.welchDegreesOfFreedom(first, other)).isCloseTo(4.0, within(1e-9));
        Difference difference = Difference.of(first, other, 0.95);
        double half = 2.776 * 2 * Math.sqrt(2.0 / 3) / 10;
        assertThat(difference.interval().low()).isCloseTo(1.0 - half, within(0.001));
        assertThat(difference.interval().high()).isCloseTo(1.0 + half, within(0.001));
    }

    /**
     * Two variants of the same true mean, three forks each: told apart (wrongly) in about 5 % of draws, as the level
     * says; Welch's interval is slightly conservative at so few forks, so at most 6 % and at least 2 %. With a true
     * difference of four spreads, told apart, the right way, in most draws.
     */
    @Test
    void equalMeansAreToldApartAsRarelyAsTheLevelAllows() {
        Random random = new Random(7);
        int wrong = 0;
        int right = 0;
        int draws = 4000;
        for (int draw = 0; draw < draws; draw++) {
            ForkSample a = draw(random, 1000, 30);
            if (Difference.of(a, draw(random, 1000, 30), 0.95).separation() != Separation.NOT_TOLD_APART) {
                wrong++;
            }
            if (Difference.of(a, draw(random, 1120, 30), 0.95).separation() == Separation.HIGHER) {
                right++;
            }
        }
        assertThat(wrong / (double) draws).isBetween(0.02, 0.06);
        assertThat(right / (double) draws).isGreaterThan(0.8);
    }

    /**
     * A difference of 2 with each fork spread by 1: t(2n - 2) x sqrt(2 / n) falls below 2 first at n = 4 (4.30 x 1 at
     * 2 forks, 2.78 x 0.82 at 3, 2.45 x 0.71 at 4).
     */
    @Test
    void theForksThatWouldTellADifferenceApartFollowFromItsSizeAndTheSpread() {
        ForkSample first = ForkSample.of(9, 10, 11);
        ForkSample other = ForkSample.of(11, 12, 13);
        assertThat(Difference.forksToTellApart(first, other, 0.95)).hasValue(4);
        assertThat(Difference.forksToTellApart(first, first, 0.95)).isEmpty();
        assertThat(Difference.forksToTellApart(ForkSample.of(10, 10), ForkSample.of(11, 11), 0.95))
                .hasValue(2);
        // a difference of a hundredth of the spread needs far more forks than anyone runs
        assertThat(Difference.forksToTellApart(first, ForkSample.of(9.01, 10.01, 11.01), 0.95))
                .isEmpty();
    }

    private static ForkSample draw(Random random, double mean, double spread) {
        return ForkSample.of(
                mean + spread * random.nextGaussian(),
                mean + spread * random.nextGaussian(),
                mean + spread * random.nextGaussian());
    }
}
