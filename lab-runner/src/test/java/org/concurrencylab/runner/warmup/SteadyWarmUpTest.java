package org.concurrencylab.runner.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SteadyWarmUpTest {

    private final SteadyWarmUp rule = new SteadyWarmUp(0.10, 0.05, 3000);

    @Test
    void steadyOnlyWhenEnoughWasAnsweredTheJitIsQuietAndTwoWindowsAgree() {
        SteadyWarmUp.Window first = SteadyWarmUp.Window.counted(2, 1000, OptionalLong.of(300_000_000L));
        // 2 % more answered, the JIT at 5 % of a core: steady
        assertThat(rule.steady(first, SteadyWarmUp.Window.counted(2, 1020, OptionalLong.of(100_000_000L)), 3000))
                .isTrue();
        // the same, but fewer requests answered than the JIT needs to see: code run once a request not yet compiled
        assertThat(rule.steady(first, SteadyWarmUp.Window.counted(2, 1020, OptionalLong.of(100_000_000L)), 2999))
                .isFalse();
        // the same throughput, but the JIT at 15 % of a core: still compiling
        assertThat(rule.steady(first, SteadyWarmUp.Window.counted(2, 1000, OptionalLong.of(300_000_000L)), 5000))
                .isFalse();
        // the JIT quiet, but 8 % more answered: still speeding up
        assertThat(rule.steady(first, SteadyWarmUp.Window.counted(2, 1080, OptionalLong.of(0)), 5000))
                .isFalse();
        // where the JIT's CPU is not measured, the throughput alone decides
        assertThat(rule.steady(first, SteadyWarmUp.Window.counted(2, 1010, OptionalLong.empty()), 5000))
                .isTrue();
        // nothing answered is never steady
        assertThat(rule.steady(
                        SteadyWarmUp.Window.counted(2, 0, OptionalLong.of(0)),
                        SteadyWarmUp.Window.counted(2, 0, OptionalLong.of(0)),
                        5000))
                .isFalse();
    }

    @Test
    void itsSentenceSaysHowLongItTookAndWhyItEnded() {
        SteadyWarmUp.Window last = SteadyWarmUp.Window.counted(2, 1020, OptionalLong.of(100_000_000L));
        assertThat(new SteadyWarmUp.Outcome(Duration.ofMillis(6100), 6100, true, last, 0.02)
                        .sentence(rule, "a longer warm-up.seconds"))
                .isEqualTo(
                        "The warm-up took 6.1 s and 6,100 requests (at least 3,000) and ended steady: in its last 2 s the JIT "
                                + "took 5 % of a core (at most 10 %) and the throughput moved 2.0 % from the window "
                                + "before (at most 5 %).");
        assertThat(new SteadyWarmUp.Outcome(Duration.ofSeconds(60), 2400, false, last, Double.NaN)
                        .sentence(rule, "a longer warm-up.seconds"))
                .startsWith("The warm-up reached its cap of 60.0 s before the application was steady: 2,400 requests "
                        + "(at least 3,000)")
                .contains("had no window with answers before it to agree with");
        assertThat(new SteadyWarmUp.Outcome(Duration.ofSeconds(60), 2400, false, last, Double.POSITIVE_INFINITY)
                        .sentence(rule, "a longer warm-up.seconds"))
                .doesNotContain("Infinity")
                .contains("had no window with answers before it to agree with");
    }
}
