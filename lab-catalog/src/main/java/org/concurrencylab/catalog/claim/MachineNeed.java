package org.concurrencylab.catalog.claim;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The shape of machine a claim can be decided on, and how it says so: on any other the claim is not
 * decided, with what the machine lacks, and {@code ./lab list --claims} says it before anything runs.
 *
 * @param text what the claim needs, as a sentence ends it: "4 hardware threads on 2 cores"
 * @param met  whether a machine has it; a machine whose cores are unknown never has a need on cores
 */
public record MachineNeed(String text, Predicate<MachineShape> met) {

    public MachineNeed {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(met, "met");
    }

    /**
     * Hyperthreading of a given shape: {@code hardwareThreads} hardware threads on {@code cores} physical cores,
     * so that that many threads share the cores' pipelines. A larger machine does not have it: its scheduler
     * spreads the threads over more cores first.
     */
    public static MachineNeed hardwareThreadsOnCores(int hardwareThreads, int cores) {
        return new MachineNeed(
                hardwareThreads + " hardware threads on " + cores + " cores",
                machine -> machine.cores().isPresent()
                        && machine.cores().getAsInt() == cores
                        && machine.hardwareThreads() >= hardwareThreads);
    }

    /** Why a claim is not decided on {@code machine}, or empty where the machine has what the claim needs. */
    public Optional<String> lackedOn(MachineShape machine) {
        return met.test(machine)
                ? Optional.empty()
                : Optional.of("needs " + text + "; this machine has " + machine.describe());
    }
}
