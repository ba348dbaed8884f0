package org.concurrencylab.catalog;

import java.util.Locale;

/**
 * Where a variant comes from: the article ran it ({@link #SEED}); the lab adds it to show what changed since, one the
 * article could not run ({@link #MODERN}); the lab's own variant of the article's system, one the article could have
 * run but did not, to isolate a fix or to size a pool by the lab's own rule ({@link #LAB}); an article's variant with
 * the sizing of the machine it runs on ({@link #MACHINE}); or, in a study, the user's own application.
 */
public enum Origin {
    SEED,
    MODERN,
    LAB,
    MACHINE,
    APPLICATION;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
