package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** What every test that starts real service JVMs shares: the built lab, a results folder, no JVM left. */
abstract class RealServicesTest {

    static final LabHome HOME = new LabHome(Path.of("..").toAbsolutePath().normalize());

    @TempDir
    Path out;

    @AfterEach
    void noServiceJvmIsLeftRunning() {
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList()).isEmpty();
    }

    static VariantResult variant(ExperimentResult result, String name) {
        return result.variants().stream().filter(variant -> variant.name().equals(name)).findFirst().orElseThrow();
    }
}
