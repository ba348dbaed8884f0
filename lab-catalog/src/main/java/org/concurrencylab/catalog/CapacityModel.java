package org.concurrencylab.catalog;

import java.time.Duration;
import java.util.Map;
import java.util.function.IntUnaryOperator;

/**
 * How many requests a variant can hold at once, and so, by Little's law, the most it can serve per
 * second when each request holds a thread for the service time D. The bounds are for a closed load
 * of C users x R repetitions, so they include the tail of a run where fewer users are left.
 */
public sealed interface CapacityModel {

    /** @param explanation how the bound follows from the variant's sizing, in words */
    record Bound(double throughputPerSecond, String explanation) {
    }

    /** The bound with the sizes the running service reported, falling back on the formula. */
    Bound bound(LoadStep step, Duration serviceTime, Map<String, Object> sizing, int cpus);

    /** The bound a JVM seeing {@code cpus} processors would give. */
    default Bound boundForCpus(LoadStep step, Duration serviceTime, int cpus) {
        return bound(step, serviceTime, Map.of(), cpus);
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }

    private static int size(Map<String, Object> sizing, String key, IntUnaryOperator sizeForCpus, int cpus) {
        Object reported = sizing.get(key);
        return reported instanceof Number number ? number.intValue() : sizeForCpus.applyAsInt(cpus);
    }

    /** Nothing caps concurrency below the number of users: every user is served at once. */
    record Unbounded(String why) implements CapacityModel {
        @Override
        public Bound bound(LoadStep step, Duration serviceTime, Map<String, Object> sizing, int cpus) {
            return new Bound(step.users() / seconds(serviceTime),
                    "no cap below " + step.users() + " users (" + why + "): C/D");
        }
    }

    /**
     * A pool of {@code n} threads that any request can take (Tomcat workers, a bounded scheduler):
     * all C x R requests pass through n threads, D each, so the run lasts ceil(C x R / n) x D.
     */
    record SharedPool(String pool, String sizingKey, IntUnaryOperator sizeForCpus) implements CapacityModel {
        @Override
        public Bound bound(LoadStep step, Duration serviceTime, Map<String, Object> sizing, int cpus) {
            int threads = size(sizing, sizingKey, sizeForCpus, cpus);
            if (threads >= step.users()) {
                return new Bound(step.users() / seconds(serviceTime),
                        threads + " " + pool + " threads >= " + step.users() + " users: C/D");
            }
            double rounds = Math.ceil((double) step.totalRequests() / threads);
            return new Bound(step.totalRequests() / (rounds * seconds(serviceTime)),
                    threads + " " + pool + " threads < " + step.users() + " users: n/D");
        }
    }

    /**
     * Event loops that each own the connections assigned to them, round robin, at accept: a loop
     * blocked for D serves its own users one after another, so the loop with the most users,
     * ceil(C / n) of them, sets the length of the run: ceil(C / n) x R x D.
     */
    record PinnedEventLoops(String sizingKey, IntUnaryOperator sizeForCpus) implements CapacityModel {
        @Override
        public Bound bound(LoadStep step, Duration serviceTime, Map<String, Object> sizing, int cpus) {
            int loops = size(sizing, sizingKey, sizeForCpus, cpus);
            int busiest = (step.users() + loops - 1) / loops;
            double elapsed = (double) busiest * step.repetitions() * seconds(serviceTime);
            return new Bound(step.totalRequests() / elapsed,
                    loops + " event loops, " + busiest + " users on the busiest: C x R / (" + busiest + " x R x D)");
        }
    }
}
