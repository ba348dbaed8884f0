package org.concurrencylab.catalog.claim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class MachineShapeTest {

    @Test
    void aMachineHasNoMoreCoresThanHardwareThreads() {
        assertThatThrownBy(() -> MachineShape.of(2, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("between 1 and the 2 hardware threads");
        assertThatThrownBy(() -> MachineShape.ofThreads(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void coresThatDoNotFitTheThreadsSeenAreLeftOut() {
        assertThat(MachineShape.fitting(4, OptionalInt.of(2))).isEqualTo(MachineShape.of(4, 2));
        assertThat(MachineShape.fitting(2, OptionalInt.of(4))).isEqualTo(MachineShape.ofThreads(2));
        assertThat(MachineShape.fitting(2, OptionalInt.empty())).isEqualTo(MachineShape.ofThreads(2));
    }

    /** The article's own laptop, 8 logical CPUs on 4 cores, has what the claim needs; 2 on 2 does not. */
    @Test
    void hyperthreadingIsMoreHardwareThreadsThanCores() {
        MachineNeed need = MachineNeed.hyperthreaded();
        assertThat(need.lackedOn(MachineShape.of(4, 2))).isEmpty();
        assertThat(need.lackedOn(MachineShape.of(8, 4)))
                .as("the article's machine")
                .isEmpty();
        assertThat(need.lackedOn(MachineShape.of(2, 2)))
                .hasValue("needs more hardware threads than cores; this machine has 2 hardware threads on 2 cores");
        assertThat(need.lackedOn(MachineShape.ofThreads(4))).isPresent();
    }
}
