package org.concurrencylab.report.section;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.concurrencylab.report.ExperimentResults;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.WarmUpLoad;
import org.junit.jupiter.api.Test;

class WarmUpSentenceTest {

    @Test
    void saysHowLongTheWarmUpsTookAndWhichReachedTheirCapShortOfSteady() {
        ExperimentResult experiment = experiment(
                variant(
                        "steady",
                        Map.of(
                                VariantResult.WARM_UP_SECONDS,
                                2.19,
                                VariantResult.WARM_UP_STEADY,
                                true,
                                VariantResult.WARM_UP_REQUESTS,
                                500)),
                variant(
                        "queued",
                        Map.of(
                                VariantResult.WARM_UP_SECONDS,
                                7.0,
                                VariantResult.WARM_UP_STEADY,
                                false,
                                VariantResult.WARM_UP_REQUESTS,
                                130)));

        assertThat(StepTables.warmUp(experiment))
                .isEqualTo("100 users until steady, at most 5 D (2.0 s), 2.2 to 7.0 s: 1 of 2 steady; at the cap, "
                        + "short of steady: queued");
    }

    @Test
    void resultsWrittenBeforeWarmUpsEndedWhenSteadyReadAsAFixedLength() {
        assertThat(StepTables.warmUp(experiment(variant("old", Map.of())))).isEqualTo("100 users for 5 D");
    }

    /** A study's warm-up of one user for at most 1 s: R0 = 4 ms, so 250 D. */
    @Test
    void aStudysWarmUpOfOneUserSaysUser() {
        VariantResult asIs = VariantResult.custom("as-is")
                .origin(ExperimentResult.APPLICATION)
                .sizing(Map.of(
                        VariantResult.WARM_UP_SECONDS,
                        1.1,
                        VariantResult.WARM_UP_STEADY,
                        false,
                        VariantResult.WARM_UP_REQUESTS,
                        142))
                .build();
        ExperimentResult study = ExperimentResult.custom("pooled-app", "t")
                .downstreamLatencyMillis(4)
                .warmUp(new WarmUpLoad(1, 250))
                .variants(List.of(asIs))
                .build();

        assertThat(StepTables.warmUp(study))
                .isEqualTo("1 user until steady, at most 1 s: 1.1 s (its cap, short of steady)");
    }

    private static ExperimentResult experiment(VariantResult... variants) {
        return ExperimentResults.blockingIo(0.4).variants(List.of(variants)).build();
    }

    private static VariantResult variant(String name, Map<String, Object> sizing) {
        return VariantResult.custom(name).sizing(sizing).build();
    }
}
