package org.concurrencylab.report.section;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.concurrencylab.report.document.Block;
import org.concurrencylab.results.sweep.SweepFit;
import org.concurrencylab.results.sweep.SweepPoint;
import org.concurrencylab.results.sweep.SweepResult;
import org.junit.jupiter.api.Test;

class SweepReportTest {

    @Test
    void aSweepAlongTheServicesOwnTimeoutSaysItsFailuresAreTheCurveWithoutAnAlarm() {
        List<Block.Paragraph> said =
                paragraphs(sweep("legacy.storefront.connection-request-timeout", SweepFit.FAILURES_ARE_THE_CURVE));

        assertThat(said.getFirst().text()).startsWith("Failures against a timeout: the knob is a timeout");
        assertThat(said).extracting(Block.Paragraph::tone).doesNotContain(Block.Tone.ALERT);
    }

    @Test
    void aSweepThatWantedACurveAndGotNoneSaysSoAsAnAlarm() {
        List<Block.Paragraph> said =
                paragraphs(sweep("server.tomcat.threads.max", SweepFit.notFitted("fewer than two clean points")));

        assertThat(said.getFirst().text()).isEqualTo("No curve: fewer than two clean points.");
        assertThat(said.getFirst().tone()).isEqualTo(Block.Tone.ALERT);
    }

    private static List<Block.Paragraph> paragraphs(SweepResult sweep) {
        return SweepReport.blocks(sweep, 0).stream()
                .filter(Block.Paragraph.class::isInstance)
                .map(Block.Paragraph.class::cast)
                .toList();
    }

    private static SweepResult sweep(String knob, SweepFit fit) {
        SweepPoint point = SweepPoint.custom()
                .value(1000)
                .step("legacy@1000")
                .throughputPerSecond(60)
                .meanMillis(900)
                .p95Millis(1100)
                .failedShare(0.4)
                .boundPerSecond(66.7)
                .verdict(SweepPoint.FAILED)
                .build();
        return new SweepResult("legacy-chain", "legacy", knob, "250 users", List.of(point), fit);
    }
}
