package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.WarmUp;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.runner.process.LabHome;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** What every test that starts real service JVMs shares: the built lab, a results folder, no JVM left. */
public abstract class RealServicesTest {

    public static final LabHome HOME =
            new LabHome(Path.of("..").toAbsolutePath().normalize());

    @TempDir
    public Path out;

    @AfterEach
    void noServiceJvmIsLeftRunning() {
        assertThat(ProcessHandle.current()
                        .descendants()
                        .filter(ProcessHandle::isAlive)
                        .toList())
                .isEmpty();
    }

    /**
     * The lab's PostgreSQL servers still running, once every one has had 10 s to stop: the database's
     * JVM stops its server as it closes, which takes a moment after the JVM is gone.
     */
    public static List<ProcessHandle> postmastersLeftAfterTheirStop() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        List<ProcessHandle> left;
        do {
            left = ProcessHandle.allProcesses()
                    .filter(process -> process.info().commandLine().orElse("").contains("lab-postgres-"))
                    .filter(ProcessHandle::isAlive)
                    .toList();
            if (!left.isEmpty()) {
                Thread.sleep(50);
            }
        } while (!left.isEmpty() && System.nanoTime() < deadline);
        return left;
    }

    /** The catalog's experiment with a test's scale, timeout, warm-up and load; everything else as declared. */
    /**
     * The article's claims and findings are stated on its own loads, which a shortened run does not have:
     * they go, as the experiment refuses claims and findings that name loads it does not declare.
     */
    static Experiment shortened(
            Experiment e, double scale, Duration requestTimeout, WarmUp warmUp, List<LoadStep> steps) {
        return e.toBuilder()
                .scale(scale)
                .requestTimeout(requestTimeout)
                .warmUp(warmUp)
                .steps(steps)
                .claims(List.of())
                .findings(List.of())
                .sweeps()
                .build();
    }

    static VariantResult variant(ExperimentResult result, String name) {
        return result.variants().stream()
                .filter(variant -> variant.name().equals(name))
                .findFirst()
                .orElseThrow();
    }
}
