package org.concurrencylab.catalog.claim;

import java.util.OptionalInt;

/**
 * The processors of the machine a run measured on: its hardware threads, and the physical cores they sit on
 * where the system tells them. A claim whose mechanism lives in the hardware (hyperthreading) is decided
 * only on a machine of the shape it needs ({@link MachineNeed}).
 *
 * @param hardwareThreads the logical processors, as the lab's JVM saw them
 * @param cores           the physical cores; empty where the system does not tell them
 */
public record MachineShape(int hardwareThreads, OptionalInt cores) {

    public MachineShape {
        if (hardwareThreads < 1) {
            throw new IllegalArgumentException("a machine has at least one hardware thread, not " + hardwareThreads);
        }
        cores = cores == null ? OptionalInt.empty() : cores;
        if (cores.isPresent() && (cores.getAsInt() < 1 || cores.getAsInt() > hardwareThreads)) {
            throw new IllegalArgumentException("cores must be between 1 and the " + hardwareThreads
                    + " hardware threads, not " + cores.getAsInt());
        }
    }

    /** A machine whose cores are not known. */
    public static MachineShape ofThreads(int hardwareThreads) {
        return new MachineShape(hardwareThreads, OptionalInt.empty());
    }

    /** A machine of {@code cores} physical cores with {@code hardwareThreads} hardware threads between them. */
    public static MachineShape of(int hardwareThreads, int cores) {
        return new MachineShape(hardwareThreads, OptionalInt.of(cores));
    }

    /**
     * A machine as a counter reported it: the cores only where they fit the hardware threads (a JVM held to
     * fewer threads than the machine's cores sees fewer, and the cores then say nothing of its threads).
     */
    public static MachineShape fitting(int hardwareThreads, OptionalInt cores) {
        return cores.isPresent() && cores.getAsInt() <= hardwareThreads
                ? of(hardwareThreads, cores.getAsInt())
                : ofThreads(hardwareThreads);
    }

    /** "4 hardware threads on 2 cores", or "4 hardware threads, cores unknown". */
    public String describe() {
        return cores.isPresent()
                ? hardwareThreads + " hardware threads on " + cores.getAsInt() + " cores"
                : hardwareThreads + " hardware threads, cores unknown";
    }
}
