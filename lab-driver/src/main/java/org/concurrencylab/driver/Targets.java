package org.concurrencylab.driver;

import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The instances a load is spread over, as a balancer in front of them sees them: user i is sent to
 * instance i mod n, where n is the count at its request. Instances may join while the load runs (an
 * autoscaler's); then the users that map to the new one move to it at their next request, over a new
 * connection, as a balancer that rebalances its clients would move them. Every instance is on loopback.
 */
public final class Targets {

    private final List<URI> instances = new CopyOnWriteArrayList<>();

    private Targets(List<URI> first) {
        if (first.isEmpty()) {
            throw new IllegalArgumentException("a load needs at least one target");
        }
        first.forEach(this::add);
    }

    public static Targets of(List<URI> first) {
        return new Targets(first);
    }

    /** A new instance, answering: the users that map to it go there from their next request on. */
    public void add(URI instance) {
        LoopbackOnly.check(instance);
        instances.add(instance);
    }

    /** Where user {@code user} sends its next request. */
    URI of(int user) {
        // the list only grows, so an index below the size just read stays valid
        return instances.get(user % instances.size());
    }

    /** The first instance: an open load's one target. */
    public URI first() {
        return instances.getFirst();
    }

    public int size() {
        return instances.size();
    }
}
