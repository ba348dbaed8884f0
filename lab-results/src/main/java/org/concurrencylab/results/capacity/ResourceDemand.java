package org.concurrencylab.results.capacity;

import org.concurrencylab.results.interval.Interval;

/**
 * One resource every request of a service uses, what each request costs it and, by Little's law, the most
 * the service can serve a second at the resource's present size: {@code size / hold}.
 *
 * @param name            {@code cores}, a pool as the probe names it ({@code tomcat-workers},
 *                        {@code hikari:HikariPool-1}), {@code users} or {@code arrivals}
 * @param kind            {@link #CORES}, {@link #POOL}, {@link #USERS} or {@link #ARRIVALS}
 * @param size            cores, a pool's members, a closed step's users; for arrivals their rate a second
 * @param holdMillis      what one request takes of one unit of it: CPU milliseconds for the cores, how long it
 *                        holds a member of a pool (W = L / X), a user's cycle (R0 + Z); 0 for arrivals. For a pool
 *                        callers queued for, its members' time a request where they queued (size / X), the
 *                        hand-over included
 * @param allowsPerSecond {@code size / hold}: the most the resource lets through a second at this size
 * @param property        the Spring property that sets the size; null where the application's code does
 * @param handOverMillis  of {@code holdMillis}, the part a member of a pool callers queued for spent neither held
 *                        nor free: handed to the next caller, whose thread had to wake and get a core; 0 elsewhere
 * @param holdMillisInterval      for a model of a variant's forks, the hold's interval over them (each figure here
 *                                then the mean of the forks' models'); null for one fork
 * @param allowsPerSecondInterval the same of what it allows
 */
public record ResourceDemand(
        String name,
        String kind,
        double size,
        double holdMillis,
        double allowsPerSecond,
        String property,
        double handOverMillis,
        Interval holdMillisInterval,
        Interval allowsPerSecondInterval) {

    /** A resource whose members pass from one request to the next without a hand-over to count. */
    public ResourceDemand(
            String name, String kind, double size, double holdMillis, double allowsPerSecond, String property) {
        this(name, kind, size, holdMillis, allowsPerSecond, property, 0);
    }

    /** A resource of one fork's model: no intervals. */
    public ResourceDemand(
            String name,
            String kind,
            double size,
            double holdMillis,
            double allowsPerSecond,
            String property,
            double handOverMillis) {
        this(name, kind, size, holdMillis, allowsPerSecond, property, handOverMillis, null, null);
    }

    /** The same resource at another size: what it allows scales with it, its hold stays. */
    public ResourceDemand resized(double newSize) {
        double factor = newSize / size;
        return new ResourceDemand(
                name,
                kind,
                newSize,
                holdMillis,
                allowsPerSecond * factor,
                property,
                handOverMillis,
                holdMillisInterval,
                allowsPerSecondInterval == null ? null : allowsPerSecondInterval.times(factor));
    }

    public static final String CORES = "cores";
    public static final String POOL = "pool";
    public static final String USERS = "users";
    public static final String ARRIVALS = "arrivals";

    /** Whether it is the load itself (users or arrivals) rather than something the service has. */
    public boolean isLoad() {
        return USERS.equals(kind) || ARRIVALS.equals(kind);
    }
}
