package org.concurrencylab.catalog.claim;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The shape of machine a claim can be decided on, and how it says so: on any other the claim is not
 * decided, with what the machine lacks, and {@code ./lab list --claims} says it before anything runs.
 *
 * @param text what the claim needs, as a sentence ends it: "more hardware threads than cores"
 * @param met  whether a machine has it; a machine whose cores are unknown never has a need on cores
 */
public record MachineNeed(String text, Predicate<MachineShape> met) {

    public MachineNeed {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(met, "met");
    }

    /**
     * Hyperthreading: more hardware threads than physical cores, so that threads on a core's two hardware threads
     * share its pipelines. The article's own machine was one (8 logical CPUs on 4 cores); a machine whose cores are
     * unknown is not known to be one.
     */
    public static MachineNeed hyperthreaded() {
        return new MachineNeed(
                "more hardware threads than cores",
                machine -> machine.cores().isPresent()
                        && machine.hardwareThreads() > machine.cores().getAsInt());
    }

    /** Why a claim is not decided on {@code machine}, or empty where the machine has what the claim needs. */
    public Optional<String> lackedOn(MachineShape machine) {
        return met.test(machine)
                ? Optional.empty()
                : Optional.of("needs " + text + "; this machine has " + machine.describe());
    }
}
