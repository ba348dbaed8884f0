package org.concurrencylab.catalog.load;

/**
 * A closed load run before anything is measured, so that pools have grown and the JIT has compiled
 * the request path: {@code users} users without thinking until the services are steady (the steadiness rule
 * whose windows and shares the catalog's defaults hold), at most {@code lengthInD} times D. It
 * is closed on purpose: a variant that cannot keep up slows the warm-up down instead of building a
 * queue that the measured steps would inherit.
 */
public record WarmUp(int users, int lengthInD) {

    public WarmUp {
        if (users < 1 || lengthInD < 1) {
            throw new IllegalArgumentException("a warm-up needs at least one user and one D");
        }
    }
}
