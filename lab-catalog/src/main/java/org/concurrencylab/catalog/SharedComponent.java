package org.concurrencylab.catalog;

/**
 * A process every variant of an experiment uses and none owns, as the articles ran it: started once
 * before the variants and stopped after them, so each variant meets the same one in the same state.
 * Each kind says how the variants' services learn where it is; the runner knows how to start each kind.
 */
public sealed interface SharedComponent permits Downstream, Database {

    /** The module that runs it. */
    String module();

    /** What it is to the services, in a word: {@code downstream}, {@code database}. */
    String role();

    /** The property that tells a variant's services where it answers. */
    String addressProperty();
}
