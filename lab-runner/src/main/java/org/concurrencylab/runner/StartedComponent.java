package org.concurrencylab.runner;

import java.util.List;
import java.util.Map;

/**
 * A {@link org.concurrencylab.catalog.SharedComponent} running for one experiment's variants: where it
 * answers, told to their services, and its processes, counted in every step's CPU account.
 */
sealed interface StartedComponent extends AutoCloseable permits DownstreamService, DatabaseService {

    /** The properties that tell a variant's services where it answers. */
    Map<String, String> wiring();

    /** What it is and where it answers, in words, as {@code ./lab serve} prints it. */
    String description();

    /** Its processes, for the CPU account of every step. */
    List<MachineCpu.Tracked> processes();
}
