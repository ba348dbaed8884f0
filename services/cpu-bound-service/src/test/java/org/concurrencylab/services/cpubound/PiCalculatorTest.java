package org.concurrencylab.services.cpubound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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

    /**
     * The sizing is only as good as the rate it measured: a request of the calibrated terms must cost
     * about the CPU asked for. Thread CPU time, not wall time, so another process on the machine does
     * not move it; the best of three, as the calibration keeps its best round; half to one and a half
     * times the asked CPU catches a wrong rate (a round timed before compilation, a unit off by 1000)
     * while leaving room for a JIT that compiles the loop differently on a second call.
     */
    @Test
    void aCalibratedRequestCostsAboutTheCpuAskedFor() {
        Duration work = Duration.ofMillis(100);
        PiCalculator calculator = PiCalculator.calibrate(work);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();

        long best = Long.MAX_VALUE;
        double sink = 0;
        for (int i = 0; i < 3; i++) {
            long started = threads.getCurrentThreadCpuTime();
            sink += PiCalculator.pi(calculator.termsPerRequest());
            best = Math.min(best, threads.getCurrentThreadCpuTime() - started);
        }

        assertThat(sink).isPositive();
        assertThat(best / 1e6).isBetween(50.0, 150.0);
    }

    @Test
    void aRequestSizedByAnotherJvmKeepsItsTermsAndStillMeasuresThisJvmsRate() {
        PiCalculator calculator = PiCalculator.of(123_456_789, Duration.ofMillis(50));

        assertThat(calculator.termsPerRequest()).isEqualTo(123_456_789);
        assertThat(calculator.nanosPerTerm()).isCloseTo(50e6 / 123_456_789, within(1e-12));
        // measured here, not copied from the other JVM: some tenths of a ns to a few ns a term on any CPU of today
        assertThat(calculator.nanosPerTermHere()).isBetween(0.05, 20.0).isNotEqualTo(calculator.nanosPerTerm());
    }
}
