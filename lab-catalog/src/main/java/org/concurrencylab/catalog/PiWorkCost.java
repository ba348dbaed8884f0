package org.concurrencylab.catalog;

import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.VariantResult;

/**
 * What a cpu-bound step's work cost its JVM, against what the same pi terms cost that JVM alone, timed on one
 * thread before its first request.
 *
 * <p>Two variants' CPU seconds compare two JVMs at two moments of a shared host: a host that runs a JVM's
 * cores slower for a while makes the same terms cost more CPU there (a CI run measured one variant's CPU at
 * 2.16 times the other's for the same work), and that says nothing about the threads. Each JVM's own rate
 * carries the host's speed of its moment, so a step's CPU over it compares what the threads added.
 *
 * @param cpuSeconds     the step's CPU without the JIT compiler's, which depends on when the JVM compiles
 * @param aloneSeconds   the terms the server computed in the step at the JVM's own rate for them
 */
public record PiWorkCost(double cpuSeconds, double aloneSeconds) {

    public PiWorkCost {
        if (aloneSeconds <= 0) {
            throw new Measurements.Missing("no pi terms computed in the step, or no rate of the JVM for them");
        }
    }

    /** The cost of {@code step}, which {@code variant}'s JVM ran. */
    public static PiWorkCost of(VariantResult variant, StepResult step) {
        Object terms = variant.sizing().get("piTermsPerRequest");
        Object nanosPerTerm = variant.sizing().get("piNanosPerTermHere");
        if (!(terms instanceof Number perRequest) || !(nanosPerTerm instanceof Number rate)) {
            throw new Measurements.Missing(variant.name() + " did not report its pi terms and its own rate for them");
        }
        // the server computes a request whose client gave up too: its own count of requests, where it kept one
        long computed = step.process().serverRequests() > 0 ? step.process().serverRequests() : step.requests().sent();
        double cpu = step.process().cpuSeconds() - Math.max(0, step.process().jitCpuSeconds());
        return new PiWorkCost(cpu, computed * perRequest.doubleValue() * rate.doubleValue() / 1e9);
    }

    /** The CPU spent per second of the work alone: 1 plus what serving it around the series cost. */
    public double overAlone() {
        return cpuSeconds / aloneSeconds;
    }
}
