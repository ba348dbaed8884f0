package org.concurrencylab.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.load.LoadStep;
import org.junit.jupiter.api.Test;

class StudyTest {

    private static final Path JAR = Path.of("/apps/orders-service-1.2.jar");

    @Test
    void aJarAloneIsAStudyOfItsRootWithTheDefaultSteps() {
        Study study = Study.custom(JAR).build();
        assertThat(study.name()).isEqualTo("orders-service-1.2");
        assertThat(study.path()).isEqualTo("/");
        assertThat(study.users()).isEqualTo(Defaults.STUDY_USERS);
        assertThat(study.steps()).extracting(LoadStep::label).startsWith("1 user for 8s", "2 users for 8s");
    }

    @Test
    void aPathWithoutItsSlashOrUsersThatDoNotRiseAreRefused() {
        assertThatThrownBy(() -> Study.custom(JAR).path("orders/1").build()).hasMessageContaining("starts with '/'");
        assertThatThrownBy(() -> Study.custom(JAR).users(List.of(4, 2)).build()).hasMessageContaining("rise");
        assertThatThrownBy(() -> Study.custom(JAR).users(List.of(0, 2)).build())
                .hasMessageContaining("users are 1 or more");
    }

    @Test
    void itsJitIsWhatItsJvmOptionsLeaveTheJvm() {
        assertThat(Study.custom(JAR).build().jit()).isEqualTo("full");
        assertThat(Study.custom(JAR).jvmOption("-Xmx2g").build().jit()).isEqualTo("full");
        assertThat(Study.custom(JAR)
                        .jvmOption("-XX:TieredStopAtLevel=1")
                        .build()
                        .jit())
                .isEqualTo("c1");
        assertThat(Study.custom(JAR).jvmOption("-Xint").build().jit()).isEqualTo("interpreter");
        assertThat(Study.custom(JAR)
                        .jvmOption("-XX:TieredStopAtLevel=1")
                        .jvmOption("-XX:TieredStopAtLevel=4")
                        .build()
                        .jit())
                .as("the last level wins")
                .isEqualTo("full");
        assertThat(Study.custom(JAR)
                        .jvmOption("-Xint")
                        .jvmOption("-XX:TieredStopAtLevel=1")
                        .build()
                        .jit())
                .as("-Xint interprets whatever the level")
                .isEqualTo("interpreter");
        assertThat(Study.custom(JAR)
                        .jvmOption("-Xint")
                        .jvmOption("-Xmixed")
                        .build()
                        .jit())
                .isEqualTo("full");
    }
}
