package org.concurrencylab.catalog;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One article's system, declared: what runs, under which load, and what the article claimed.
 * Durations and rates are the article's (S = 1); the runner scales them.
 *
 * @param service           the service module that implements the system
 * @param path              what the load requests, e.g. {@code /users/2505}
 * @param downstream        the simulator the service calls, started once for all variants
 * @param downstreamLatency D, the time one downstream call takes
 * @param requestTimeout    the client's per-request timeout
 * @param defaultCpus       the processor count the services see by default: the article's machine, or
 *                          {@link #THIS_MACHINE} where emulating it would only oversubscribe real cores
 * @param findings          sentences this run's numbers tell about this machine, beside the claims
 * @param calibration       a value the first variant measures and the others reuse, if any
 */
public record Experiment(String name, String title, String seedFile, String summary, String service, String path,
                         Optional<Downstream> downstream, Duration downstreamLatency, Duration requestTimeout,
                         int defaultCpus, double defaultScale, WarmUp warmUp, List<LoadStep> steps,
                         List<Variant> variants, List<Claim> claims, List<Finding> findings,
                         Optional<Calibration> calibration) {

    public Experiment(String name, String title, String seedFile, String summary, String service, String path,
                      Optional<Downstream> downstream, Duration downstreamLatency, Duration requestTimeout,
                      int defaultCpus, double defaultScale, WarmUp warmUp, List<LoadStep> steps,
                      List<Variant> variants, List<Claim> claims, List<Finding> findings) {
        this(name, title, seedFile, summary, service, path, downstream, downstreamLatency, requestTimeout, defaultCpus,
                defaultScale, warmUp, steps, variants, claims, findings, Optional.empty());
    }

    /** {@code defaultCpus} for an experiment whose services should see the machine as it is. */
    public static final int THIS_MACHINE = 0;

    /** The processor count the services see when the run does not say: {@link #defaultCpus}, resolved on this machine. */
    public int defaultCpusOn(int machineCpus) {
        return defaultCpus == THIS_MACHINE ? machineCpus : defaultCpus;
    }

    public Optional<Variant> variant(String variantName) {
        return variants.stream().filter(variant -> variant.name().equals(variantName)).findFirst();
    }

    public List<String> variantNames() {
        return variants.stream().map(Variant::name).toList();
    }
}
