package org.concurrencylab.runner.machine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.claim.MachineShape;
import org.concurrencylab.results.usage.CoreSpeed;
import org.concurrencylab.results.usage.ProcessCpu;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.software.os.OSProcess;
import oshi.software.os.OSThread;
import oshi.software.os.OperatingSystem;

/**
 * The CPU every process of a step used, and how idle the whole machine was, read before and after
 * the step through OSHI (Linux, macOS and Windows alike). On a small machine the load driver, the
 * services and their simulators share the cores with whatever else runs: the account shows who
 * took them.
 */
public final class MachineCpu {

    /**
     * A process the lab runs, under the role it plays in the step; with its descendants where the
     * work is spread over child processes (PostgreSQL's backends).
     */
    public record Tracked(String role, String name, long pid, boolean withDescendants) {

        public Tracked(String role, String name, long pid) {
            this(role, name, pid, false);
        }
    }

    /**
     * What the counters said at one moment.
     *
     * @param runQueueWaitNanos by process, how long its threads have waited for a core so far; -1 where unknown
     * @param coreSpeed         the core-speed meter's samples so far
     * @param compilerMillis    by process, each of its JIT compiler threads' CPU so far, by thread id; empty for a
     *                          process that runs none (not a JVM), and where they were not read
     */
    public record Reading(
            long nanoTime,
            long[] ticks,
            Map<Tracked, Long> cpuMillis,
            Map<Tracked, Long> runQueueWaitNanos,
            CoreSpeedMeter.Totals coreSpeed,
            Map<Tracked, Map<Integer, Long>> compilerMillis) {}

    /**
     * HotSpot's compiler threads, "C1 CompilerThread0", "C2 CompilerThread1", as the operating system names them
     * (Linux cuts a name to 15 characters).
     */
    private static final List<String> COMPILER_THREADS = List.of("C1 CompilerThre", "C2 CompilerThre");

    /**
     * What each process uses with no load at all (the probe's sampling, timers, the lab's progress
     * line), in cores: a step's CPU less this, over its requests, is what a request costs.
     */
    public record Background(Map<Tracked, Double> cores) {

        static final Background NONE = new Background(Map.of());

        public static Background between(Reading before, Reading after) {
            double seconds = (after.nanoTime() - before.nanoTime()) / 1e9;
            Map<Tracked, Double> cores = new LinkedHashMap<>();
            before.cpuMillis().forEach((tracked, start) -> {
                long end = after.cpuMillis().getOrDefault(tracked, -1L);
                if (start >= 0 && end >= 0 && seconds > 0) {
                    cores.put(tracked, (end - start) / 1e3 / seconds);
                }
            });
            return new Background(cores);
        }

        double of(Tracked tracked) {
            return cores.getOrDefault(tracked, 0.0);
        }
    }

    private static final SystemInfo SYSTEM = new SystemInfo();
    /** Started with the first account, so that it has samples by the first step. */
    private static final CoreSpeedMeter CORE_SPEED = CoreSpeedMeter.shared();

    private final CentralProcessor processor = SYSTEM.getHardware().getProcessor();
    private final OperatingSystem os = SYSTEM.getOperatingSystem();

    public int cores() {
        return processor.getLogicalProcessorCount();
    }

    /**
     * This machine as claims see it: the hardware threads the lab's JVM sees, on their physical cores
     * where those are known and fit them (a JVM held to fewer threads than the machine's cores sees fewer).
     */
    public static MachineShape shape() {
        return shape(physicalCores());
    }

    /** The same, with the physical cores already read ({@link #physicalCores()}). */
    public static MachineShape shape(OptionalInt physicalCores) {
        return MachineShape.fitting(Runtime.getRuntime().availableProcessors(), physicalCores);
    }

    /**
     * The machine's physical cores, by OSHI (Linux's topology, macOS's sysctl, Windows' processor
     * information); empty where it cannot tell.
     */
    public static OptionalInt physicalCores() {
        try {
            int cores = SYSTEM.getHardware().getProcessor().getPhysicalProcessorCount();
            return cores > 0 ? OptionalInt.of(cores) : OptionalInt.empty();
        } catch (RuntimeException | LinkageError unknown) {
            return OptionalInt.empty();
        }
    }

    /** Long enough for the 10 ms ticks of a process's CPU time to count a background of a few per cent. */
    public static final Duration QUIET = Duration.ofSeconds(1);

    /**
     * Every process's CPU with no load at all, over {@link #QUIET}: the probe samples threads and stacks whether
     * requests come or not, and that CPU belongs to no request.
     */
    public Background background(List<Tracked> processes) throws InterruptedException {
        Reading before = read(processes);
        Thread.sleep(QUIET.toMillis());
        return Background.between(before, read(processes));
    }

    /** Every counter of the processes and the machine, for a step's account. */
    public Reading read(List<Tracked> processes) {
        return read(processes, true);
    }

    /**
     * Each process's CPU so far, in milliseconds, by OSHI's process counters; -1 for one that is gone. Without
     * the run-queue wait, which reads every thread's schedstat: the autoscaler asks four times a second.
     */
    public Map<Tracked, Long> cpuMillis(List<Tracked> processes) {
        return read(processes, false).cpuMillis();
    }

    private Reading read(List<Tracked> processes, boolean withRunQueueWait) {
        Map<Tracked, Long> cpu = new LinkedHashMap<>();
        Map<Tracked, Long> waited = new LinkedHashMap<>();
        Map<Tracked, Map<Integer, Long>> compilers = new LinkedHashMap<>();
        for (Tracked tracked : processes) {
            OSProcess process = os.getProcess((int) tracked.pid());
            List<OSProcess> descendants = process != null && tracked.withDescendants()
                    ? os.getDescendantProcesses((int) tracked.pid(), null, null, 0)
                    : List.of();
            long millis = process == null ? -1L : process.getKernelTime() + process.getUserTime();
            // backends that ended during the step take their CPU with them: pooled ones do not end
            millis += descendants.stream()
                    .mapToLong(child -> child.getKernelTime() + child.getUserTime())
                    .sum();
            cpu.put(tracked, millis);
            waited.put(
                    tracked,
                    process == null || !withRunQueueWait
                            ? RunQueueWait.UNAVAILABLE
                            : runQueueWaitNanos(tracked.pid(), descendants));
            if (process != null && withRunQueueWait && !tracked.withDescendants()) {
                compilers.put(tracked, compilerMillis(process));
            }
        }
        return new Reading(
                System.nanoTime(), processor.getSystemCpuLoadTicks(), cpu, waited, CORE_SPEED.totals(), compilers);
    }

    /** Each JIT compiler thread's CPU so far, by its id, through OSHI's thread details; none for a process without. */
    private static Map<Integer, Long> compilerMillis(OSProcess process) {
        Map<Integer, Long> compilers = new LinkedHashMap<>();
        for (OSThread thread : process.getThreadDetails()) {
            String name = thread.getName();
            if (name != null && COMPILER_THREADS.stream().anyMatch(name::startsWith)) {
                compilers.put(thread.getThreadId(), thread.getKernelTime() + thread.getUserTime());
            }
        }
        return compilers;
    }

    /**
     * The CPU a process's JIT compilers took between two readings, in seconds: what each compiler thread read at the
     * second over what it read at the first (none for one that started between them); empty where not read.
     */
    static OptionalDouble compilerSeconds(Reading before, Reading after, Tracked tracked) {
        Map<Integer, Long> then = before.compilerMillis().get(tracked);
        Map<Integer, Long> now = after.compilerMillis().get(tracked);
        if (then == null || now == null) {
            return OptionalDouble.empty();
        }
        long millis = 0;
        for (Map.Entry<Integer, Long> thread : now.entrySet()) {
            millis += Math.max(0, thread.getValue() - then.getOrDefault(thread.getKey(), 0L));
        }
        return OptionalDouble.of(millis / 1e3);
    }

    /** The wait for a core of a process's threads and its descendants' together; unknown where any one's is. */
    private static long runQueueWaitNanos(long pid, List<OSProcess> descendants) {
        long total = RunQueueWait.nanos(pid);
        for (OSProcess child : descendants) {
            long waited = RunQueueWait.nanos(child.getProcessID());
            total = total < 0 || waited < 0 ? RunQueueWait.UNAVAILABLE : total + waited;
        }
        return total;
    }

    /**
     * Each process's CPU between two readings, and per request what it used beyond its background and its JIT
     * compilers (a JVM compiling code the step reached first works for its future requests, not this step's); a
     * process gone before the second reading has none to give.
     */
    public static List<ProcessCpu> used(Reading before, Reading after, long requests, Background background) {
        double elapsed = (after.nanoTime() - before.nanoTime()) / 1e9;
        List<ProcessCpu> used = new ArrayList<>();
        before.cpuMillis().forEach((tracked, start) -> {
            long end = after.cpuMillis().getOrDefault(tracked, -1L);
            OptionalDouble seconds =
                    start < 0 || end < 0 ? OptionalDouble.empty() : OptionalDouble.of((end - start) / 1e3);
            long waitedBefore = before.runQueueWaitNanos().getOrDefault(tracked, -1L);
            long waitedAfter = after.runQueueWaitNanos().getOrDefault(tracked, -1L);
            // a thread that ended between the readings takes its wait out of the total: never below none
            OptionalDouble waited = waitedBefore < 0 || waitedAfter < 0
                    ? OptionalDouble.empty()
                    : OptionalDouble.of(Math.max(0, waitedAfter - waitedBefore) / 1e9);
            OptionalDouble compiling = compilerSeconds(before, after, tracked);
            used.add(new ProcessCpu(
                    tracked.role(),
                    tracked.name(),
                    seconds,
                    background.of(tracked),
                    seconds.isEmpty() || requests == 0
                            ? OptionalDouble.empty()
                            : OptionalDouble.of(Math.max(
                                            0,
                                            seconds.getAsDouble()
                                                    - background.of(tracked) * elapsed
                                                    - compiling.orElse(0))
                                    * 1e3
                                    / requests),
                    waited,
                    compiling));
        });
        return used;
    }

    /**
     * The cores' speed between two readings, by the meter's mean unit against its median so far in the run;
     * null with no sample between them (a step shorter than the meter's period).
     */
    public static CoreSpeed coreSpeed(Reading before, Reading after) {
        double mean = after.coreSpeed().meanSince(before.coreSpeed());
        return Double.isNaN(mean)
                ? null
                : new CoreSpeed(
                        mean / CoreSpeedMeter.UNIT_TERMS,
                        mean / after.coreSpeed().medianNanos(),
                        after.coreSpeed().samplesSince(before.coreSpeed()));
    }

    /**
     * Waits until a {@link #QUIET} of the core-speed meter's samples runs at most {@link Defaults#CORES_SLOWED}
     * times the run's usual unit, or where the meter cannot tell (no thread CPU clock), for at most {@code within}
     * and at least one {@link #QUIET}.
     */
    public static void awaitUsualSpeed(Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        double mean;
        CoreSpeedMeter.Totals after;
        do {
            CoreSpeedMeter.Totals before = CORE_SPEED.totals();
            Thread.sleep(QUIET.toMillis());
            after = CORE_SPEED.totals();
            mean = after.meanSince(before);
        } while (mean > Defaults.CORES_SLOWED * after.medianNanos() && System.nanoTime() < deadline);
    }

    /** The share of the machine's CPU time that was idle between two readings (I/O wait counts as idle); empty with no tick between. */
    public static OptionalDouble idleShare(Reading before, Reading after) {
        long total = 0;
        for (int i = 0; i < after.ticks().length; i++) {
            total += after.ticks()[i] - before.ticks()[i];
        }
        int idle = CentralProcessor.TickType.IDLE.getIndex();
        int ioWait = CentralProcessor.TickType.IOWAIT.getIndex();
        long idleTicks = after.ticks()[idle] - before.ticks()[idle] + after.ticks()[ioWait] - before.ticks()[ioWait];
        return total <= 0 ? OptionalDouble.empty() : OptionalDouble.of((double) idleTicks / total);
    }
}
