package org.concurrencylab.probe.core;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.concurrencylab.probe.model.PoolSnapshot;
import org.concurrencylab.probe.model.ProbeSample;
import org.concurrencylab.probe.model.ProcessCounters;
import org.concurrencylab.probe.model.ThreadActivity;

/**
 * Samples the service's threads and resources on its own thread into a bounded buffer. Sampling
 * in-process matters: a poll over HTTP would queue behind the very bottleneck being measured
 * (a blocked event loop, a saturated worker pool) and arrive too late to see it.
 */
public final class ProbeSampler implements AutoCloseable {

    private static final ObjectName VIRTUAL_THREAD_SCHEDULER = objectName("jdk.management:type=VirtualThreadScheduler");

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
    private final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final Deque<ProbeSample> buffer = new ArrayDeque<>();
    /** Thread names repeat sample after sample; matching them against the rules once is enough. */
    private final Map<String, String> poolByThreadName = new HashMap<>();

    private final int capacity;
    private final ScheduledExecutorService scheduler;
    private final TaskCounters taskCounters = new TaskCounters();
    private final PoolGauges gauges = new PoolGauges();

    /**
     * Reading every thread's stack stops the JVM at a safepoint for as long as it takes: measured here,
     * 0.1-0.3 ms for 220 threads' states against 9-11 ms with their stacks. Under a saturated pool that
     * pause lands inside the very hold the lab measures (a transaction holding a row's lock), so stacks
     * are read at most four times a second and for at most {@link #STACK_BUDGET} of the time over
     * {@link #STACK_BUDGET_WINDOW_NANOS}.
     */
    static final double STACK_BUDGET = 0.01;

    private static final long STACK_BUDGET_WINDOW_NANOS = 5_000_000_000L;
    private static final long STACK_PERIOD_NANOS = 250_000_000L;
    private final StackReadBudget stackBudget =
            new StackReadBudget(STACK_PERIOD_NANOS, STACK_BUDGET, STACK_BUDGET_WINDOW_NANOS, System.nanoTime());
    private final long periodNanos;
    /** Read and written on the sampler's own thread only. */
    private long nextDueNanos;

    private final SplittableRandom jitter = new SplittableRandom();

    public ProbeSampler(Duration interval, int capacity) {
        this.capacity = capacity;
        this.scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "lab-probe");
            thread.setDaemon(true);
            return thread;
        });
        this.periodNanos = Math.max(1_000_000, interval.toNanos());
        this.nextDueNanos = System.nanoTime();
        scheduler.execute(this::sampleAndReschedule);
    }

    /**
     * Samples at random moments, one period apart on average: each gap is drawn uniformly from half a period to one
     * and a half. A fixed period aliases with a load on a fixed schedule: arrivals every 25 ms, each holding a
     * connection 40 ms, keep 1.6 connections busy on average (1 or 2 by the phase), but a sample every 100 ms
     * always lands at the same phase; measured on the fixture at 40/s, the pool's mean read 1.10, a hold of 27.6 ms
     * for the 40 ms it sleeps. Samples at random moments see the time average whatever the load's rhythm.
     */
    private void sampleAndReschedule() {
        try {
            sampleIntoBuffer();
        } finally {
            // from the last due time, not from now, so that a slow sample does not thin the samples out
            nextDueNanos += (long) (periodNanos * (0.5 + jitter.nextDouble()));
            long delay = Math.max(0, nextDueNanos - System.nanoTime());
            try {
                scheduler.schedule(this::sampleAndReschedule, delay, TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException closed) {
                // the probe was closed: no more samples
            }
        }
    }

    /** Takes one sample now, without storing it. */
    public synchronized ProbeSample sample() {
        long now = System.currentTimeMillis();
        if (poolByThreadName.size() > 10_000) {
            poolByThreadName.clear(); // a pool that keeps creating threads with new numbers
        }
        Map<String, PoolSnapshot> pools = new TreeMap<>();
        Map<String, Map<String, Integer>> activities = new TreeMap<>();
        long startNanos = System.nanoTime();
        boolean withStacks = stackBudget.allows(startNanos);
        int live = 0;
        for (ThreadInfo info :
                threads.getThreadInfo(threads.getAllThreadIds(), withStacks ? ThreadActivity.STACK_DEPTH : 0)) {
            if (info == null) {
                continue; // ended since the ids were listed
            }
            live++;
            String pool = poolByThreadName.computeIfAbsent(info.getThreadName(), ThreadPools::poolOf);
            pools.merge(
                    pool,
                    PoolSnapshot.EMPTY.plus(info.getThreadState()),
                    (sum, one) -> sum.plus(info.getThreadState()));
            if (withStacks) {
                activities
                        .computeIfAbsent(pool, any -> new TreeMap<>())
                        .merge(
                                ThreadActivity.of(info.getThreadState(), info.getStackTrace())
                                        .name(),
                                1,
                                Integer::sum);
            }
        }
        if (withStacks) {
            stackBudget.spent(startNanos, System.nanoTime() - startNanos);
        }
        return ProbeSample.custom(now)
                .threads(live, pools)
                .virtual(
                        virtualThreadCount("MountedVirtualThreadCount"), virtualThreadCount("QueuedVirtualThreadCount"))
                .heapUsedBytes(memory.getHeapMemoryUsage().getUsed())
                .processCpuNanos(os.getProcessCpuTime())
                .activities(activities)
                .gauges(gauges.read())
                .build();
    }

    public ProcessCounters counters() {
        ProcessCounters.Builder counters = ProcessCounters.custom()
                .epochMillis(System.currentTimeMillis())
                .processCpuNanos(os.getProcessCpuTime())
                .heapUsedBytes(memory.getHeapMemoryUsage().getUsed());
        taskCounters
                .read()
                .ifPresent(tasks -> counters.contextSwitches(tasks.voluntary(), tasks.involuntary())
                        .jitCpuNanos(tasks.compilerCpuNanos()));
        return counters.build();
    }

    /** The newest buffered sample, or none before the first. */
    public synchronized Optional<ProbeSample> latest() {
        return Optional.ofNullable(buffer.peekLast());
    }

    /** The buffered samples taken at or after {@code sinceEpochMillis}, oldest first. */
    public synchronized List<ProbeSample> samplesSince(long sinceEpochMillis) {
        List<ProbeSample> result = new ArrayList<>();
        for (ProbeSample sample : buffer) {
            if (sample.epochMillis() >= sinceEpochMillis) {
                result.add(sample);
            }
        }
        return result;
    }

    private void sampleIntoBuffer() {
        ProbeSample sample = sample();
        synchronized (this) {
            if (buffer.size() == capacity) {
                buffer.removeFirst();
            }
            buffer.addLast(sample);
        }
    }

    /** The JDK tells these through an MBean from JDK 24 on; on older JDKs, empty. */
    private OptionalLong virtualThreadCount(String attribute) {
        try {
            return OptionalLong.of(((Number) mbeans.getAttribute(VIRTUAL_THREAD_SCHEDULER, attribute)).longValue());
        } catch (Exception notOnThisJdk) {
            return OptionalLong.empty();
        }
    }

    private static ObjectName objectName(String name) {
        try {
            return new ObjectName(name);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
