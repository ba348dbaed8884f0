package org.concurrencylab.probe;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.concurrencylab.probe.model.CpuProfile;
import org.concurrencylab.probe.model.ThreadActivity;

/**
 * A sampling profiler of the threads that run on a CPU: 20 times a second it reads the stacks of the
 * runnable threads and keeps those that are really computing for the service (a thread in a socket
 * read is runnable to the JVM too, and so are the JVM's own threads waiting in native code). It is the JVM's own stack sampling, with the safepoint bias that has: a method
 * that never reaches a safepoint is charged to its caller, which is enough to find a JSON mapper
 * built per request or a file hashed on every page, as the article's profiler did. async-profiler
 * would see past that bias, but needs a native agent per platform; this works wherever the JVM does.
 */
final class CpuProfiler implements AutoCloseable {

    /** The property that switches the profiler on in a service. */
    static final String PROPERTY = "lab.probe.profiler";
    static final long INTERVAL_MILLIS = 50;
    /** Enough of a stack's top to see a socket read, a park or a poll. */
    private static final int TOP = 8;
    private static final List<String> JDK_PACKAGES = List.of("java.", "jdk.", "sun.", "com.sun.");
    private static final int CAPACITY = 50_000;

    /** One on-CPU stack: when, the methods it was in (each once), and its innermost one outside the JDK. */
    private record Stack(long epochMillis, String[] frames, String leaf) {
    }

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Deque<Stack> stacks = new ArrayDeque<>();
    /** The same frames recur sample after sample: one string each. */
    private final Map<StackTraceElement, String> names = new HashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "lab-probe-profiler");
        thread.setDaemon(true);
        return thread;
    });

    CpuProfiler() {
        timer.scheduleAtFixedRate(this::sample, INTERVAL_MILLIS, INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void sample() {
        long now = System.currentTimeMillis();
        // the top of a stack tells a computing thread from one in a socket read, both RUNNABLE to the
        // JVM; only the computing ones are read whole, which is what a width needs and what costs
        long[] computing = java.util.Arrays.stream(threads.getThreadInfo(threads.getAllThreadIds(), TOP))
                .filter(info -> info != null && info.getThreadState() == Thread.State.RUNNABLE
                        && info.getStackTrace().length > 0 && !info.getThreadName().startsWith("lab-probe")
                        && ThreadActivity.of(info.getThreadState(), info.getStackTrace()) == ThreadActivity.RUNNING_ON_CPU)
                .mapToLong(ThreadInfo::getThreadId).toArray();
        if (computing.length == 0) {
            return;
        }
        for (ThreadInfo info : threads.getThreadInfo(computing, Integer.MAX_VALUE)) {
            if (info == null) {
                continue;
            }
            StackTraceElement[] trace = info.getStackTrace();
            // read a moment after the first look: the thread may have gone into a read or a park since
            boolean stillComputing = info.getThreadState() == Thread.State.RUNNABLE && ThreadActivity.of(info.getThreadState(),
                    java.util.Arrays.copyOf(trace, Math.min(TOP, trace.length))) == ThreadActivity.RUNNING_ON_CPU;
            if (!stillComputing || blockedInNativeRead(trace) || onlyTheJdks(trace)) {
                // the JVM's own threads (reference handling, virtual-thread unblocking) wait RUNNABLE in
                // native code; a stack with no frame of the service or its libraries is none of its work
                continue;
            }
            Set<String> frames = new HashSet<>();
            String leaf = null;
            for (StackTraceElement frame : trace) {
                String name = names.computeIfAbsent(frame, any -> frame.getClassName() + "." + frame.getMethodName());
                frames.add(name);
                if (leaf == null && JDK_PACKAGES.stream().noneMatch(frame.getClassName()::startsWith)) {
                    leaf = name;
                }
            }
            synchronized (stacks) {
                if (stacks.size() == CAPACITY) {
                    stacks.removeFirst();
                }
                stacks.addLast(new Stack(now, frames.toArray(String[]::new), leaf));
            }
        }
        if (names.size() > 100_000) {
            names.clear();
        }
    }

    /**
     * Native methods a RUNNABLE thread blocks in without computing, beyond the socket reads that
     * {@link ThreadActivity} knows: a read of a pipe or a terminal.
     */
    private static final java.util.Set<String> BLOCKING_NATIVES = java.util.Set.of("java.io.FileInputStream.readBytes");

    private static boolean blockedInNativeRead(StackTraceElement[] trace) {
        return trace.length > 0 && trace[0].isNativeMethod()
                && BLOCKING_NATIVES.contains(trace[0].getClassName() + "." + trace[0].getMethodName());
    }

    private static boolean onlyTheJdks(StackTraceElement[] trace) {
        for (StackTraceElement frame : trace) {
            if (JDK_PACKAGES.stream().noneMatch(frame.getClassName()::startsWith)) {
                return false;
            }
        }
        return true;
    }

    /** Where the CPU went since a time. */
    CpuProfile since(long epochMillis) {
        Map<String, Integer> frames = new HashMap<>();
        Map<String, Integer> leaves = new HashMap<>();
        int count = 0;
        synchronized (stacks) {
            for (Stack stack : stacks) {
                if (stack.epochMillis() >= epochMillis) {
                    count++;
                    for (String frame : stack.frames()) {
                        frames.merge(frame, 1, Integer::sum);
                    }
                    leaves.merge(stack.leaf(), 1, Integer::sum);
                }
            }
        }
        return new CpuProfile(count, frames, leaves);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
