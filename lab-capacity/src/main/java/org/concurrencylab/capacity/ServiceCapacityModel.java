package org.concurrencylab.capacity;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.concurrencylab.results.capacity.DownstreamDemand;
import org.concurrencylab.results.capacity.PoolLimits;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.capacity.ServiceCapacity;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.PoolOccupancy;

/**
 * Builds a variant's {@link ServiceCapacity} from its steps, lightest first. Each pool's hold, and the service's
 * own CPU per request, are read at the heaviest step where nothing queued, for a pool or for a core
 * ({@link #holdsFrom}); this machine's cores are read at the heaviest step, and the limit is decided there,
 * over every resource at once: the least {@code size / hold}, where a pool with a member for every
 * user of a closed step cannot be waited for and so cannot be the limit, however full it reads.
 */
public final class ServiceCapacityModel {

    /** The machine's cores this busy or more: a request waits for one, so holds read there include that wait. */
    public static final double BUSY_CORES = 0.9;
    /** Threads of a pool blocked on a lock, on average, from which the lock is a resource the model cannot size. */
    static final double LOCK_WAITERS = 0.5;
    /**
     * Below this share of what the users (or arrivals) ask, with nothing of the service's allowing less, the heaviest
     * step was held back by something the model lacks.
     */
    public static final double EXPLAINED = 0.85;
    /**
     * The same where a resource of the service's is the limit: a closed loop of few users more than the resource's
     * servers keeps it busy only part of the time (each user's own round trip leaves it idle), so its bound, an upper
     * bound, is reached only with many users; below this share the resource is not what held the step back.
     */
    static final double EXPLAINED_BY_A_RESOURCE = 0.7;

    static final String LOCK_WAIT = "LOCK_WAIT";

    private ServiceCapacityModel() {}

    /** The model of one variant's steps, its application free to run on every core; none where no step served. */
    public static Optional<ServiceCapacity> of(String variant, List<StepResult> steps) {
        return of(variant, steps, 0);
    }

    /** The names of the two shares of this machine's cores when the application was held to some of them. */
    public static final String APPLICATION_CORES = "application cores";

    public static final String LAB_CORES = "lab cores";

    /**
     * The model of one variant's steps; none where no step served anything.
     *
     * @param applicationCores the cores an affinity mask held the application to, the lab's processes on the others;
     *                         0 where it ran on every core
     */
    public static Optional<ServiceCapacity> of(String variant, List<StepResult> steps, int applicationCores) {
        if (steps.isEmpty() || steps.getLast().client().throughputPerSecond() <= 0) {
            return Optional.empty();
        }
        StepResult holds = holdsFrom(steps);
        StepResult heaviest = steps.getLast();
        if (holds.client().throughputPerSecond() <= 0) {
            return Optional.empty();
        }
        List<ResourceDemand> resources = new ArrayList<>();
        resources.addAll(cores(heaviest, applicationCores));
        resources.addAll(pools(holds, heaviest));
        load(steps, heaviest).ifPresent(resources::add);
        ResourceDemand limit = Saturation.of(resources, heaviest.usersAtOnce()).limit();
        double explained = heaviest.client().throughputPerSecond() / limit.allowsPerSecond();
        return Optional.of(ServiceCapacity.custom(variant)
                .holdsFrom(holds.load())
                .decidedAt(heaviest.load(), heaviest.client().throughputPerSecond())
                .serviceCpuMillis(serviceCpuMillis(cpuFrom(steps)))
                .resources(resources)
                .limit(limit.name(), explained)
                .notModelled(notModelled(heaviest, shortfall(heaviest, explained, limit)))
                .downstreams(downstreams(holds))
                .build());
    }

    /**
     * The heaviest step where nothing failed, no pool held the load back and the cores were less than
     * {@link #BUSY_CORES} busy: there a hold is the hold itself, not the hold and a wait. The lightest step where
     * there is none.
     */
    public static StepResult holdsFrom(List<StepResult> steps) {
        for (int i = steps.size() - 1; i >= 0; i--) {
            StepResult step = steps.get(i);
            boolean coresFree = step.machine() == null
                    || step.machine().idleShare().isEmpty()
                    || step.machine().idleShare().getAsDouble() > 1 - BUSY_CORES;
            if (step.client().requests().failed() == 0
                    && step.client().throughputPerSecond() > 0
                    && PoolLimits.holdingBack(step).isEmpty()
                    && coresFree) {
                return step;
            }
        }
        return steps.getFirst();
    }

    /**
     * Where the service's own CPU per request is read: the heaviest step where nothing failed and the cores were
     * less than {@link #BUSY_CORES} busy. A queue for a pool costs no CPU, so a step a pool held back still reads
     * c, and a heavier step shares out the fixed costs a light one charges to its few requests (threads woken for
     * each, timers).
     */
    static StepResult cpuFrom(List<StepResult> steps) {
        for (int i = steps.size() - 1; i >= 0; i--) {
            StepResult step = steps.get(i);
            boolean coresFree = step.machine() != null
                    && step.machine().idleShare().isPresent()
                    && step.machine().idleShare().getAsDouble() > 1 - BUSY_CORES;
            if (step.client().requests().failed() == 0 && step.client().throughputPerSecond() > 0 && coresFree) {
                return step;
            }
        }
        return holdsFrom(steps);
    }

    /**
     * This machine's cores at the heaviest step: every process of the request path shares them here, the load
     * driver too, and the CPU each request costs is read where the limit is decided, contention and all.
     */
    private static List<ResourceDemand> cores(StepResult step, int applicationCores) {
        if (step.machine() == null
                || step.machine().cpuMillisPerRequest() <= 0
                || step.machine().cores() < 1) {
            return List.of();
        }
        double hold = step.machine().cpuMillisPerRequest() - jitLeftIn(step);
        int cores = step.machine().cores();
        OptionalDouble measured = serviceCpuMillis(step);
        if (hold <= 0) {
            return List.of();
        }
        OptionalDouble busy = coresMillisPerRequest(step);
        if (applicationCores >= 1 && applicationCores < cores && busy.isPresent()) {
            // Held apart, the model is carried onto every core and checked there by the same measure: what the
            // machine's cores did per request, the kernel's part of each request's way through the network and
            // every other process included, not the two processes alone
            hold = busy.getAsDouble();
        }
        if (applicationCores < 1 || applicationCores >= cores || measured.isEmpty() || measured.getAsDouble() >= hold) {
            return List.of(new ResourceDemand(
                    ResourceDemand.CORES, ResourceDemand.CORES, cores, hold, cores * 1000 / hold, null));
        }
        int lab = cores - applicationCores;
        double service = measured.getAsDouble();
        return List.of(
                new ResourceDemand(
                        APPLICATION_CORES,
                        ResourceDemand.CORES,
                        applicationCores,
                        service,
                        applicationCores * 1000 / service,
                        null),
                new ResourceDemand(
                        LAB_CORES, ResourceDemand.CORES, lab, hold - service, lab * 1000 / (hold - service), null));
    }

    /**
     * The busy time of all of this machine's cores per request answered, in ms, without what the service's JIT
     * compilers took: the CPU an application held to some cores is modelled by, and what a projection of that model
     * onto every core is checked against. Empty where not read.
     */
    public static OptionalDouble coresMillisPerRequest(StepResult step) {
        double throughput = step.client().throughputPerSecond();
        if (step.machine() == null || step.machine().idleShare().isEmpty() || throughput <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(
                (1 - step.machine().idleShare().getAsDouble()) * step.machine().cores() * 1000 / throughput
                        - jitMillisPerRequest(step));
    }

    /**
     * c of the service alone, beyond its background and its JIT compilers' CPU ({@link #jitMillisPerRequest}); empty
     * where not read.
     */
    public static OptionalDouble serviceCpuMillis(StepResult step) {
        if (step.machine() == null) {
            return OptionalDouble.empty();
        }
        double jit = jitLeftIn(step);
        return step.machine().processes().stream()
                .filter(process -> process.role().equals("service"))
                .filter(process -> process.cpuMillisPerRequest().isPresent())
                .mapToDouble(process -> process.cpuMillisPerRequest().getAsDouble())
                .filter(cpu -> cpu > jit)
                .map(cpu -> cpu - jit)
                .findFirst();
    }

    /**
     * The service's JIT CPU a request that the step's machine account still holds: none where the account read each
     * process's compiler threads and left them out of its c, all of it in results written before it did.
     */
    static double jitLeftIn(StepResult step) {
        boolean leftOut = step.machine() != null
                && step.machine().processes().stream()
                        .anyMatch(process -> process.jitCpuSeconds().isPresent());
        return leftOut ? 0 : jitMillisPerRequest(step);
    }

    /**
     * The CPU the service's JIT compilers took in the step, per request answered; 0 where not measured. It is the
     * compiler's warm-up, not a cost of each request: a warm service spends none of it, so every c of the model is
     * read without it (a Spring Cloud Gateway's c at 92/s and at 368/s: 0.85 and 1.25 ms with it, 0.70 and 0.71 ms
     * without).
     */
    public static double jitMillisPerRequest(StepResult step) {
        if (step.service().process() == null || step.client().requests().ok() == 0) {
            return 0;
        }
        return 1000
                * Math.max(0, step.service().process().jitCpuSeconds().orElse(0))
                / step.client().requests().ok();
    }

    /**
     * Every pool that counts itself and that requests held at all, its size the heaviest step's. A pool callers queued
     * for at the heaviest step ({@link PoolLimits#holdingBack}) was saturated there, and what it let through is what it
     * allows (the utilization law): each request took {@code size / X} of its members' time, its hold there and the
     * hand-over of a member to the next caller, whose thread must wake and get a core. Where holds last a fraction of
     * a millisecond the hand-over is as long as the hold (a single HikariCP connection held 0.19 ms a query was handed
     * over in 0.12 ms more, on two busy cores).
     */
    private static List<ResourceDemand> pools(StepResult holds, StepResult heaviest) {
        List<ResourceDemand> pools = new ArrayList<>();
        Optional<String> queuedFor = PoolLimits.holdingBack(heaviest);
        for (Map.Entry<String, PoolOccupancy> pool : holds.service().pools().entrySet()) {
            double holdMillis =
                    1000 * pool.getValue().meanBusy() / holds.client().throughputPerSecond();
            PoolOccupancy now = heaviest.service().pools().getOrDefault(pool.getKey(), pool.getValue());
            if (holdMillis <= 0 || now.max() < 1) {
                continue;
            }
            String property = SpringPoolProperties.of(
                            pool.getKey(), heaviest.service().pools().keySet())
                    .orElse(null);
            double turnMillis = 1000 * now.max() / heaviest.client().throughputPerSecond();
            double heldThere = 1000 * now.meanBusy() / heaviest.client().throughputPerSecond();
            if (queuedFor.filter(pool.getKey()::equals).isPresent() && turnMillis > heldThere) {
                pools.add(new ResourceDemand(
                        pool.getKey(),
                        ResourceDemand.POOL,
                        now.max(),
                        turnMillis,
                        heaviest.client().throughputPerSecond(),
                        property,
                        turnMillis - heldThere));
                continue;
            }
            pools.add(new ResourceDemand(
                    pool.getKey(),
                    ResourceDemand.POOL,
                    now.max(),
                    holdMillis,
                    now.max() * 1000 / holdMillis,
                    property));
        }
        return pools;
    }

    /**
     * What the heaviest step's load asks for: an open step its rate; a closed one its users over their cycle, the
     * lightest step's time plus the think time ({@link #userCycleMillis}: U / (R0 + Z)).
     */
    private static Optional<ResourceDemand> load(List<StepResult> steps, StepResult heaviest) {
        if (heaviest.plan() == null) {
            return Optional.empty();
        }
        if (heaviest.plan().ratePerSecond() != null) {
            double rate = heaviest.plan().ratePerSecond();
            return Optional.of(
                    new ResourceDemand(ResourceDemand.ARRIVALS, ResourceDemand.ARRIVALS, rate, 0, rate, null));
        }
        if (heaviest.plan().users() == null) {
            return Optional.empty();
        }
        OptionalDouble cycle = userCycleMillis(steps);
        if (cycle.isEmpty()) {
            return Optional.empty();
        }
        int users = heaviest.plan().users();
        return Optional.of(new ResourceDemand(
                ResourceDemand.USERS,
                ResourceDemand.USERS,
                users,
                cycle.getAsDouble(),
                users * 1000 / cycle.getAsDouble(),
                null));
    }

    /**
     * A user's cycle, its request and its think time (R + Z), in milliseconds, as the lightest closed step shows it:
     * the mean of all its requests, the think time its users waited after each. Where that step leaves the cores and
     * the threads of each hand-over idle between one request and the next, each of its requests waits for them to
     * wake, and a heavier step's users may each be answered sooner ({@link BeatenBound} names where the forks tell
     * that apart). Empty for open steps, or where nothing was served.
     */
    public static OptionalDouble userCycleMillis(List<StepResult> steps) {
        StepResult lightest = steps.getFirst();
        if (lightest.plan() == null
                || lightest.plan().users() == null
                || lightest.plan().ratePerSecond() != null
                || lightest.client().requests().ok() == 0) {
            return OptionalDouble.empty();
        }
        Double think = lightest.plan().thinkSeconds();
        double cycle = lightest.client().latencyMillis().mean() + (think == null ? 0 : 1000 * think);
        return cycle > 0 ? OptionalDouble.of(cycle) : OptionalDouble.empty();
    }

    /** The calls of the step the holds come from, over its answered requests. */
    private static List<DownstreamDemand> downstreams(StepResult step) {
        if (step.service().downstream() == null
                || step.service().downstream().requests() == 0
                || step.client().requests().ok() == 0) {
            return List.of();
        }
        return List.of(new DownstreamDemand(
                STAND_INS,
                step.service().downstream().requests()
                        / (double) step.client().requests().ok(),
                step.service().downstream().meanMillis()));
    }

    /** How a study's stand-ins are named together: one server answers for all of them. */
    static final String STAND_INS = "stand-ins";

    /**
     * What the step showed that the model leaves out, in words: a lock threads waited on, and the shortfall the model
     * does not explain where there is one; null where nothing.
     */
    static String notModelled(StepResult step, Optional<String> shortfall) {
        List<String> parts = new ArrayList<>(lockWaits(step));
        shortfall.ifPresent(parts::add);
        return parts.isEmpty() ? null : String.join("; ", parts);
    }

    /** A lock threads of a pool waited on at the step, on average {@link #LOCK_WAITERS} or more of them. */
    static List<String> lockWaits(StepResult step) {
        List<String> parts = new ArrayList<>();
        if (step.service().threads() != null && step.service().threads().activityByPool() != null) {
            step.service().threads().activityByPool().forEach((pool, activities) -> {
                double blocked = activities.getOrDefault(LOCK_WAIT, 0.0);
                if (blocked >= LOCK_WAITERS) {
                    parts.add(format(
                            Locale.ROOT,
                            "%.1f threads of %s waited on a lock on average at %s: past it the lock's hold, not "
                                    + "the cores or a pool's size, sets the pace",
                            blocked,
                            pool,
                            step.load()));
                }
            });
        }
        return parts;
    }

    /** The share of its limit below which a step served less than the model explains. */
    static double explainedAtLeast(ResourceDemand limit) {
        return limit.isLoad() ? EXPLAINED : EXPLAINED_BY_A_RESOURCE;
    }

    /** The step served less of what its limit allows than the model explains, in words; empty where it did not. */
    static Optional<String> shortfall(StepResult step, double explained, ResourceDemand limit) {
        if (explained >= explainedAtLeast(limit)) {
            return Optional.empty();
        }
        return Optional.of(format(
                Locale.ROOT,
                "%s served %.0f %% of the %.1f/s its limit (%s) allows: something the model does not count (a pool "
                        + "that counts nothing over JMX, a lock, the network) held it back",
                step.load(),
                100 * explained,
                limit.allowsPerSecond(),
                limit.name()));
    }
}
