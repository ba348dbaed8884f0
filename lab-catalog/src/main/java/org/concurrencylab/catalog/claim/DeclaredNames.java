package org.concurrencylab.catalog.claim;

/** The names an experiment declares: every variant and load a claim looks up is checked against them. */
public interface DeclaredNames {

    /** The experiment's name, for the message that names what it does not declare. */
    String name();

    boolean declaresVariant(String variant);

    boolean declaresLoad(String load);

    /** Whether the variant's threads are sampled a rest after its load; a claim may read them only there. */
    boolean samplesThreadsAfterLoad(String variant);
}
