package org.concurrencylab.catalog.model;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.results.Sizing;
import org.concurrencylab.results.step.Connections;

/**
 * How many requests a variant can hold at once, and so, by Little's law, the most it can serve per
 * second when each request holds its threads for a time. Bounds are in the article's units (S = 1):
 * every duration scales by S, so a measured throughput compares with the bound divided by S.
 * For a closed load of C users x R repetitions the bounds include the tail of a run where fewer
 * users are left; for an open load the bound is the smaller of the arrival rate and the capacity.
 */
public sealed interface CapacityModel {

    /**
     * @param explanation how the bound follows from the variant's sizing, in words
     * @param holdInD     how long one request holds what it needs, in D, without any CPU cost: what the
     *                    machine's CPU stretches (see {@link MachineBound}); NaN where CPU is the work itself
     * @param rolesOnHold the processes (by their role in a step: service, chain, database…) whose CPU a
     *                    request spends while it holds what the bound counts; empty: every process's
     * @param timedAs     the resource under which a service of the system times its holds of what the bound
     *                    counts ({@code lab.hold}, e.g. {@code hot-row}), so that what the machine added to
     *                    the hold is measured rather than modelled; empty where nothing times it
     */
    record Bound(
            double throughputPerSecond, String explanation, double holdInD, Set<String> rolesOnHold, String timedAs) {

        public Bound {
            rolesOnHold = Set.copyOf(rolesOnHold);
            timedAs = timedAs == null ? "" : timedAs;
        }

        public Bound(double throughputPerSecond, String explanation, double holdInD, Set<String> rolesOnHold) {
            this(throughputPerSecond, explanation, holdInD, rolesOnHold, "");
        }

        public Bound(double throughputPerSecond, String explanation, double holdInD) {
            this(throughputPerSecond, explanation, holdInD, Set.of());
        }

        public Bound(double throughputPerSecond, String explanation) {
            this(throughputPerSecond, explanation, 1);
        }

        /** Whether the bound is of waiting, which the machine's CPU can stretch, rather than of CPU work. */
        public boolean waits() {
            return !Double.isNaN(holdInD);
        }
    }

    /**
     * How long one request holds what it needs. {@code threads} threads for {@code serviceTimeInD} D:
     * a sequential fan-out holds one thread for 2 D, a parallel one two threads for 1 D.
     */
    record Hold(int threads, double serviceTimeInD) {
        public static final Hold ONE_THREAD_FOR_D = new Hold(1, 1);
    }

    /**
     * The bound with the sizes the running service reported, falling back on the formula.
     *
     * @param connections how the client held its connections: it decides which event loop serves a request
     */
    Bound bound(LoadStep step, Connections connections, Duration d, Sizing sizing, int cpus);

    /** The bound a JVM seeing {@code cpus} processors would give. */
    default Bound boundForCpus(LoadStep step, Connections connections, Duration d, int cpus) {
        return bound(step, connections, d, Sizing.NONE, cpus);
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }

    private static int size(Sizing sizing, String key, IntUnaryOperator sizeForCpus, int cpus) {
        return sizing.whole(key).orElseGet(() -> sizeForCpus.applyAsInt(cpus));
    }

    /**
     * The most a held load's users can ask for. Each sends again a think time after its answer, so a
     * user whose requests take at least {@code serviceSeconds} sends one every (that + Z) at most, from
     * its place in the ramp-up until the step ends: counted user by user, its first request included
     * (C / (D + Z) would leave that out and fall 3 % short of what 250 users measured), over the step's
     * length and the last answer.
     */
    private static double usersAllow(LoadStep.Held held, double serviceSeconds) {
        double length = seconds(held.length());
        double cycle = serviceSeconds + seconds(held.thinkTime());
        long requests = 0;
        for (int user = 0; user < held.users(); user++) {
            double start = seconds(held.rampUp()) / held.users() * user;
            requests += (long) Math.floor((length - start) / cycle) + 1;
        }
        return requests / (length + serviceSeconds);
    }

    /** The pool's bound, or the users' where they ask for less. */
    private static Bound poolOrUsers(
            LoadStep.Held held, double poolPerSecond, double serviceSeconds, Bound pool, String usersExplanation) {
        return usersAllow(held, serviceSeconds) < poolPerSecond
                ? usersBound(held, serviceSeconds, pool.holdInD(), usersExplanation)
                : pool;
    }

    /**
     * The bound of a held load whose users, not a pool, are the limit: each user's cycle is a request's
     * service time plus the think time. What the machine's CPU stretches is the request, {@code holdInD},
     * never the think time: the step's latency is its figure, and a wait for a core that a cycle of think
     * time dilutes in the throughput is all in the latency.
     */
    private static Bound usersBound(LoadStep.Held held, double serviceSeconds, double holdInD, String explanation) {
        return new Bound(usersAllow(held, serviceSeconds), explanation, holdInD);
    }

    private static String thinking(LoadStep.Held held) {
        return held.thinkTime().isZero() ? "" : ", each thinking " + number(seconds(held.thinkTime())) + " s";
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }

    /** Nothing caps concurrency: every user, or every arrival, is served at once. */
    record Unbounded(String why, double serviceTimeInD) implements CapacityModel {

        public Unbounded(String why) {
            this(why, 1);
        }

        @Override
        public Bound bound(LoadStep step, Connections connections, Duration d, Sizing sizing, int cpus) {
            return switch (step) {
                case LoadStep.Closed closed ->
                    new Bound(
                            closed.users() / (serviceTimeInD * seconds(d)),
                            "no cap below " + LoadStep.users(closed.users()) + " (" + why + "): C/"
                                    + number(serviceTimeInD) + "D",
                            serviceTimeInD);
                case LoadStep.Held held ->
                    usersBound(
                            held,
                            serviceTimeInD * seconds(d),
                            serviceTimeInD,
                            "no cap below " + LoadStep.users(held.users()) + " (" + why + ")" + thinking(held) + ": C/("
                                    + number(serviceTimeInD) + "D + Z)");
                case LoadStep.Open open ->
                    new Bound(open.ratePerSecond(), "no cap (" + why + "): every arrival is served", serviceTimeInD);
            };
        }
    }

    /**
     * A pool of {@code n} threads that any request can take (Tomcat workers, a bounded scheduler, an
     * executor): n / threads-per-request requests at once, each for its service time.
     */
    record SharedPool(String pool, String sizingKey, IntUnaryOperator sizeForCpus, Hold hold) implements CapacityModel {

        public SharedPool(String pool, String sizingKey, IntUnaryOperator sizeForCpus) {
            this(pool, sizingKey, sizeForCpus, Hold.ONE_THREAD_FOR_D);
        }

        /** Its threads, as the running service reported them, else by the formula. */
        public int threads(Sizing sizing, int cpus) {
            return size(sizing, sizingKey, sizeForCpus, cpus);
        }

        /** The requests a second it lets through when every thread is taken: n / (threads a request x its hold). */
        public double perSecond(Duration d, Sizing sizing, int cpus) {
            return threads(sizing, cpus) / (hold.threads() * hold.serviceTimeInD() * seconds(d));
        }

        @Override
        public Bound bound(LoadStep step, Connections connections, Duration d, Sizing sizing, int cpus) {
            int threads = size(sizing, sizingKey, sizeForCpus, cpus);
            double serviceSeconds = hold.serviceTimeInD() * seconds(d);
            String perRequest = hold.threads() == 1 ? "" : "/" + hold.threads();
            String service = number(hold.serviceTimeInD()) + "D";
            return switch (step) {
                case LoadStep.Closed closed -> {
                    if (threads >= closed.users() * hold.threads()) {
                        yield new Bound(
                                closed.users() / serviceSeconds,
                                threads + " " + pool + " threads" + perRequest + " >= " + LoadStep.users(closed.users())
                                        + ": C/" + service,
                                hold.serviceTimeInD());
                    }
                    // a request's parts are tasks of their own on the pool's queue, not a gang that waits for k free
                    // threads: each round of the service time the n threads finish n parts (9 threads serve 4.5
                    // requests of two calls a round, not 4)
                    double parts = (double) closed.totalRequests() * hold.threads();
                    double rounds = Math.ceil(parts / threads);
                    yield new Bound(
                            closed.totalRequests() / (rounds * serviceSeconds),
                            threads + " " + pool + " threads" + perRequest + " < " + closed.users()
                                    + " users: n / (k x " + service + ")",
                            threads < hold.threads() ? hold.threads() * hold.serviceTimeInD() : hold.serviceTimeInD());
                }
                case LoadStep.Held held -> {
                    double capacity = Math.min((double) threads / hold.threads(), held.users()) / serviceSeconds;
                    yield poolOrUsers(
                            held,
                            capacity,
                            serviceSeconds,
                            new Bound(
                                    capacity,
                                    threads + " " + pool + " threads" + perRequest + ", " + LoadStep.users(held.users())
                                            + ": n/" + service,
                                    hold.serviceTimeInD()),
                            threads + " " + pool + " threads" + perRequest + ", but " + LoadStep.users(held.users())
                                    + thinking(held) + " ask for at most C/(" + service + " + Z)");
                }
                case LoadStep.Open open -> {
                    double capacity = threads / (hold.threads() * serviceSeconds);
                    yield capacity >= open.ratePerSecond()
                            ? new Bound(
                                    open.ratePerSecond(),
                                    threads + " " + pool + " threads" + perRequest + " / " + service + " = "
                                            + number(capacity) + "/s >= the arrival rate",
                                    hold.serviceTimeInD())
                            : new Bound(
                                    capacity,
                                    threads + " " + pool + " threads" + perRequest + " / " + service + " = "
                                            + number(capacity) + "/s < " + open.ratePerSecond()
                                            + "/s arriving: a queue grows",
                                    hold.serviceTimeInD());
                }
            };
        }
    }

    /**
     * Applications on one server, each path's requests held on a pool of its own (two web applications,
     * each with its executor): every pool serves only its path's share of the requests, so an open load's
     * bound is the sum of what each pool lets through of its share, min(rate x share, n / D) each; a closed
     * or held load's users cross every pool in turn, so the pool its share fills first bounds them all,
     * min over the pools of (n / D) / share.
     *
     * @param pools each path's share of the requests (0 to 1, together 1) and the pool that holds its requests
     */
    record PoolPerPath(List<PathPool> pools) implements CapacityModel {

        /** One path's share of the requests and its own pool. */
        public record PathPool(double share, SharedPool pool) {
            public PathPool {
                if (!(share > 0 && share <= 1)) {
                    throw new IllegalArgumentException("a path's share is above 0 and at most 1, not " + share);
                }
                Objects.requireNonNull(pool, "pool");
            }
        }

        public PoolPerPath {
            pools = List.copyOf(pools);
            double total = pools.stream().mapToDouble(PathPool::share).sum();
            if (pools.size() < 2 || Math.abs(total - 1) > 1e-9) {
                throw new IllegalArgumentException(
                        "two or more paths whose shares add up to 1; these add up to " + total);
            }
        }

        @Override
        public Bound bound(LoadStep step, Connections connections, Duration d, Sizing sizing, int cpus) {
            double holdInD = pools.getFirst().pool().hold().serviceTimeInD();
            double serviceSeconds = holdInD * seconds(d);
            return switch (step) {
                case LoadStep.Open open -> {
                    double total = 0;
                    List<String> each = new ArrayList<>();
                    for (PathPool path : pools) {
                        total += Math.min(
                                open.ratePerSecond() * path.share(), path.pool().perSecond(d, sizing, cpus));
                        each.add("min(" + number(100 * path.share()) + " % of " + open.ratePerSecond() + "/s, "
                                + path.pool().threads(sizing, cpus) + " "
                                + path.pool().pool() + " threads / D)");
                    }
                    yield new Bound(total, String.join(" + ", each), holdInD);
                }
                case LoadStep.Held held -> {
                    Bound pooled = firstFilled(d, sizing, cpus, holdInD);
                    yield poolOrUsers(
                            held,
                            pooled.throughputPerSecond(),
                            serviceSeconds,
                            pooled,
                            "pools per path, but " + LoadStep.users(held.users()) + thinking(held)
                                    + " ask for at most C/(D + Z)");
                }
                case LoadStep.Closed closed -> {
                    Bound pooled = firstFilled(d, sizing, cpus, holdInD);
                    yield closed.users() / serviceSeconds < pooled.throughputPerSecond()
                            ? new Bound(
                                    closed.users() / serviceSeconds,
                                    "pools per path, but " + LoadStep.users(closed.users()) + ": C/D",
                                    holdInD)
                            : pooled;
                }
            };
        }

        /** Users crossing every pool in turn: the pool its share fills first bounds them all. */
        private Bound firstFilled(Duration d, Sizing sizing, int cpus, double holdInD) {
            double perSecond = Double.POSITIVE_INFINITY;
            List<String> each = new ArrayList<>();
            for (PathPool path : pools) {
                perSecond = Math.min(perSecond, path.pool().perSecond(d, sizing, cpus) / path.share());
                each.add(path.pool().threads(sizing, cpus) + " " + path.pool().pool() + " threads / D / "
                        + number(100 * path.share()) + " %");
            }
            return new Bound(
                    perSecond, "the first pool its share fills: min(" + String.join(", ", each) + ")", holdInD);
        }
    }

    /**
     * CPU work: each request costs D x CPUs of CPU time (the lab calibrates it so), times the work
     * factor the service reports ({@code workFactor}, 1 where it reports none), and at most
     * min(threads, CPUs) of it run at once, so C requests take C x factor x D x CPUs / min(threads, CPUs).
     * {@code threadsKey} names the threads the work runs on in the reported sizing; the CPUs are the
     * machine's own, which the service reports, because CPU work runs on real cores whatever the JVM
     * was told.
     */
    record CpuWork(String threads, String threadsKey, IntUnaryOperator threadsForCpus) implements CapacityModel {
        @Override
        public Bound bound(LoadStep step, Connections connections, Duration d, Sizing sizing, int cpus) {
            int machineCpus = size(sizing, "machineCpus", any -> cpus, cpus);
            int n = size(sizing, threadsKey, threadsForCpus, machineCpus);
            int busy = n <= 0 ? machineCpus : Math.min(n, machineCpus);
            double factor = sizing.number("workFactor").orElse(1);
            double perSecond = busy / (machineCpus * factor * seconds(d));
            String work = (factor == 1 ? "" : String.format(Locale.ROOT, "%.2f x ", factor)) + "D x " + machineCpus;
            String explanation = (n <= 0 ? "a thread per request" : n + " " + threads + " threads") + " on "
                    + machineCpus + " CPUs: " + busy + " requests of " + work + " CPU at once";
            return switch (step) {
                case LoadStep.Closed closed -> new Bound(perSecond, explanation, Double.NaN);
                case LoadStep.Held held -> new Bound(perSecond, explanation, Double.NaN);
                case LoadStep.Open open ->
                    new Bound(Math.min(open.ratePerSecond(), perSecond), explanation, Double.NaN);
            };
        }
    }

    /**
     * How long C users x R requests take, in D, when every request opens a connection that the server
     * hands to the next of {@code loops} loops in turn and a loop serves its connections one after
     * another for D each, with answers that tie handed back in the users' order. Played out request by
     * request (at most a few thousand): with few more users than loops the turn then lands on a busy
     * loop while another is idle (10 users on 8 loops: 15 D for 100 requests, not 13). Measured here:
     * 14-15 D, as real answers tie only roughly; the bound is the best case, this the case named beside it.
     */
    public static double roundRobinElapsedInD(int users, int repetitions, int loops) {
        double[] loopFreeAt = new double[loops];
        // a user's next request: when it is sent, who sends it, how many that user has sent
        PriorityQueue<double[]> sends = new PriorityQueue<>(
                Comparator.<double[]>comparingDouble(send -> send[0]).thenComparingDouble(send -> send[1]));
        for (int user = 0; user < users; user++) {
            sends.add(new double[] {0, user, 0});
        }
        long accepted = 0;
        double end = 0;
        while (!sends.isEmpty()) {
            double[] send = sends.poll();
            int loop = (int) (accepted++ % loops);
            double done = Math.max(send[0], loopFreeAt[loop]) + 1;
            loopFreeAt[loop] = done;
            end = Math.max(end, done);
            if (send[2] + 1 < repetitions) {
                sends.add(new double[] {done, send[1], send[2] + 1});
            }
        }
        return end;
    }

    /**
     * Event loops that each own the connections assigned to them, round robin, at accept; a loop
     * blocked for D serves its own connections one after another. Kept-alive users stay on the loop
     * they were accepted on, so the loop with the most users, ceil(C / n) of them, sets the length of
     * the run: ceil(C / n) x R x D. A new connection per request goes to the next loop in turn, so
     * every loop keeps a queue while C > n and the loops serve n per D: ceil(C x R / n) x D.
     */
    record EventLoops(String sizingKey, IntUnaryOperator sizeForCpus) implements CapacityModel {
        @Override
        public Bound bound(LoadStep step, Connections connections, Duration d, Sizing sizing, int cpus) {
            int loops = size(sizing, sizingKey, sizeForCpus, cpus);
            return switch (step) {
                case LoadStep.Closed closed
                when connections == Connections.KEEP_ALIVE -> {
                    int busiest = (closed.users() + loops - 1) / loops;
                    double elapsed = (double) busiest * closed.repetitions() * seconds(d);
                    yield new Bound(
                            closed.totalRequests() / elapsed,
                            loops + " event loops, " + busiest + " kept-alive users on the busiest: C x R / (" + busiest
                                    + " x R x D)");
                }
                case LoadStep.Closed closed -> {
                    int atOnce = Math.min(loops, closed.users());
                    double rounds = Math.ceil((double) closed.totalRequests() / atOnce);
                    double playedOut = roundRobinElapsedInD(closed.users(), closed.repetitions(), loops);
                    yield new Bound(
                            closed.totalRequests() / (rounds * seconds(d)),
                            loops
                                    + " event loops, each new connection given to the next loop in turn: at best "
                                    + number(rounds)
                                    + " D for C x R"
                                    + (playedOut > rounds
                                            ? ", up to " + number(playedOut) + " D when turns land on busy loops"
                                            : ""));
                }
                case LoadStep.Held held ->
                    poolOrUsers(
                            held,
                            Math.min(loops, held.users()) / seconds(d),
                            seconds(d),
                            new Bound(
                                    Math.min(loops, held.users()) / seconds(d),
                                    loops + " event loops, " + LoadStep.users(held.users()) + ": n/D"),
                            loops + " event loops, but " + LoadStep.users(held.users()) + thinking(held)
                                    + " ask for at most C/(D + Z)");
                case LoadStep.Open open -> {
                    double capacity = loops / seconds(d);
                    yield new Bound(
                            Math.min(open.ratePerSecond(), capacity),
                            loops + " event loops / D = " + number(capacity) + "/s");
                }
            };
        }
    }

    /**
     * A chain whose last service holds a pooled database connection for D per request, and, while the
     * legacy save is in, one shared row's lock for that D as well: one transaction at a time gets past
     * the row, 1 / D; without the save, the pool's n at once, n / D. The sizes are the chained
     * service's, reported under its name ({@code orders.hikariMaximumPoolSize}). While a request holds
     * the row or the connection, only the chained service and the database work for it: the entry
     * service's CPU (and the client's) comes before and after, outside the hold.
     */
    record HotRowOrPool(String service) implements CapacityModel {

        /** What the chained service times its holds of the row's lock as. */
        public static final String HOT_ROW = "hot-row";

        @Override
        public Bound bound(LoadStep step, Connections connections, Duration d, Sizing sizing, int cpus) {
            boolean save = sizing.flag(service + ".saveUnchangedSettings").orElse(true);
            int pool = size(sizing, service + ".hikariMaximumPoolSize", any -> 10, cpus);
            // the calling client's connections to the service cap it too where it has a pool (an unbounded client has
            // none)
            int client = size(sizing, "httpClientMaxPerRoute", any -> Integer.MAX_VALUE, cpus);
            int atOnce = save ? 1 : Math.min(pool, client);
            String explanation = save
                    ? "one transaction at a time holds the hot row's lock for D: 1/D"
                    : client < pool
                            ? client + " client connections to the orders service, each held D: n/D"
                            : pool + " pooled connections, each held D: n/D";
            double perSecond = atOnce / seconds(d);
            Set<String> onHold = Set.of("chain", "database");
            String timedAs = save ? HOT_ROW : "";
            return switch (step) {
                case LoadStep.Open open ->
                    new Bound(Math.min(open.ratePerSecond(), perSecond), explanation, 1, onHold, timedAs);
                case LoadStep.Held held ->
                    poolOrUsers(
                            held,
                            perSecond,
                            seconds(d),
                            new Bound(perSecond, explanation, 1, onHold, timedAs),
                            explanation + ", but " + LoadStep.users(held.users()) + thinking(held)
                                    + " ask for at most C/(D + Z)");
                default -> new Bound(perSecond, explanation, 1, onHold, timedAs);
            };
        }
    }
}
