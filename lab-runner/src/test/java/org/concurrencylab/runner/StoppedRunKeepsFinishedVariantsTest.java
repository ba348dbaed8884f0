package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.junit.jupiter.api.Test;

/**
 * A run stopped in the middle of its only experiment, here by its progress as the second variant starts
 * (as Ctrl-C or a kill would stop it there): the first variant, measured for real, is already in
 * results.json, marked as the experiment the run stopped in, its claims not checked.
 */
class StoppedRunKeepsFinishedVariantsTest extends RealServicesTest {

    @Test
    void theVariantsThatFinishedAreOnDiskBeforeTheNextOneStarts() throws Exception {
        Experiment experiment = Catalog.experiment("blocking-io").orElseThrow();
        AtomicReference<Path> directory = new AtomicReference<>();
        RunProgress stopsAtTheSecondVariant = new RunProgress() {
            @Override
            public void variantWritten(Path written) {
                directory.set(written);
            }

            @Override
            public void variantStarted(String experiment, String variant, int index, int count) {
                if (index == 2) {
                    throw new IllegalStateException("stopped");
                }
            }
        };

        assertThatThrownBy(() -> new LabRunner(HOME, JavaRuntime.current(), stopsAtTheSecondVariant)
                        .run(
                                List.of(experiment),
                                RunOptions.defaults(out)
                                        .withScale(0.05)
                                        .withVariants(List.of("mvc-tomcat-20", "mvc-tomcat-200"))))
                .hasMessage("stopped");

        assertThat(Files.isRegularFile(directory.get().resolve(ResultsJson.FILE_NAME)))
                .isTrue();
        RunResult kept = ResultsJson.read(directory.get());
        assertThat(kept.run().partial()).isTrue();
        assertThat(kept.run().stoppedIn()).isEqualTo("blocking-io");
        assertThat(kept.run().springBoot())
                .as("as the finished variant reported it")
                .startsWith("4.");
        assertThat(kept.experiments()).singleElement().satisfies(blockingIo -> {
            assertThat(blockingIo.variants()).extracting(VariantResult::name).containsExactly("mvc-tomcat-20");
            assertThat(blockingIo.variants().getFirst().steps())
                    .hasSize(experiment.steps().size());
            assertThat(blockingIo.claims()).isEmpty();
        });
    }
}
