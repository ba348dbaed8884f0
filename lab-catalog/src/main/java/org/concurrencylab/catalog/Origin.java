package org.concurrencylab.catalog;

/** Whether the article ran a variant, or the lab adds it to show what changed since. */
public enum Origin {
    SEED, MODERN;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
