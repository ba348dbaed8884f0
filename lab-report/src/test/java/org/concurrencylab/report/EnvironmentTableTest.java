package org.concurrencylab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.concurrencylab.report.document.Block;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.WarmUpLoad;
import org.junit.jupiter.api.Test;

/** The environment table's line for each experiment, in the words of what it is: an article's, or a study. */
class EnvironmentTableTest {

    @Test
    void anArticlesExperimentNamesItsScaleAndDAndTheCpusItsServicesSaw() {
        String table = environment(ExperimentResults.blockingIo(0.4)
                .variants(List.of(variant("mvc-tomcat-20", "seed", 8), variant("mvc-virtual-threads", "modern", 2)))
                .build());

        assertThat(table).contains("| blocking-io | S = 0.40, D = 400 ms, services saw 8 or 2 CPUs, warm-up");
    }

    @Test
    void aStudyNamesItsLoneRequestsTimeAndNoTimeScale() {
        String table = environment(ExperimentResult.custom("pooled-app", "Your service: pooled-app.jar")
                .downstreamLatencyMillis(42.6)
                .warmUp(new WarmUpLoad(4, 0))
                .jit("c1")
                .variants(List.of(variant("as-is", ExperimentResult.APPLICATION, 2)))
                .build());

        assertThat(table)
                .contains("| pooled-app | R0 = 42.6 ms, the application saw 2 CPUs, warm-up")
                .doesNotContain("S = ")
                .doesNotContain("[");
    }

    @Test
    void aRunOfStudiesAloneNamesNoTimeScale() {
        ExperimentResult study = ExperimentResult.custom("pooled-app", "Your service: pooled-app.jar")
                .downstreamLatencyMillis(42.6)
                .variants(List.of(variant("as-is", ExperimentResult.APPLICATION, 2)))
                .build();

        assertThat(lead(study)).startsWith("JDK 25, Spring Boot 4.1.1, Linux amd64, 2 CPUs on this machine.");
        assertThat(lead(ExperimentResults.blockingIo(0.4)
                        .variants(List.of(variant("mvc-tomcat-20", "seed", 8)))
                        .build()))
                .startsWith("Scale S=0.40, JDK 25");
    }

    private static String lead(ExperimentResult experiment) {
        return RunReport.of(run(experiment)).lead().stream()
                .filter(Block.Paragraph.class::isInstance)
                .map(block -> ((Block.Paragraph) block).text())
                .findFirst()
                .orElseThrow();
    }

    private static VariantResult variant(String name, String origin, int cpus) {
        return VariantResult.custom(name).origin(origin).cpus(cpus).build();
    }

    private static RunResult run(ExperimentResult experiment) {
        return new RunResult(
                RunInfo.custom("20261129-000000")
                        .scale(experiment.scale())
                        .machineCpus(2)
                        .platform("25", "4.1.1", "Linux amd64")
                        .planned(List.of(experiment.name()), "a")
                        .finishedAt("b")
                        .build(),
                List.of(experiment));
    }

    private static String environment(ExperimentResult experiment) {
        return RunReport.environment(run(experiment)).stream()
                .filter(Block.Table.class::isInstance)
                .map(block -> ((Block.Table) block).table().renderMarkdown())
                .findFirst()
                .orElseThrow();
    }
}
