package org.concurrencylab.results;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Where and how the run happened.
 *
 * @param scale       the time scale S: latencies and timeouts were multiplied by it
 * @param machineCpus processors of this machine, whatever the services were told
 * @param machineCores its physical cores, each with {@code machineCpus / machineCores} hardware threads; empty
 *                     where the system does not tell them, and in results written before the lab recorded them
 * @param jdk         the runtime version of the JDK that ran the services
 * @param finishedAt  when the last experiment ended, or null while the run is not complete
 * @param planned     the experiments the run set out to do, in order
 * @param complete    false when the run stopped (or is still going) before all of them were written;
 *                    null in results written before the lab recorded it
 * @param stoppedIn   the experiment the run was in the middle of when these results were written: its
 *                    variants so far are here, its claims not yet checked; null when none was
 * @param timeBudget  where the run's wall time went so far, by phase; null in results written before the lab kept it
 */
public record RunInfo(
        String id,
        double scale,
        int machineCpus,
        OptionalInt machineCores,
        String jdk,
        String springBoot,
        String os,
        String startedAt,
        String finishedAt,
        List<String> planned,
        Boolean complete,
        String stoppedIn,
        TimeBudget timeBudget) {

    public RunInfo {
        machineCores = machineCores == null ? OptionalInt.empty() : machineCores;
    }

    /** A run's information, built by name; what is not set is unknown (null, or 0 for the numbers). */
    public static Builder custom(String id) {
        return new Builder(id);
    }

    /** Builds a {@link RunInfo}: a run's results name these thirteen things, too many to pass in order. */
    public static final class Builder {
        private final String id;
        private double scale = 1;
        private int machineCpus;
        private OptionalInt machineCores = OptionalInt.empty();
        private String jdk;
        private String springBoot;
        private String os;
        private String startedAt;
        private String finishedAt;
        private List<String> planned = List.of();
        private Boolean complete;
        private String stoppedIn;
        private TimeBudget timeBudget;

        private Builder(String id) {
            this.id = id;
        }

        public Builder scale(double scale) {
            this.scale = scale;
            return this;
        }

        public Builder machineCpus(int machineCpus) {
            this.machineCpus = machineCpus;
            return this;
        }

        /** The machine's physical cores, where its system tells them. */
        public Builder machineCores(OptionalInt machineCores) {
            this.machineCores = machineCores;
            return this;
        }

        /** The JDK, the Spring Boot and the operating system the services ran on. */
        public Builder platform(String jdk, String springBoot, String os) {
            this.jdk = jdk;
            this.springBoot = springBoot;
            this.os = os;
            return this;
        }

        /** The experiments it set out to run, in order, and when it started. */
        public Builder planned(List<String> planned, String startedAt) {
            this.planned = List.copyOf(planned);
            this.startedAt = startedAt;
            return this;
        }

        /** It wrote every experiment it planned, the last at {@code finishedAt}. */
        public Builder finishedAt(String finishedAt) {
            this.finishedAt = finishedAt;
            this.complete = true;
            this.stoppedIn = null;
            return this;
        }

        /** It has not written every experiment it planned (yet, or ever). */
        public Builder unfinished() {
            this.finishedAt = null;
            this.complete = false;
            return this;
        }

        /** Unfinished, in the middle of {@code experiment}, whose variants so far are written. */
        public Builder stoppedIn(String experiment) {
            unfinished();
            this.stoppedIn = experiment;
            return this;
        }

        /** Where the run's wall time went so far. */
        public Builder timeBudget(TimeBudget timeBudget) {
            this.timeBudget = timeBudget;
            return this;
        }

        public RunInfo build() {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(planned, "planned");
            if (!(scale > 0) || machineCpus < 1) {
                throw new IllegalStateException(id + ": a run has a time scale above 0 and 1 or more CPUs");
            }
            return new RunInfo(
                    id,
                    scale,
                    machineCpus,
                    machineCores,
                    jdk,
                    springBoot,
                    os,
                    startedAt,
                    finishedAt,
                    planned,
                    complete,
                    stoppedIn,
                    timeBudget);
        }
    }

    /** Whether the run stopped before it wrote every experiment it planned. */
    public boolean partial() {
        return Boolean.FALSE.equals(complete);
    }

    /** Whether {@code experiment} is the one the run stopped in, with its variants so far and no claims checked. */
    public boolean stoppedIn(ExperimentResult experiment) {
        return experiment.name().equals(stoppedIn);
    }

    /** The planned experiments that are not in {@code experiments}: what a partial run lacks. */
    public List<String> missing(List<ExperimentResult> experiments) {
        List<String> written = experiments.stream().map(ExperimentResult::name).toList();
        return planned == null
                ? List.of()
                : planned.stream().filter(name -> !written.contains(name)).toList();
    }
}
