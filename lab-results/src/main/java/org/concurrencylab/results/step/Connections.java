package org.concurrencylab.results.step;

/**
 * How a load driver's users hold their connections. The articles' own clients differ here, and the
 * difference is measurable: a kept-alive connection lets a server keep serving the user it already
 * holds, and pins the user to one Netty event loop for the whole run.
 */
public enum Connections {

    /**
     * A new connection for every request ({@code Connection: close}): siege's default
     * ({@code connection = close}), and Gatling's one connection per injected user when each user
     * sends one request. Opening the connection is part of the request's latency and CPU.
     */
    NEW_PER_REQUEST("new-per-request"),

    /** One connection per user, opened before the clock starts and kept for all its requests, as JMeter's threads do. */
    KEEP_ALIVE("keep-alive");

    private final String label;

    Connections(String label) {
        this.label = label;
    }

    /** The name in results, reports and on the command line. */
    public String label() {
        return label;
    }

    public static Connections ofLabel(String label) {
        for (Connections connections : values()) {
            if (connections.label.equals(label)) {
                return connections;
            }
        }
        throw new IllegalArgumentException("connections must be new-per-request or keep-alive, not " + label);
    }
}
