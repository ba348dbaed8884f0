package org.concurrencylab.runner.environment;

import java.net.URI;
import org.concurrencylab.driver.LoopbackOnly;

/**
 * A host the load comes from, as a user names it: {@code host}, {@code host:port}, or an IPv6 literal in
 * brackets with or without a port. Parsed once, so that the command line's checks and the engine read a
 * name the same way.
 *
 * @param host the host as named, an IPv6 literal with its brackets
 * @param port its port, or the engine's default where none was named
 */
public record LoadHost(String host, int port) {

    public LoadHost {
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("an empty load host");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("a load host's port is from 1 to 65535, not " + port);
        }
    }

    /**
     * @throws IllegalArgumentException for anything but host or host:port
     */
    public static LoadHost parse(String named, int defaultPort) {
        String text = named.strip();
        if (text.isEmpty()) {
            throw new IllegalArgumentException("an empty load host");
        }
        URI parsed;
        try {
            parsed = URI.create("rmi://" + text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a load host is host or host:port, not " + named, e);
        }
        if (parsed.getHost() == null
                || parsed.getUserInfo() != null
                || parsed.getQuery() != null
                || parsed.getFragment() != null
                || parsed.getPath() != null && !parsed.getPath().isEmpty()) {
            throw new IllegalArgumentException("a load host is host or host:port, not " + named);
        }
        return new LoadHost(parsed.getHost(), parsed.getPort() == -1 ? defaultPort : parsed.getPort());
    }

    /** This machine's own loopback, by name (no lookup). */
    public boolean isLoopback() {
        return LoopbackOnly.isLoopbackName(host);
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
