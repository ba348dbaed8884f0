package org.concurrencylab.runner.component;

import static org.assertj.core.api.Assertions.assertThat;

import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Downstream;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.runner.RealServicesTest;
import org.concurrencylab.runner.environment.RunEnvironment;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.junit.jupiter.api.Test;

/**
 * An experiment whose second shared component cannot start: the first, a real database, is already
 * running, and must be stopped with its server before the variants are reported failed.
 */
class SharedComponentsTest extends RealServicesTest {

    @Test
    void aComponentThatCannotStartStopsThoseStartedBeforeItAndNamesItself() throws Exception {
        Experiment broken = Catalog.experiment("legacy-chain").orElseThrow().toBuilder()
                .downstream(new Downstream("no-such-simulator", "/"))
                .build();
        RunEnvironment environment = new RunEnvironment(
                HOME,
                JavaRuntime.current(),
                Overrides.none()
                        .withScale(0.05)
                        .withCpus(2)
                        .resolve(broken, Runtime.getRuntime().availableProcessors()),
                RunProgress.SILENT);

        try (SharedComponents shared = SharedComponents.start(broken, environment, out)) {
            assertThat(shared.failure())
                    .hasValueSatisfying(failure ->
                            assertThat(failure).startsWith("its downstream no-such-simulator did not start: "));
            assertThat(shared.processes()).isEmpty();
            assertThat(shared.wiring()).isEmpty();
        }
        assertThat(out.resolve("legacy-database.log"))
                .as("the database ran first")
                .exists();
        assertThat(postmastersLeftAfterTheirStop()).as("the database's server").isEmpty();
    }
}
