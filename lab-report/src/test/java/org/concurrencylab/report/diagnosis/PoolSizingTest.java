package org.concurrencylab.report.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PoolSizingTest {

    @Test
    void aSizeWithinTheMeasurementsPrecisionOfAWholeNumberIsThatNumber() {
        // 8 users at 42.1 ms each, a connection held 42.2 ms: 8.02 by the figures, 8 by what they can tell
        assertThat(PoolSizing.needed(0.0422, new UserPace(42.1, 0).closed(8))).isEqualTo(8);
        assertThat(PoolSizing.needed(0.0405, new UserPace(42.1, 0).closed(8))).isEqualTo(8);
        // 8.5 is beyond it: 9
        assertThat(PoolSizing.needed(0.0447, new UserPace(42.1, 0).closed(8))).isEqualTo(9);
        assertThat(PoolSizing.needed(0.0100, new UserPace(42.1, 0).closed(8))).isEqualTo(2);
    }

    @Test
    void usersWhoThinkBetweenRequestsAskForLess() {
        // 8 users each sending every 42.1 + 100 ms: 56.3/s, which keep 2.37 connections held 42.2 ms busy
        UserPace thinking = new UserPace(42.1, 100);
        assertThat(thinking.perSecond(8)).isCloseTo(56.3, org.assertj.core.data.Offset.offset(0.1));
        assertThat(PoolSizing.needed(0.0422, thinking.closed(8))).isEqualTo(3);
        assertThat(thinking.over(8)).isEqualTo("8 / (42.1 ms + 100 ms thinking)");
        assertThat(thinking.describe()).isEqualTo("the lone request's 42.1 ms and 100 ms of thinking");
    }

    @Test
    void anOpenStepAsksForItsRateWhateverThePace() {
        UserPace.Demand arrivals = UserPace.Demand.open(200);
        assertThat(PoolSizing.needed(0.0853, arrivals)).isEqualTo(17);
        assertThat(arrivals.doubled().name()).isEqualTo("400/s");
        assertThat(arrivals.who()).isEqualTo("200 arrivals a second");
    }
}
