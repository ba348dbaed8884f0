package org.concurrencylab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.concurrencylab.report.JUnitVerdicts;
import org.concurrencylab.report.ReportFiles;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.WarmUpLoad;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/** --fail-on and the JUnit verdict file, on hand-made results. */
class FailOnTest {

    @TempDir
    Path directory;

    @Test
    void theExitCodeFollowsTheVerdictsAskedForAndOnlyThose() {
        RunResult allReproduced = run("reproduced", "reproduced");
        RunResult oneNotReproduced = run("reproduced", "not reproduced");
        RunResult oneNotDecided = run("not decided", "reproduced");

        List<String> notReproduced = List.of("not reproduced");
        assertThat(RunCommand.exitCode(allReproduced, notReproduced)).isZero();
        assertThat(RunCommand.exitCode(oneNotReproduced, notReproduced)).isEqualTo(RunCommand.CLAIM_FAILED);
        assertThat(RunCommand.exitCode(oneNotReproduced, List.of()))
                .as("claims alone never fail a run unless asked")
                .isZero();
        assertThat(RunCommand.exitCode(oneNotDecided, notReproduced)).isZero();
        assertThat(RunCommand.exitCode(oneNotDecided, List.of("not reproduced", "not decided")))
                .isEqualTo(RunCommand.CLAIM_FAILED);
    }

    @Test
    void theVerdictFileIsJUnitXmlWithAFailurePerClaimNotReproduced() throws Exception {
        ReportFiles.Written written = ReportFiles.write(run("reproduced", "not reproduced"), directory);

        assertThat(written.verdicts()).isEqualTo(directory.resolve(JUnitVerdicts.FILE_NAME));
        Document xml = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(written.verdicts().toFile());
        assertThat(xml.getDocumentElement().getAttribute("tests")).isEqualTo("2");
        assertThat(xml.getDocumentElement().getAttribute("failures")).isEqualTo("1");
        assertThat(xml.getElementsByTagName("testcase").getLength()).isEqualTo(2);
        assertThat(xml.getElementsByTagName("failure")
                        .item(0)
                        .getAttributes()
                        .getNamedItem("message")
                        .getNodeValue())
                .isEqualTo("not reproduced: 7.1 per D < 8 & \"far\"");
        assertThat(Files.readString(written.verdicts())).contains("name=\"second\"");
    }

    private static RunResult run(String first, String second) {
        VariantResult variant =
                VariantResult.custom("v").summary("s").origin("seed").cpus(8).build();
        ExperimentResult experiment = ExperimentResult.custom("blocking-io", "t")
                .seed("s")
                .scale(0.4)
                .downstreamLatencyMillis(400)
                .warmUp(new WarmUpLoad(100, 5))
                .jit("c1")
                .variants(List.of(variant))
                .claims(List.of(
                        new ClaimResult("first", "one", first, "9.9 per D"),
                        new ClaimResult("second", "two", second, "7.1 per D < 8 & \"far\"")))
                .build();
        return new RunResult(
                RunInfo.custom("r1")
                        .scale(0.4)
                        .machineCpus(2)
                        .platform("25", "4.1.1", "Linux")
                        .planned(List.of("blocking-io"), "a")
                        .finishedAt("b")
                        .build(),
                List.of(experiment));
    }
}
