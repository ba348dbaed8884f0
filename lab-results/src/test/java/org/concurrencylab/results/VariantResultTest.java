package org.concurrencylab.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VariantResultTest {

    @Test
    void aVariantBuiltByNameRanUnlessItSaysItFailedAndHasNothingItWasNotGiven() {
        VariantResult ran =
                VariantResult.custom("mvc-tomcat-20").origin("seed").cpus(2).build();

        assertThat(ran.ok()).isTrue();
        assertThat(ran.failure()).isNull();
        assertThat(ran.sizing().isEmpty()).isTrue();
        assertThat(ran.steps()).isEmpty();

        VariantResult failed = VariantResult.from(ran).failed("did not start").build();

        assertThat(failed.status()).isEqualTo(VariantStatus.FAILED);
        assertThat(failed.failure()).isEqualTo("did not start");
        assertThat(failed)
                .isEqualTo(new VariantResult(
                        "mvc-tomcat-20",
                        "",
                        "seed",
                        2,
                        VariantStatus.FAILED,
                        "did not start",
                        Sizing.NONE,
                        Map.of(),
                        List.of(),
                        List.of()));
    }

    @Test
    void aVariantNeedsItsName() {
        assertThatThrownBy(() -> VariantResult.custom(" ").build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a variant needs its name");
    }
}
