package org.concurrencylab.catalog;

/**
 * The simulator an experiment's service calls: started once, before the variants, and warmed up on
 * {@code warmUpPath} so that its own JIT does not slow the first variant down. The services learn its
 * base URL as {@value #URL_PROPERTY}.
 */
public record Downstream(String module, String warmUpPath) implements SharedComponent {

    /** The property the services read the simulator's base URL from. */
    public static final String URL_PROPERTY = "lab.downstream.url";

    @Override
    public String role() {
        return "downstream";
    }

    @Override
    public String addressProperty() {
        return URL_PROPERTY;
    }
}
