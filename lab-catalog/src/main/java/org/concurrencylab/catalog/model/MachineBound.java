package org.concurrencylab.catalog.model;

import static java.lang.String.format;

import java.util.Locale;
import java.util.OptionalDouble;
import org.concurrencylab.catalog.load.LoadStep;

/**
 * The bound this machine's CPU allows for a step, beside the pool's Little's-law bound, so that a gap
 * between a measurement and its bound can be split into what the system caused and what the
 * machine did. c is the CPU one request costs, client and services together, as measured.
 * <ul>
 * <li>Closed load. Every request holds its slot for its hold time plus its own CPU, c, so the
 * rounds of the pool's bound each last hold + c; and with a constant D the users stay in step, so
 * the requests a pool releases together (n = X x hold of them) meet on the cores at once: the last
 * of them starts n x c / cores late, at least once per step. No load gets past cores / c either.
 * That is the least the machine takes, and the bound shown. Measured here, users also change places
 * within a burst from round to round, and then each waits for half its burst every round: the hold
 * stretches by 1 + c / hold + U / 2, with U = X x c / cores the utilization at the pool's bound. That
 * is the most the machine takes, and the share by which a step is judged.</li>
 * <li>Open load. Arrivals are spread, so the throughput is the pool's until U reaches 1; the CPU
 * adds its response time to every request: c plus the wait of an M/M/k queue with k = cores
 * (Erlang C), which is what the latency figures carry of the machine.</li>
 * </ul>
 */
public final class MachineBound {

    /**
     * @param perSecond   the bound with this machine's CPU
     * @param share       the most of the step's figure the machine may take: throughput for a closed
     *                    load, latency against the hold time for an open one
     * @param explanation the numbers that gave it
     * @param shareOf     what the share is a share of, which says how to put it in words
     */
    public record Estimate(double perSecond, double share, String explanation, ShareOf shareOf) {

        /** The share in words, after "this machine's CPU": {@code takes 12.0 % of the throughput ...}. */
        public String shareInWords() {
            return format(Locale.ROOT, shareOf.words, 100 * share);
        }
    }

    /** What a share of the machine is of: a share of a rate stays under 100 %, time added to a request need not. */
    public enum ShareOf {
        /** The throughput the step's pools and users allow, lost to the cores. */
        THROUGHPUT("takes %.1f %% of the throughput the step's bound allows"),
        /** A request's own time (its hold, or its time alone), to which the cores add their response time. */
        REQUEST_TIME("adds %.1f %% to a request's own time"),
        /** The hold the service timed, of which the cores' part is the excess over the hold alone. */
        TIMED_HOLD("takes %.1f %% of the hold the service timed"),
        /** The cores' own utilization, where they are saturated. */
        CORES_BUSY("keeps the cores %.1f %% busy");

        private final String words;

        ShareOf(String words) {
            this.words = words;
        }
    }

    private MachineBound() {}

    /**
     * @param poolPerSecond the pool's Little's-law bound for the step, as it ran (scaled)
     * @param requests      the step's requests, C x R
     * @param holdSeconds   how long a request holds its slot without any CPU cost (D, or 2 D for two calls in a row)
     * @param cpuSeconds    c, the CPU one request costs on this machine
     */
    public static Estimate closed(
            double poolPerSecond, int requests, double holdSeconds, double cpuSeconds, int cores) {
        check(poolPerSecond, holdSeconds, cpuSeconds, cores);
        double poolSeconds = requests / poolPerSecond;
        double rounds = poolSeconds / holdSeconds;
        double inFlight = requests / rounds;
        double burstSeconds = inFlight * cpuSeconds / cores;
        double saturated = cores / cpuSeconds;
        double perSecond = Math.min(requests / (rounds * (holdSeconds + cpuSeconds) + burstSeconds), saturated);
        double utilization = poolPerSecond * cpuSeconds / cores;
        double everyRound = 1 - 1 / (1 + cpuSeconds / holdSeconds + utilization / 2);
        double share = Math.max(1 - perSecond / poolPerSecond, everyRound);
        String explanation = format(
                Locale.ROOT,
                "c = %.2f ms on %d cores: %.0f rounds of %.0f ms + c, and the %.0f requests "
                        + "released together queue %.1f ms on the cores once (%.1f %%) or every round (%.1f %%)%s",
                cpuSeconds * 1e3,
                cores,
                rounds,
                holdSeconds * 1e3,
                inFlight,
                burstSeconds * 1e3,
                100 * (1 - perSecond / poolPerSecond),
                100 * everyRound,
                perSecond == saturated ? format(Locale.ROOT, "; the cores cap it at %.1f/s", saturated) : "");
        return new Estimate(perSecond, share, explanation, ShareOf.THROUGHPUT);
    }

    /**
     * @param poolPerSecond the pool's bound for the step: the arrival rate, or the smaller capacity
     * @param holdSeconds   the time a request takes without any CPU cost
     */
    public static Estimate open(double poolPerSecond, double holdSeconds, double cpuSeconds, int cores) {
        return open(poolPerSecond, holdSeconds, cpuSeconds, cpuSeconds, cores);
    }

    /**
     * As {@link #open(double, double, double, int)} where only part of a request's CPU is spent while
     * it holds what the pool counts (a chain: the entry service works before and after the call that
     * holds the downstream's connection): every process's CPU decides how busy the cores are, only
     * {@code cpuOnHoldSeconds} stretches the hold.
     */
    public static Estimate open(
            double poolPerSecond, double holdSeconds, double cpuOnHoldSeconds, double cpuSeconds, int cores) {
        check(poolPerSecond, holdSeconds, cpuSeconds, cores);
        if (!(cpuOnHoldSeconds > 0 && cpuOnHoldSeconds <= cpuSeconds * 1.000001)) {
            throw new IllegalArgumentException("the CPU on the hold is part of a request's CPU");
        }
        double saturated = cores / cpuSeconds;
        if (poolPerSecond >= saturated) {
            return new Estimate(
                    saturated,
                    1 - saturated / poolPerSecond,
                    format(
                            Locale.ROOT,
                            "c = %.2f ms on %d cores: they serve at most %.1f/s, below the %.1f/s the pool allows",
                            cpuSeconds * 1e3,
                            cores,
                            saturated,
                            poolPerSecond),
                    ShareOf.THROUGHPUT);
        }
        double offered = poolPerSecond * cpuSeconds;
        double utilization = offered / cores;
        double waitSeconds = erlangC(cores, offered) * cpuOnHoldSeconds / cores / (1 - utilization);
        double responseSeconds = cpuOnHoldSeconds + waitSeconds;
        String onHold = cpuOnHoldSeconds < cpuSeconds
                ? format(Locale.ROOT, ", %.2f ms of it while holding", cpuOnHoldSeconds * 1e3)
                : "";
        return new Estimate(
                poolPerSecond,
                responseSeconds / holdSeconds,
                format(
                        Locale.ROOT,
                        "c = %.2f ms%s on %d cores, %.0f %% busy: the CPU adds %.2f ms to a hold of %.0f ms",
                        cpuSeconds * 1e3,
                        onHold,
                        cores,
                        100 * utilization,
                        responseSeconds * 1e3,
                        holdSeconds * 1e3),
                ShareOf.REQUEST_TIME);
    }

    /**
     * An open load on a system whose hold was measured alone, its own CPU in it (a study's R0, where no
     * declared wait stands apart from the CPU): the request's CPU is the application's, not the
     * machine's, and what this machine adds is only the wait for a free core, Erlang C's as in
     * {@link #open(double, double, int)}, at the rate the step was served (a pool may have held it
     * below what its users asked for).
     *
     * @param boundPerSecond  what the step's users allow at the lone request's pace
     * @param servedPerSecond what the step was served at
     * @param aloneSeconds    the mean time of a request sent alone
     */
    public static Estimate openMeasured(
            double boundPerSecond, double servedPerSecond, double aloneSeconds, double cpuSeconds, int cores) {
        check(boundPerSecond, aloneSeconds, cpuSeconds, cores);
        double saturated = cores / cpuSeconds;
        double offered = Math.max(0, servedPerSecond) * cpuSeconds;
        double utilization = offered / cores;
        if (utilization >= SATURATED_UTILIZATION) {
            return new Estimate(
                    Math.min(boundPerSecond, saturated),
                    utilization,
                    format(
                            Locale.ROOT,
                            "c = %.2f ms on %d cores, %.0f %% busy: they serve at most %.1f/s",
                            cpuSeconds * 1e3,
                            cores,
                            100 * utilization,
                            saturated),
                    ShareOf.CORES_BUSY);
        }
        double waitSeconds = erlangC(cores, offered) * Math.min(cpuSeconds, aloneSeconds) / cores / (1 - utilization);
        return new Estimate(
                Math.min(boundPerSecond, saturated),
                waitSeconds / aloneSeconds,
                format(
                        Locale.ROOT,
                        "c = %.2f ms on %d cores, %.0f %% busy: waiting for a core adds %.2f ms to the %.1f ms a request took alone",
                        cpuSeconds * 1e3,
                        cores,
                        100 * utilization,
                        waitSeconds * 1e3,
                        aloneSeconds * 1e3),
                ShareOf.REQUEST_TIME);
    }

    /**
     * A closed load of users on a system whose request was timed alone (a study's R0, its CPU in it): each user
     * asks the cores for c of every cycle of R0 plus its think time, and spends the rest of the cycle off them.
     * With that population, not an open stream, the wait for a core is bounded: one user never waits, and no load
     * gets past cores / c. The throughput is the closed network's by exact mean-value analysis, the cores taken as
     * one server of their combined speed plus a delay for the rest of a request's CPU (Seidmann's approximation of a
     * multi-server station: exact for one user and in saturation, on the pessimistic side between them, so the share
     * stays the most the machine may take).
     *
     * @param boundPerSecond  what the step's pools and users allow at the lone request's pace
     * @param users           the step's users
     * @param aloneSeconds    the mean time of a request sent alone
     * @param thinkSeconds    each user's pause between an answer and its next request
     * @param cpuSeconds      c, every process's CPU per request during the step
     */
    public static Estimate closedMeasured(
            double boundPerSecond, int users, double aloneSeconds, double thinkSeconds, double cpuSeconds, int cores) {
        check(boundPerSecond, aloneSeconds, cpuSeconds, cores);
        if (users < 1 || thinkSeconds < 0) {
            throw new IllegalArgumentException("a closed load needs at least one user and no negative think time");
        }
        double cycle = aloneSeconds + thinkSeconds;
        double offCores = Math.max(0, cycle - cpuSeconds);
        double served = closedThroughput(users, cpuSeconds, offCores, cores);
        double asked = Math.min(boundPerSecond, users / cycle);
        double share = Math.max(0, 1 - served / asked);
        return new Estimate(
                Math.min(boundPerSecond, served),
                share,
                format(
                        Locale.ROOT,
                        "c = %.2f ms on %d cores: %s, each asking them for c in a cycle of %.2f ms, are served at most"
                                + " %.1f/s of the %.1f/s asked",
                        cpuSeconds * 1e3,
                        cores,
                        LoadStep.users(users),
                        cycle * 1e3,
                        served,
                        asked),
                ShareOf.THROUGHPUT);
    }

    /**
     * Mean-value analysis of {@code users} cycling between {@code cores} servers, each visit needing
     * {@code demandSeconds}, and a delay of {@code delaySeconds}; the servers as one of their combined speed plus
     * the rest of the demand as a delay (Seidmann).
     */
    static double closedThroughput(int users, double demandSeconds, double delaySeconds, int cores) {
        double queued = demandSeconds / cores;
        double fixed = demandSeconds - queued + delaySeconds;
        double inQueue = 0;
        double throughput = 0;
        for (int n = 1; n <= users; n++) {
            double residence = queued * (1 + inQueue);
            throughput = n / (residence + fixed);
            inQueue = throughput * residence;
        }
        return throughput;
    }

    /** Cores this busy serve no more: the wait for one grows without bound as the utilization nears 1. */
    static final double SATURATED_UTILIZATION = 0.95;

    /**
     * Where the system times the hold its bound counts (a row's lock, from the lock's grant to the
     * transaction's end), no model is needed. Held alone, with nothing else running, the hold is the
     * declared one plus what the system's own protocol adds (round trips, a timer's slack): that part
     * is the system's on any machine. What the step's hold has beyond it is what the load cost on
     * this machine's cores, and that is the machine's share.
     *
     * @param measuredHoldSeconds the mean hold the system timed during the step
     * @param aloneHoldSeconds    the mean hold of requests sent one at a time; where it was not measured,
     *                            the whole excess over the declared hold counts as the machine's
     * @param holds               how many holds the step's mean is of
     */
    public static Estimate measured(
            double poolPerSecond,
            double holdSeconds,
            double measuredHoldSeconds,
            OptionalDouble aloneHoldSeconds,
            long holds,
            String resource) {
        check(poolPerSecond, holdSeconds, measuredHoldSeconds, 1);
        double baseline = Math.max(holdSeconds, aloneHoldSeconds.orElse(holdSeconds));
        double share = Math.max(0, 1 - baseline / measuredHoldSeconds);
        String alone = aloneHoldSeconds.isEmpty()
                ? ""
                : format(
                        Locale.ROOT,
                        ", %.2f ms when requests came one at a time",
                        aloneHoldSeconds.getAsDouble() * 1e3);
        return new Estimate(
                poolPerSecond * Math.min(1, holdSeconds / measuredHoldSeconds),
                share,
                format(
                        Locale.ROOT,
                        "the %s was held %.2f ms on average over %d holds, timed by the service, for %.0f ms declared%s: "
                                + "this machine under the step's load added %.1f %%",
                        resource,
                        measuredHoldSeconds * 1e3,
                        holds,
                        holdSeconds * 1e3,
                        alone,
                        100 * share),
                ShareOf.TIMED_HOLD);
    }

    /** The probability that an arrival waits in an M/M/k queue offered {@code offered} Erlangs. */
    static double erlangC(int servers, double offered) {
        // Erlang B by its stable recurrence, then C from B
        double blocking = 1;
        for (int k = 1; k <= servers; k++) {
            blocking = offered * blocking / (k + offered * blocking);
        }
        double utilization = offered / servers;
        return blocking / (1 - utilization + utilization * blocking);
    }

    private static void check(double poolPerSecond, double holdSeconds, double cpuSeconds, int cores) {
        if (!(poolPerSecond > 0 && holdSeconds > 0 && cpuSeconds > 0 && cores > 0)) {
            throw new IllegalArgumentException(
                    "a bound needs a positive pool bound, hold time, CPU per request and core count");
        }
    }
}
