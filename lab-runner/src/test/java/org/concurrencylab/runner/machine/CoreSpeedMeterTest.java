package org.concurrencylab.runner.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.concurrencylab.results.usage.CoreSpeed;
import org.junit.jupiter.api.Test;

class CoreSpeedMeterTest {

    @Test
    void theMeterTimesItsUnitEveryPeriodForAsLongAsTheJvmRuns() throws InterruptedException {
        CoreSpeedMeter.Totals first = CoreSpeedMeter.shared().totals();
        Thread.sleep(20 * CoreSpeedMeter.PERIOD.toMillis());
        CoreSpeedMeter.Totals later = CoreSpeedMeter.shared().totals();

        // 20 periods, less the warm-up on a first use and a busy machine's late wake-ups
        assertThat(later.samplesSince(first)).isGreaterThanOrEqualTo(5).isLessThanOrEqualTo(21);
        double nanosPerTerm = later.meanSince(first) / CoreSpeedMeter.UNIT_TERMS;
        // a division and an add a term: a few cycles of a 1 to 5 GHz core, compiled
        assertThat(nanosPerTerm).isBetween(0.1, 10.0);
        // the median of samples whose 10th to 90th percentiles lie within 3 % of it, and a few interrupted ones
        assertThat(later.medianNanos() / later.meanSince(first)).isBetween(0.5, 1.5);
    }

    @Test
    void aStepsSpeedIsItsSamplesMeanAgainstTheRunsMedianSoFar() {
        CoreSpeedMeter.Totals before = new CoreSpeedMeter.Totals(10, 1_000_000, 100_000);
        CoreSpeedMeter.Totals after = new CoreSpeedMeter.Totals(13, 1_540_000, 90_000);

        CoreSpeed speed = MachineCpu.coreSpeed(reading(before), reading(after));

        assertThat(speed.samples()).isEqualTo(3);
        assertThat(speed.cpuNanosPerTerm()).isEqualTo(180_000.0 / CoreSpeedMeter.UNIT_TERMS);
        assertThat(speed.slowdown()).isEqualTo(2.0);
        assertThat(MachineCpu.coreSpeed(reading(after), reading(after)))
                .as("no sample between")
                .isNull();
    }

    private static MachineCpu.Reading reading(CoreSpeedMeter.Totals totals) {
        return new MachineCpu.Reading(0, new long[0], Map.of(), Map.of(), totals, Map.of());
    }
}
