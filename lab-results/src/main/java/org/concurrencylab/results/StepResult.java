package org.concurrencylab.results;

/**
 * One load step against one variant.
 *
 * @param load                        the step's name, e.g. {@code 100x10} (users x repetitions)
 * @param littlesLawPerSecond         throughput the variant's concurrency limit allows, by Little's law
 * @param littlesLawModel             how that bound was derived, in words
 * @param machineLittlesLawPerSecond  the same bound for this machine's own CPU count
 * @param meanInFlight                requests in flight on average, measured from the client
 * @param seed                        the article's figure for this step, or null; never a measurement
 * @param arrivals                    how an open load's schedule was kept; null for a closed load
 * @param timeline                    the step over time, in bins of one article second
 * @param downstream                  what the service called during the step: the downstream simulator, or
 *                                    the next service of a chain; null when there is none
 * @param machine                     every process's CPU, the bound this machine's CPU allows, and whether
 *                                    the step was clean or machine-bound; null in results written before it
 * @param requestLog                  the per-request CSV, relative to the results directory
 * @param database                    the database during the step; null when the experiment has none
 * @param profile                     where the service's CPU went during the step; null where the experiment
 *                                    does not profile its service (its probe's sampler costs CPU)
 * @param services                    each service of the variant by its own meters, per article second: the
 *                                    entry service and its chain; empty in results written before them
 */
public record StepResult(String load, LoadPlan plan, Requests requests, double throughputPerSecond,
                         LatencyMillis latencyMillis, double elapsedSeconds, double meanInFlight,
                         double littlesLawPerSecond, String littlesLawModel, double machineLittlesLawPerSecond,
                         Threads threads, ProcessUsage process, Arrivals arrivals, Timeline timeline,
                         DownstreamUsage downstream, MachineUsage machine, SeedFigure seed, String requestLog,
                         DatabaseUsage database, ServiceProfile profile, java.util.List<ServiceTimeline> services) {

    public StepResult {
        services = services == null ? java.util.List.of() : java.util.List.copyOf(services);
    }

    /**
     * Whether the lab's probe watched the services during this step: not so for a load another engine
     * drove, whose statistics were imported; then only the client's figures are the step's.
     */
    public boolean probed() {
        return plan == null || plan.byTheLab();
    }

    /** Whether this machine's CPU, or a JIT still compiling, decided the step's figures. */
    public boolean machineBound() {
        return machine != null && machine.machineBound();
    }
}
