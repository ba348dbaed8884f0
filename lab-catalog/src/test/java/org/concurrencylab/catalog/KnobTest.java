package org.concurrencylab.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class KnobTest {

    @Test
    void listedValuesAreTakenAsGiven() {
        Knob knob = Knob.parse("server.tomcat.threads.max=5,20,100,200");

        assertThat(knob.name()).isEqualTo("server.tomcat.threads.max");
        assertThat(knob.values()).containsExactly(5, 20, 100, 200);
        assertThat(knob.isLoad()).isFalse();
    }

    @Test
    void aRangeIsSpreadEvenlyAndRoundedToWholeNumbers() {
        assertThat(Knob.parse("users=1..64:4").values()).containsExactly(1, 22, 43, 64);
        assertThat(Knob.parse("users=1..11").values())
                .hasSize(Defaults.SWEEP_STEPS)
                .startsWith(1)
                .endsWith(11);
        // rounding that makes two values the same keeps one of them
        assertThat(Knob.parse("rate=1..3:5").values()).containsExactly(1, 2, 3);
        assertThat(Knob.parse("rate=10..20:3").isLoad()).isTrue();
    }

    @Test
    void whatIsNotACurveIsRefusedWithItsReason() {
        assertThatThrownBy(() -> Knob.parse("users")).hasMessageContaining("NAME=a,b,c");
        assertThatThrownBy(() -> Knob.parse("users=4")).hasMessageContaining("two values or more");
        assertThatThrownBy(() -> Knob.parse("users=4,2")).hasMessageContaining("rising");
        assertThatThrownBy(() -> Knob.parse("users=0,2")).hasMessageContaining("from 1");
        assertThatThrownBy(() -> Knob.parse("users=a,b")).hasMessageContaining("whole numbers");
        assertThatThrownBy(() -> Knob.parse("users=8..2")).hasMessageContaining("rises from a to b");
        assertThatThrownBy(() -> new Knob("users", List.of(1))).hasMessageContaining("two values");
    }
}
