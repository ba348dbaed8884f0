package org.concurrencylab.services.cpubound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PiCalculatorTest {

    @Test
    void sumsTheLeibnizSeriesTermByTermWhateverTheParity() {
        assertThat(PiCalculator.pi(1)).isEqualTo(4.0);
        assertThat(PiCalculator.pi(2)).isCloseTo(4.0 - 4.0 / 3, within(1e-15));
        assertThat(PiCalculator.pi(3)).isCloseTo(4.0 - 4.0 / 3 + 4.0 / 5, within(1e-15));
        assertThat(PiCalculator.pi(2_000_001)).isCloseTo(Math.PI, within(1e-6));
    }

    @Test
    void sizesARequestToTheWorkAskedForAtTheRateItMeasured() {
        PiCalculator calculator = PiCalculator.calibrate(Duration.ofMillis(50));

        double planned = calculator.termsPerRequest() * calculator.nanosPerTerm();
        assertThat(planned).isCloseTo(50e6, within(1e5));
        assertThat(calculator.nanosPerTermHere()).isEqualTo(calculator.nanosPerTerm());
    }
}
