package org.concurrencylab.runner.component;

import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.SharedComponent;
import org.concurrencylab.runner.machine.MachineCpu;

/**
 * A {@link SharedComponent} running for one experiment's variants: where it
 * answers, told to their services, and its processes, counted in every step's CPU account.
 */
sealed interface StartedComponent extends AutoCloseable permits DownstreamService, DatabaseService {

    /** What the experiment declared: its module, its role, and the property that carries its address. */
    SharedComponent declared();

    /** Where it answers, as the variants' services are told through {@link SharedComponent#addressProperty()}. */
    String address();

    /** The properties that tell the variants' services where it answers: its address, by default. */
    default Map<String, String> wiring() {
        return Map.of(declared().addressProperty(), address());
    }

    /** What it is and where it answers, in words, as {@code ./lab serve} prints it. */
    String description();

    /** Its processes, for the CPU account of every step. */
    List<MachineCpu.Tracked> processes();

    /**
     * What every service must have in its environment to use it (a database's password), kept off the
     * command lines that every user of the machine can read.
     */
    default Map<String, String> secrets() {
        return Map.of();
    }
}
