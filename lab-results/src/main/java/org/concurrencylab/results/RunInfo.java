package org.concurrencylab.results;

import java.util.List;

/**
 * Where and how the run happened.
 *
 * @param scale       the time scale S: latencies and timeouts were multiplied by it
 * @param machineCpus processors of this machine, whatever the services were told
 * @param jdk         the runtime version of the JDK that ran the services
 * @param finishedAt  when the last experiment ended, or null while the run is not complete
 * @param planned     the experiments the run set out to do, in order
 * @param complete    false when the run stopped (or is still going) before all of them were written;
 *                    null in results written before the lab recorded it
 * @param stoppedIn   the experiment the run was in the middle of when these results were written: its
 *                    variants so far are here, its claims not yet checked; null when none was
 */
public record RunInfo(String id, double scale, int machineCpus, String jdk, String springBoot, String os,
                      String startedAt, String finishedAt, List<String> planned, Boolean complete, String stoppedIn) {

    public RunInfo(String id, double scale, int machineCpus, String jdk, String springBoot, String os,
                   String startedAt, String finishedAt, List<String> planned, Boolean complete) {
        this(id, scale, machineCpus, jdk, springBoot, os, startedAt, finishedAt, planned, complete, null);
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
        return planned == null ? List.of() : planned.stream().filter(name -> !written.contains(name)).toList();
    }
}
