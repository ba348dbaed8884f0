package org.concurrencylab.catalog;

/**
 * Whether the article ran a variant, the lab adds it to show what changed since, or the lab adds it
 * to show an article's variant with the sizing of the machine it runs on; or, in a study, the user's own
 * application.
 */
public enum Origin {
    SEED,
    MODERN,
    MACHINE,
    APPLICATION;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
