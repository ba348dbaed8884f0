package org.concurrencylab.services.cpubound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A request's terms are the calibrated unit times the variant's work factor, whichever thread computes them. */
class PiControllerTest {

    private static final PiCalculator TEN_THOUSAND_TERMS = PiCalculator.of(10_000, Duration.ofMillis(1));

    @Test
    void aWorkFactorSizesEveryRequestFromTheCalibratedUnit() {
        PiController controller = new PiController(properties(1.4667), TEN_THOUSAND_TERMS);

        assertThat(controller.calcPi(null).block().iterations()).isEqualTo(14_667);
        assertThat(controller.calcPi(500L).block().iterations()).isEqualTo(500);
        controller.destroy();
    }

    @Test
    void withoutOneARequestIsTheUnit() {
        PiController controller = new PiController(properties(1), TEN_THOUSAND_TERMS);

        assertThat(controller.calcPi(null).block().iterations()).isEqualTo(10_000);
        controller.destroy();
    }

    @Test
    void aWorkFactorOfNothingIsRefused() {
        assertThatThrownBy(() -> properties(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("lab.cpu.work-factor must be above 0, was 0.0");
    }

    private static CpuBoundProperties properties(double workFactor) {
        return new CpuBoundProperties(
                CpuBoundProperties.Scheduler.NONE, 0, Duration.ofMillis(1), 2, 10_000, workFactor);
    }
}
