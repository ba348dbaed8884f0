package org.concurrencylab.catalog.cpubound;

import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.CoreSpeed;

/**
 * What a cpu-bound step's work cost its JVM, against what the same pi terms cost the lab's core-speed meter
 * on the same cores during the same step.
 *
 * <p>Two variants' CPU seconds compare two JVMs at two moments of a shared host: while another tenant loads
 * the physical cores, the same terms cost more CPU time, which says nothing about the threads. A rate timed
 * once at a JVM's start carries the host's speed of that moment, not of the step; the meter times the
 * service's own series every 100 ms through the step.
 *
 * @param cpuSeconds the step's CPU without the JIT compiler's, which depends on when the JVM compiles
 * @param terms      the pi terms the server computed in the step
 * @param coreSpeed  the cores' speed during the step, by the lab's meter
 */
public record PiWorkCost(double cpuSeconds, double terms, CoreSpeed coreSpeed) {

    public PiWorkCost {
        if (terms <= 0) {
            throw new Measurements.Missing("no pi terms computed in the step");
        }
        if (coreSpeed == null || !(coreSpeed.cpuNanosPerTerm() > 0)) {
            throw new Measurements.Missing(
                    "no core speed measured during the step (results written before the lab's meter)");
        }
    }

    /** The cost of {@code step}, which {@code variant}'s JVM ran. */
    public static PiWorkCost of(VariantResult variant, StepResult step) {
        double perRequest = variant.sizing()
                .number("piTermsPerRequest")
                .orElseThrow(() -> new Measurements.Missing(variant.name() + " did not report its pi terms"));
        // the server computes a request whose client gave up too: its own count of requests, where it kept one
        long computed = step.service().process().serverRequests() > 0
                ? step.service().process().serverRequests()
                : step.client().requests().sent();
        double cpu = step.service().process().cpuSeconds()
                - Math.max(0, step.service().process().jitCpuSeconds().orElse(0));
        return new PiWorkCost(
                cpu,
                computed * perRequest,
                step.machine() == null ? null : step.machine().coreSpeed());
    }

    /**
     * The step's CPU over the same terms on the meter at the step's core speed: 1 plus what serving the work
     * around the series cost, give or take how the two JVMs compiled the same loop.
     */
    public double overReference() {
        return cpuSeconds * 1e9 / terms / coreSpeed.cpuNanosPerTerm();
    }
}
