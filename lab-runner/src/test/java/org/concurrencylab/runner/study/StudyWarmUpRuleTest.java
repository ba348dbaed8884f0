package org.concurrencylab.runner.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.study.Study;
import org.junit.jupiter.api.Test;

/** A study's warm-up waits for the requests the application's compilers need, as its JVM options set them. */
class StudyWarmUpRuleTest {

    private static final Path JAR = Path.of("/apps/orders-service-1.2.jar");

    @Test
    void theRequestsAwaitedFollowTheCompilersTheJvmOptionsLeave() {
        assertThat(StudyWarmUp.rule(Study.custom(JAR).build()).minRequests())
                .as("C2's thresholds")
                .isEqualTo(Defaults.WARM_UP_REQUESTS_C2);
        assertThat(StudyWarmUp.rule(Study.custom(JAR)
                                .jvmOption("-XX:TieredStopAtLevel=1")
                                .build())
                        .minRequests())
                .as("C1's")
                .isEqualTo(Defaults.WARM_UP_REQUESTS_C1);
        assertThat(StudyWarmUp.rule(Study.custom(JAR)
                                .jvmOption("-XX:TieredStopAtLevel=1")
                                .jvmOption("-XX:TieredStopAtLevel=4")
                                .build())
                        .minRequests())
                .as("the last level wins, as in the JVM")
                .isEqualTo(Defaults.WARM_UP_REQUESTS_C2);
        assertThat(StudyWarmUp.rule(Study.custom(JAR).jvmOption("-Xint").build())
                        .minRequests())
                .as("nothing compiles")
                .isZero();
    }
}
