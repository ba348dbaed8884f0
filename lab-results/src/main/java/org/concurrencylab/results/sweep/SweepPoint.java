package org.concurrencylab.results.sweep;

import org.concurrencylab.results.usage.MachineUsage;

/**
 * One value of a sweep's knob, as its step measured it.
 *
 * @param step      the step's variant and load in the sweep's experiment, to find its charts and records
 * @param boundPerSecond    the step's Little's-law bound: its pools' sizes (or its users) over the hold time
 * @param cpuBoundPerSecond the most this machine's CPU allows for the step, by the lab's model; null where the
 *                          CPU is the subject itself or was not measured
 * @param verdict   {@link MachineUsage#CLEAN}, {@link MachineUsage#MACHINE_BOUND}, or {@code failed} when more
 *                  than a few of its requests failed; only clean points are fitted
 * @param why       what made it other than clean, with the numbers; empty when clean
 */
public record SweepPoint(
        double value,
        String step,
        double throughputPerSecond,
        double meanMillis,
        double p95Millis,
        double failedShare,
        double boundPerSecond,
        Double cpuBoundPerSecond,
        String verdict,
        String why) {

    public static final String FAILED = "failed";

    public boolean clean() {
        return MachineUsage.CLEAN.equals(verdict);
    }
}
