package org.concurrencylab.probe.model;

/** The threads of one pool at one instant, by state. */
public record PoolSnapshot(int live, int runnable, int blocked, int waiting, int timedWaiting) {

    public static final PoolSnapshot EMPTY = new PoolSnapshot(0, 0, 0, 0, 0);

    public PoolSnapshot plus(Thread.State state) {
        return new PoolSnapshot(
                live + 1,
                runnable + (state == Thread.State.RUNNABLE ? 1 : 0),
                blocked + (state == Thread.State.BLOCKED ? 1 : 0),
                waiting + (state == Thread.State.WAITING ? 1 : 0),
                timedWaiting + (state == Thread.State.TIMED_WAITING ? 1 : 0));
    }
}
