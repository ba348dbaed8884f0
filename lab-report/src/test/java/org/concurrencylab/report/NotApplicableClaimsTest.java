package org.concurrencylab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.concurrencylab.report.document.Block;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.junit.jupiter.api.Test;

class NotApplicableClaimsTest {

    private static final String MISSING = "needs variant %s, which did not run (not chosen, or failed)";

    @Test
    void theClaimsARunCouldNotCheckShareOneLineNamingThemAndTheVariantsTheyNeed() {
        List<Block.Verdicts.Line> lines = lines(
                checked("tomcat-20-queues"),
                notApplicable("tomcat-200-scales", "mvc-tomcat-200"),
                notApplicable("netty-elastic-scales", "webflux-netty-elastic"),
                notApplicable("virtual-threads-scale", "mvc-virtual-threads", "mvc-tomcat-200"));

        assertThat(lines).hasSize(2);
        assertThat(lines.getFirst().status()).isEqualTo("reproduced");
        Block.Verdicts.Line grouped = lines.getLast();
        assertThat(grouped.status()).isEqualTo("not applicable");
        assertThat(grouped.text())
                .isEqualTo("3 claims need what this run did not run: tomcat-200-scales, netty-elastic-scales, "
                        + "virtual-threads-scale");
        // the variant that ran is not among those named; each missing one is named once
        assertThat(grouped.evidence())
                .isEqualTo(
                        "not run (not chosen, or failed): mvc-tomcat-200, mvc-virtual-threads, webflux-netty-elastic");
        assertThat(grouped.chartAnchor()).isNull();
    }

    @Test
    void oneClaimTheRunCouldNotCheckKeepsItsOwnLine() {
        List<Block.Verdicts.Line> lines =
                lines(checked("tomcat-20-queues"), notApplicable("tomcat-200-scales", "mvc-tomcat-200"));

        assertThat(lines.getLast().text()).isEqualTo("the claim tomcat-200-scales");
        assertThat(lines.getLast().evidence()).isEqualTo(MISSING.formatted("mvc-tomcat-200"));
    }

    private static List<Block.Verdicts.Line> lines(ClaimResult... claims) {
        ExperimentResult experiment = ExperimentResults.blockingIo(0.4)
                .variants(List.of(VariantResult.custom("mvc-tomcat-20").build()))
                .claims(List.of(claims))
                .build();
        return RunReport.verdicts(experiment, 0, false).stream()
                .filter(Block.Verdicts.class::isInstance)
                .map(Block.Verdicts.class::cast)
                .findFirst()
                .orElseThrow()
                .claims();
    }

    private static ClaimResult checked(String id) {
        return new ClaimResult(
                id,
                "the claim " + id,
                "reproduced",
                "19.9 per D",
                new ChartRef("requests", "100x10", List.of("mvc-tomcat-20")));
    }

    private static ClaimResult notApplicable(String id, String... variants) {
        return new ClaimResult(
                id,
                "the claim " + id,
                "not applicable",
                MISSING.formatted(variants[0]),
                new ChartRef("requests", "100x10", List.of(variants)));
    }
}
