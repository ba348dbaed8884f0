package org.concurrencylab.results.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.results.usage.DatabaseUsage;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

class StepResultTest {

    private static final Requests ANSWERED = new Requests(100, 100, 0, Map.of());
    private static final LatencyMillis LATENCY = new LatencyMillis(10, 10, 11, 12, 13, 14);

    @Test
    void refusesAStepWithoutTheClientsFigures() {
        assertThatThrownBy(() -> StepResult.custom("10x10").build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("step 10x10 needs the client's requests and latency");
        assertThatThrownBy(() -> StepResult.custom(" ")
                        .client(ANSWERED, 1, LATENCY, 1, 1)
                        .build())
                .hasMessageContaining("load's name");
        assertThatThrownBy(() -> StepResult.custom("10x10")
                        .client(ANSWERED, -1, LATENCY, 1, 1)
                        .build())
                .hasMessageContaining("cannot be negative");
    }

    @Test
    void copiesEveryFigureAndDropsOnlyWhatTheProbeAddedWhenAskedTo() {
        StepResult probed = StepResult.custom("10x10")
                .plan(LoadPlan.closed(10, 10, 1000, "keep-alive"))
                .client(ANSWERED, 66, LATENCY, 1.5, 9.9)
                .littlesLaw(66.7, "C/D", 66.7)
                .threads(new Threads(20, Map.of(), List.of(), 0, Map.of()))
                .process(ProcessUsage.custom()
                        .cpuSeconds(0.5)
                        .heapPeakBytes(1)
                        .voluntaryContextSwitches(OptionalLong.of(1))
                        .involuntaryContextSwitches(OptionalLong.of(1))
                        .jitCpuSeconds(OptionalDouble.of(0))
                        .serverRequests(100)
                        .serverMeanMillis(10)
                        .build())
                .timeline(new Timeline(150, List.of()))
                .database(new DatabaseUsage(1, 2, 10, 46, 0, List.of()))
                .requestLog("requests/x.csv")
                .build();

        assertThat(StepResult.from(probed).build()).isEqualTo(probed);

        StepResult clientOnly = StepResult.from(probed).withoutProbe().build();
        assertThat(clientOnly.service().threads()).isNull();
        assertThat(clientOnly.service().process()).isNull();
        assertThat(clientOnly.service().database()).isNull();
        assertThat(clientOnly.service().services()).isEmpty();
        assertThat(clientOnly.client().requests()).isEqualTo(ANSWERED);
        assertThat(clientOnly.client().latencyMillis()).isEqualTo(LATENCY);
        assertThat(clientOnly.client().timeline()).isEqualTo(probed.client().timeline());
        assertThat(clientOnly.client().requestLog()).isEqualTo("requests/x.csv");
    }
}
