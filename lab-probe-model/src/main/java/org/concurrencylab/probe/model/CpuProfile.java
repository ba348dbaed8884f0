package org.concurrencylab.probe.model;

import java.util.Map;

/**
 * Where a service's threads spent their CPU over a time: the stacks of the threads found running on
 * a CPU (not waiting in a socket read, a park or a sleep), sampled many times a second, and for every
 * method how many of those stacks it was in, once per stack (a flame graph's width).
 *
 * @param stacks  on-CPU stacks sampled of the service's own work
 * @param jvmStacks on-CPU stacks of the JVM's own threads over the same time (its compilers, its
 *                collector, the probe): none of the requests' work, though the requests cause some
 * @param frames  {@code class.method} to the number of stacks it was in
 * @param leaves  {@code class.method} to the number of stacks whose innermost frame outside the JDK it
 *                was: the method that was running, or that called the JDK code that was (its self
 *                time, the JDK's work on its behalf included)
 */
public record CpuProfile(int stacks, int jvmStacks, Map<String, Integer> frames, Map<String, Integer> leaves) {

    public static final CpuProfile EMPTY = new CpuProfile(0, 0, Map.of(), Map.of());

    /** The share of the on-CPU stacks that were in this method. */
    public double share(String frame) {
        return stacks == 0 ? 0 : frames.getOrDefault(frame, 0) / (double) stacks;
    }
}
