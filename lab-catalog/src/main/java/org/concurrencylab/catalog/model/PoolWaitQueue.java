package org.concurrencylab.catalog.model;

import java.util.ArrayDeque;
import java.util.PriorityQueue;

/**
 * A held load whose requests wait for one of {@code connections} pooled connections at most
 * {@code poolWaitSeconds}, then fail without going further; a request that gets a connection is served by
 * a resource that takes one at a time for {@code holdSeconds} (a hot row's lock), and gives the
 * connection back after. Each of {@code users} users starts at its place in the ramp-up, sends, and sends
 * again {@code thinkSeconds} after its answer or its failure, until the step's length is over. Such a
 * timeout sheds requests before the resource, so the resource keeps its pace and the failed share is a
 * level the timeout sets, where a timeout after the resource (a gateway's) leaves the abandoned requests
 * at it and fails nearly all or nothing.
 * <p>
 * Played out request by request, in time order, the pool's waiters served first come first: the sent and
 * failed counts of the ideal system, which a measured step is held against. The pool has no cost of its
 * own; nothing else is modelled (no CPU, no network).
 */
public record PoolWaitQueue(
        int users,
        double rampUpSeconds,
        double lengthSeconds,
        double thinkSeconds,
        int connections,
        double holdSeconds,
        double poolWaitSeconds) {

    public PoolWaitQueue {
        if (users < 1 || connections < 1) {
            throw new IllegalArgumentException("a queue needs a user and a connection at least");
        }
        if (!(rampUpSeconds >= 0 && lengthSeconds > 0 && thinkSeconds >= 0 && holdSeconds > 0 && poolWaitSeconds > 0)) {
            throw new IllegalArgumentException(
                    "the times of a pool's queue are positive (the ramp-up and thinking may be 0)");
        }
    }

    /** What the step sent and how many of those failed at the pool. */
    public record Outcome(long sent, long failed) {

        /** The failed share, 0 to 1. */
        public double failedShare() {
            return sent == 0 ? 0 : (double) failed / sent;
        }
    }

    /** Plays the step out: every user's requests, each to its answer or its failure. */
    public Outcome play() {
        PriorityQueue<Event> events = new PriorityQueue<>();
        long order = 0;
        for (int user = 0; user < users; user++) {
            events.add(new Event(rampUpSeconds * user / users, Kind.SEND, order++, null));
        }
        ArrayDeque<Waiter> waiting = new ArrayDeque<>();
        int taken = 0;
        double resourceFreeAt = 0;
        long sent = 0;
        long failed = 0;
        while (!events.isEmpty()) {
            Event event = events.poll();
            double now = event.at();
            switch (event.kind()) {
                case SEND -> {
                    if (now > lengthSeconds) {
                        continue;
                    }
                    sent++;
                    if (taken < connections) {
                        taken++;
                        resourceFreeAt = Math.max(now, resourceFreeAt) + holdSeconds;
                        events.add(new Event(resourceFreeAt, Kind.ANSWERED, order++, null));
                    } else {
                        Waiter waiter = new Waiter();
                        waiting.addLast(waiter);
                        events.add(new Event(now + poolWaitSeconds, Kind.GAVE_UP, order++, waiter));
                    }
                }
                case ANSWERED -> {
                    taken--;
                    events.add(new Event(now + thinkSeconds, Kind.SEND, order++, null));
                    Waiter next = waiting.pollFirst();
                    if (next != null) {
                        next.served = true;
                        taken++;
                        resourceFreeAt = Math.max(now, resourceFreeAt) + holdSeconds;
                        events.add(new Event(resourceFreeAt, Kind.ANSWERED, order++, null));
                    }
                }
                case GAVE_UP -> {
                    if (!event.waiter().served && waiting.remove(event.waiter())) {
                        failed++;
                        events.add(new Event(now + thinkSeconds, Kind.SEND, order++, null));
                    }
                }
            }
        }
        return new Outcome(sent, failed);
    }

    private enum Kind {
        SEND,
        ANSWERED,
        GAVE_UP
    }

    /** A request waiting for a connection; served once a connection is handed to it, so its timeout passes. */
    private static final class Waiter {
        private boolean served;
    }

    private record Event(double at, Kind kind, long order, Waiter waiter) implements Comparable<Event> {
        @Override
        public int compareTo(Event other) {
            int byTime = Double.compare(at, other.at);
            return byTime != 0 ? byTime : Long.compare(order, other.order);
        }
    }
}
