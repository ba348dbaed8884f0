package org.concurrencylab.report.section;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.concurrencylab.report.ExperimentResults;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
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

    private static ExperimentResult experiment(VariantResult... variants) {
        return ExperimentResults.blockingIo(0.4).variants(List.of(variants)).build();
    }

    private static VariantResult variant(String name, Map<String, Object> sizing) {
        return VariantResult.custom(name).sizing(sizing).build();
    }
}
