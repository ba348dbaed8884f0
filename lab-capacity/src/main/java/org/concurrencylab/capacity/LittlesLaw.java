package org.concurrencylab.capacity;

/** Little's law as sizing: a rate X whose requests each hold a member for W keeps X x W members in use. */
public final class LittlesLaw {

    /**
     * How well a step measures a pool's mean occupancy: a mean of some 80 samples (8 s at the agent's 100 ms)
     * of a pool busy most of the time is good to a few per cent, so a size within that of a whole number is
     * that number, not the next.
     */
    public static final double OCCUPANCY_PRECISION = 0.03;

    private LittlesLaw() {}

    /** X x W: what {@code perSecond} requests each holding one for {@code holdMillis} keep in use on average. */
    public static double inUse(double perSecond, double holdMillis) {
        return perSecond * holdMillis / 1000;
    }

    /** The members that many in use ask for, rounded up beyond the measurement's precision; at least 1. */
    public static int membersFor(double inUse) {
        return Math.max(1, (int) Math.ceil(inUse * (1 - OCCUPANCY_PRECISION)));
    }
}
