package org.concurrencylab.catalog;

/**
 * The simulator an experiment's service calls: started once, before the variants, and warmed up on
 * {@code warmUpPath} so that its own JIT does not slow the first variant down.
 */
public record Downstream(String service, String warmUpPath) {
}
