package org.concurrencylab.catalog.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.concurrencylab.catalog.Origin;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.model.CapacityModel;
import org.junit.jupiter.api.Test;

class AutoscalingTest {

    private static final Autoscaling RULE = Autoscaling.custom()
            .requestCores(0.5)
            .targetUtilization(0.7)
            .maxInstances(4)
            .experimentSecondsPerArticleSecond(1.0 / 60)
            .build();

    @Test
    void asksForTheInstancesThatBringTheMeanBackToItsTargetWithinItsMaximum() {
        // a HorizontalPodAutoscaler's rule: ceil(n x utilization / target)
        assertThat(RULE.desired(1, 1.28)).isEqualTo(2);
        assertThat(RULE.desired(2, 0.9)).isEqualTo(3);
        assertThat(RULE.desired(1, 0.7)).as("at the target: nothing").isEqualTo(1);
        assertThat(RULE.desired(3, 2.0)).as("at most its maximum").isEqualTo(4);
        assertThat(RULE.desired(3, 0.1)).as("never down within a step").isEqualTo(3);
    }

    @Test
    void aStartUpInRealSecondsJoinsInTheExperimentsTime() {
        assertThat(RULE.joiningAfter(Duration.ofSeconds(3))).isEqualTo(Duration.ofMillis(50));
        assertThat(RULE.period())
                .as("a HorizontalPodAutoscaler's own period by default")
                .isEqualTo(Duration.ofSeconds(15));
    }

    @Test
    void refusesARuleThatCannotScaleOrMeasure() {
        assertThatThrownBy(() -> Autoscaling.custom()
                        .requestCores(0.5)
                        .targetUtilization(0.7)
                        .maxInstances(1)
                        .build())
                .hasMessageContaining("cannot scale out");
        assertThatThrownBy(() -> Autoscaling.custom()
                        .requestCores(0)
                        .targetUtilization(0.7)
                        .maxInstances(2)
                        .build())
                .hasMessageContaining("CPU request");
        assertThatThrownBy(() -> Variant.custom("v", "s")
                        .origin(Origin.MODERN)
                        .capacity(new CapacityModel.Unbounded("test"))
                        .instances(4)
                        .autoscaling(RULE)
                        .build())
                .hasMessageContaining("could not scale out");
    }
}
