package org.concurrencylab.results.capacity;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.PoolOccupancy;

/**
 * Which of a step's self-counting pools held its load back: full in most of the step, and requests
 * queued for it. A pool that is merely full (as many users as members, each taking one in turn) holds
 * nothing back; one with callers waiting does. Where a pool does not count its waiters (Tomcat), the
 * queue shows as throughput short of what the step's users alone allow, and only where the step had more users than
 * the pool has members.
 */
public final class PoolLimits {

    /** Callers waiting on average, at or above which a full pool is a queue. */
    static final double WAITING = 0.5;
    /** Throughput below this share of the users' own bound: requests queued somewhere. */
    static final double SHORT_OF_USERS = 0.9;

    private PoolLimits() {}

    public static Optional<String> holdingBack(StepResult step) {
        boolean queued = step.bound().littlesLawPerSecond() > 0
                && step.client().throughputPerSecond()
                        < SHORT_OF_USERS * step.bound().littlesLawPerSecond();
        // a closed step's users send one request each at a time: a pool with a member for each is full by construction
        // and never waited for, whatever else (the cores) made the step short of its users' bound
        int users = step.usersAtOnce();
        return step.service().pools().entrySet().stream()
                .filter(pool -> pool.getValue().saturated())
                .filter(pool -> pool.getValue().meanWaiting() != null
                        ? pool.getValue().meanWaiting() >= WAITING
                        : queued && pool.getValue().max() < users)
                // where two are full, the one with callers counted waiting is the queue the others wait behind
                .max(Comparator.comparing((Map.Entry<String, PoolOccupancy> pool) ->
                                pool.getValue().meanWaiting() != null)
                        .thenComparing(pool -> pool.getValue().fullShare()))
                .map(Map.Entry::getKey);
    }
}
