package org.concurrencylab.runner.study;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.concurrencylab.runner.component.DatabaseService;
import org.concurrencylab.runner.component.StandInService;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.measure.PhaseClock;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.ServiceStartException;
import org.concurrencylab.runner.process.StartupCache;
import org.concurrencylab.study.Study;

/**
 * What a study starts beside its application, before its first variant, and stops after its last: an empty
 * PostgreSQL where it asks for one, the stand-ins for the downstreams it declares. Closing stops each, whatever the
 * other does.
 */
final class StudyServices implements AutoCloseable {

    /** Null where the study asks for no database. */
    private DatabaseService database;
    /** Null where the study declares no downstream. */
    private StandInService standIns;

    private StudyServices() {}

    /**
     * @throws StudyRunner.NotStarted where one of them did not start; what had started is stopped
     */
    static StudyServices start(
            StartupCache cache, JavaRuntime java, Study study, Path directory, RunProgress progress, PhaseClock phases)
            throws IOException, InterruptedException {
        StudyServices services = new StudyServices();
        Path logs = directory.resolve("logs").resolve(study.name());
        try {
            if (study.database() != null) {
                phases.enter(null, PhaseClock.Phase.CACHE_TRAINING);
                StartupCache.Prepared jar = DatabaseService.preparedForStudy(cache);
                progress.note("starting the study's PostgreSQL (empty, its own role and password)");
                phases.enter(null, PhaseClock.Phase.SHARED);
                try {
                    services.database = DatabaseService.forStudy(java, jar, logs.resolve("postgresql.log"));
                } catch (ServiceStartException e) {
                    throw new StudyRunner.NotStarted("the study's PostgreSQL did not start: " + e.getMessage());
                }
            }
            if (!study.downstreams().isEmpty()) {
                phases.enter(null, PhaseClock.Phase.CACHE_TRAINING);
                StartupCache.Prepared jar = StandInService.prepared(cache);
                progress.note("starting the stand-ins for "
                        + String.join(", ", study.downstreams().keySet()));
                phases.enter(null, PhaseClock.Phase.SHARED);
                try {
                    services.standIns =
                            StandInService.start(java, jar, study.downstreams(), logs.resolve("stand-ins.log"));
                } catch (ServiceStartException e) {
                    throw new StudyRunner.NotStarted(
                            "the stand-ins for its downstreams did not start: " + e.getMessage());
                }
            }
            return services;
        } catch (IOException | InterruptedException | RuntimeException e) {
            services.close();
            throw e;
        }
    }

    /**
     * What the application is started with: each stand-in's address (a variant's own latency in it), the database's
     * where the study has one, then the variant's own properties, which win.
     */
    Map<String, String> applicationProperties(Map<String, String> properties) throws IOException {
        Map<String, String> own = standIns == null ? properties : standIns.applicationProperties(properties);
        if (database == null) {
            return own;
        }
        Map<String, String> merged = new LinkedHashMap<>(database.applicationProperties());
        merged.putAll(own);
        return merged;
    }

    /** What the application is given in its environment rather than on its command line: the database's password. */
    Map<String, String> applicationSecrets() {
        return database == null ? Map.of() : database.applicationSecrets();
    }

    /** Their processes, for the machine's account of each step. */
    List<MachineCpu.Tracked> processes() {
        List<MachineCpu.Tracked> processes = new ArrayList<>();
        if (database != null) {
            processes.addAll(database.processes());
        }
        if (standIns != null) {
            processes.addAll(standIns.processes());
        }
        return processes;
    }

    Optional<StandInService> standIns() {
        return Optional.ofNullable(standIns);
    }

    @Override
    public void close() throws IOException {
        try {
            if (standIns != null) {
                standIns.close();
            }
        } finally {
            standIns = null;
            try {
                if (database != null) {
                    database.close();
                }
            } finally {
                database = null;
            }
        }
    }
}
