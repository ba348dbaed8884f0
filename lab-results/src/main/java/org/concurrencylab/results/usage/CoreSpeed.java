package org.concurrencylab.results.usage;

/**
 * How fast the machine's cores ran during a step, by the lab's core-speed meter: a fixed floating-point
 * series timed on the lab's own thread every 100 ms. On a shared host the same work costs more CPU time
 * while another tenant loads the physical cores; two steps' CPU compare their threads only at their cores'
 * speed.
 *
 * @param cpuNanosPerTerm the series' mean CPU time per term during the step
 * @param slowdown        that mean over the median sample of the run so far: 1 at the cores' usual speed
 * @param samples         the meter's samples during the step
 */
public record CoreSpeed(double cpuNanosPerTerm, double slowdown, long samples) {}
