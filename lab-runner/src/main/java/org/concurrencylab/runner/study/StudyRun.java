package org.concurrencylab.runner.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.Origin;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.model.CapacityModel;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.measure.PhaseClock;
import org.concurrencylab.runner.process.ExtractedApplications;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.concurrencylab.study.Study;

/**
 * One run of a study, as each of its parts sees it: the study, where its results go, the lab's tools it runs with
 * (the Java it starts the application on, its load drivers, the machine's counters), the database and stand-ins it
 * started, where its time goes and what it found on the way.
 */
final class StudyRun {

    private final Study study;
    private final Path directory;
    private final int machineCpus;
    private final Tools tools;
    private final PhaseClock phases;
    private final StudyServices services;
    private final List<String> findings = new ArrayList<>();

    /** What every study of one {@link StudyRunner} runs with. */
    record Tools(
            LabHome home,
            JavaRuntime java,
            RunProgress progress,
            StudyLoads loads,
            MachineCpu machineCpu,
            ExtractedApplications applications) {}

    StudyRun(Study study, Path directory, int machineCpus, Tools tools, PhaseClock phases, StudyServices services) {
        this.study = study;
        this.directory = directory;
        this.machineCpus = machineCpus;
        this.tools = tools;
        this.phases = phases;
        this.services = services;
    }

    Study study() {
        return study;
    }

    Path directory() {
        return directory;
    }

    int machineCpus() {
        return machineCpus;
    }

    Tools tools() {
        return tools;
    }

    RunProgress progress() {
        return tools.progress();
    }

    StudyLoads loads() {
        return tools.loads();
    }

    PhaseClock phases() {
        return phases;
    }

    StudyServices services() {
        return services;
    }

    /** What the run found, in sentences, in the order found: the report's "How the study went". */
    List<String> findings() {
        return findings;
    }

    void found(String finding) {
        findings.add(finding);
    }

    /** A variant of the study: the application with these properties; its own pools are what the study looks for. */
    static Variant variant(String name, String summary, Map<String, String> properties) {
        return Variant.custom(name, summary)
                .origin(Origin.APPLICATION)
                .properties(properties)
                .capacity(new CapacityModel.Unbounded("the application's own pools are what the study looks for"))
                .build();
    }
}
