package org.concurrencylab.cli.option;

import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.study.Study;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --forks N}, declared once for every command that studies an application: how many JVMs each of its
 * variants (or a sweep's points) runs in. Given with a study file it overrides the file's {@code forks:}, as JMH's
 * command line overrides a benchmark's own: how many JVMs measure a study is the run's choice, not the study's.
 */
public final class ForksOption {

    @Option(
            names = "--forks",
            paramLabel = "N",
            description = "With an application jar or a study file (whose forks: it overrides): how many JVMs each "
                    + "variant, or each point of a sweep, runs in, 1 to " + Defaults.MOST_FORKS + ", one after "
                    + "another and interleaved across the variants, each warmed up on its own. Each figure is then "
                    + "their mean with its " + Defaults.CONFIDENCE_PERCENT + " %% confidence interval, and "
                    + "a decision (the limit, one variant against another, a check) is made only where the intervals "
                    + "allow. Default: " + Defaults.STUDY_FORKS + "; 1 runs each once, its figures without an "
                    + "interval.")
    private Integer forks;

    public boolean given() {
        return forks != null;
    }

    /** The study with the command line's forks, where it gives them; one line, exit 2, for a count out of range. */
    public Study applyTo(Study study, CommandLine command) {
        if (forks == null) {
            return study;
        }
        try {
            return study.withForks(forks);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(command, "--forks: " + e.getMessage());
        }
    }

    /** The study being built, with the command line's forks where it gives them. */
    public Study.Builder applyTo(Study.Builder study) {
        return forks == null ? study : study.forks(forks);
    }
}
