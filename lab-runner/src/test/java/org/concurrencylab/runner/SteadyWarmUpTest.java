package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SteadyWarmUpTest {

    private final SteadyWarmUp rule = new SteadyWarmUp(0.10, 0.05);

    @Test
    void steadyOnlyWhenTheJitIsQuietAndTwoWindowsAgree() {
        SteadyWarmUp.Window first = new SteadyWarmUp.Window(2, 1000, 300_000_000L);
        // 2 % more answered, the JIT at 5 % of a core: steady
        assertThat(rule.steady(first, new SteadyWarmUp.Window(2, 1020, 100_000_000L)))
                .isTrue();
        // the same throughput, but the JIT at 15 % of a core: still compiling
        assertThat(rule.steady(first, new SteadyWarmUp.Window(2, 1000, 300_000_000L)))
                .isFalse();
        // the JIT quiet, but 8 % more answered: still speeding up
        assertThat(rule.steady(first, new SteadyWarmUp.Window(2, 1080, 0))).isFalse();
        // where the JIT's CPU is not measured, the throughput alone decides
        assertThat(rule.steady(first, new SteadyWarmUp.Window(2, 1010, -1))).isTrue();
        // nothing answered is never steady
        assertThat(rule.steady(new SteadyWarmUp.Window(2, 0, 0), new SteadyWarmUp.Window(2, 0, 0)))
                .isFalse();
    }

    @Test
    void itsSentenceSaysHowLongItTookAndWhyItEnded() {
        SteadyWarmUp.Window last = new SteadyWarmUp.Window(2, 1020, 100_000_000L);
        assertThat(new SteadyWarmUp.Outcome(Duration.ofMillis(6100), true, last, 0.02).sentence(0.10, 0.05))
                .isEqualTo(
                        "The warm-up took 6.1 s and ended steady: in its last 2 s the JIT took 5 % of a core (at most 10 %) "
                                + "and the throughput moved 2.0 % from the window before (at most 5 %).");
        assertThat(new SteadyWarmUp.Outcome(Duration.ofSeconds(60), false, last, Double.NaN).sentence(0.10, 0.05))
                .startsWith("The warm-up reached its cap of 60.0 s before the application was steady")
                .contains("had no window before it to agree with");
    }
}
