package org.concurrencylab.agent;

import static org.assertj.core.api.Assertions.assertThat;

import org.concurrencylab.probe.model.PinsSince;
import org.junit.jupiter.api.Test;

class PinTimelineTest {

    @Test
    void aStepCountsThePinsThatEndedInItWheneverJfrHandedThemOver() {
        PinTimeline timeline = new PinTimeline();
        // the step before ended at 10 000; its last pins are handed over after the step began
        timeline.ended(9_900);
        timeline.ended(9_950);
        timeline.ended(10_100);
        timeline.ended(10_500);
        timeline.handedOver(10_600);

        PinsSince afterTheStep = timeline.since(10_000);
        assertThat(afterTheStep.ended()).isEqualTo(2);
        // one hand-over says nothing of what the flush before it held: nothing is whole yet
        assertThat(afterTheStep.deliveredUpToEpochMillis()).isEqualTo(Long.MIN_VALUE);

        timeline.ended(11_200);
        timeline.handedOver(11_600);
        assertThat(timeline.since(10_000)).isEqualTo(new PinsSince(3, 10_600));
    }

    @Test
    void theStreamsSecondCallBackForOneFlushIsTheSameHandOver() {
        PinTimeline timeline = new PinTimeline();
        timeline.handedOver(10_000);
        timeline.handedOver(10_001);
        assertThat(timeline.since(0).deliveredUpToEpochMillis()).isEqualTo(Long.MIN_VALUE);

        timeline.handedOver(11_000);
        timeline.handedOver(11_002);
        assertThat(timeline.since(0).deliveredUpToEpochMillis()).isEqualTo(10_000);
    }

    @Test
    void pinsOlderThanAnyReaderAsksForAreDropped() {
        PinTimeline timeline = new PinTimeline();
        timeline.ended(1_000);
        timeline.ended(2_000 + PinTimeline.KEPT_MILLIS);
        timeline.handedOver(1_500 + PinTimeline.KEPT_MILLIS);

        assertThat(timeline.since(0).ended()).isEqualTo(1);
    }
}
