package org.concurrencylab.probe.core;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import one.profiler.AsyncProfiler;
import org.concurrencylab.probe.model.CpuProfile;

/**
 * Where the service's CPU goes, from async-profiler: it samples the threads that are on a CPU from
 * the operating system's own CPU timer, 100 times per second of CPU, so a thread in a socket read or a
 * park is never counted, and it sees every frame, inlined ones too, without the
 * safepoint bias of the JVM's own stack sampling (which charged a method that never reaches a safepoint
 * to its caller, and stopped every thread of the service at each of its 20 reads a second).
 * <p>
 * The profile is cut into windows of {@link #WINDOW_MILLIS}: at the end of each the profiler is
 * stopped, its collapsed stacks are read and folded into per-method counts, and it starts again, which
 * takes about a millisecond. Only the service's own work is kept: stacks with a Java frame outside the
 * JDK (the JVM's compiler and collector threads have none), on a thread that is not the probe's.
 */
public final class CpuProfiler implements AutoCloseable {

    private static final System.Logger log = System.getLogger(CpuProfiler.class.getName());

    /** The property that switches the profiler on in a service. */
    public static final String PROPERTY = "lab.probe.profiler";

    static final long WINDOW_MILLIS = 1000;
    /**
     * A sample every 10 ms of the process's CPU time, from the process-wide CPU timer (setitimer's
     * ITIMER_PROF): measured here, 93-99 % of the CPU a test load used was sampled this way, against
     * 72-83 % with per-thread perf_events counters, which drop much of what threads do in bursts shorter
     * than their interval, as a request's thread does.
     */
    private static final String START = "start,event=itimer,interval=10ms,threads";

    private static final List<String> JDK_PACKAGES = List.of("java.", "jdk.", "sun.", "com.sun.");
    /** Each stack starts with its thread, {@code [name tid=n]}: the probe's own threads are not the service's work. */
    private static final String PROBE_THREAD = "[lab-probe";
    /** An hour of windows. */
    private static final int CAPACITY = 7_200;

    /** The stacks sampled between two dumps, folded. */
    record Window(
            long endEpochMillis, int stacks, int jvmStacks, Map<String, Integer> frames, Map<String, Integer> leaves) {

        CpuProfile profile() {
            return new CpuProfile(stacks, jvmStacks, frames, leaves);
        }
    }

    private final AsyncProfiler profiler;
    private final Deque<Window> windows = new ArrayDeque<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "lab-probe-profiler");
        thread.setDaemon(true);
        return thread;
    });

    private CpuProfiler(AsyncProfiler profiler) throws Exception {
        this.profiler = profiler;
        profiler.execute(START);
        timer.scheduleAtFixedRate(this::cut, WINDOW_MILLIS, WINDOW_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * A running profiler, or none where async-profiler has no library for this platform (it ships
     * Linux x64 and arm64 and macOS) or the operating system refuses it; the service runs on without.
     */
    public static Optional<CpuProfiler> start() {
        try {
            return Optional.of(new CpuProfiler(AsyncProfiler.getInstance()));
        } catch (Throwable unavailable) {
            log.log(
                    System.Logger.Level.WARNING,
                    "no CPU profile: async-profiler does not run here ({0})",
                    unavailable.toString());
            return Optional.empty();
        }
    }

    private void cut() {
        try {
            String collapsed;
            synchronized (profiler) {
                profiler.execute("stop");
                collapsed = profiler.execute("collapsed,ann");
                profiler.execute(START);
            }
            Window window = fold(System.currentTimeMillis(), collapsed);
            synchronized (windows) {
                if (windows.size() == CAPACITY) {
                    windows.removeFirst();
                }
                windows.addLast(window);
            }
        } catch (Exception | Error e) {
            log.log(System.Logger.Level.WARNING, "CPU profile window lost: {0}", e.toString());
        }
    }

    /**
     * Collapsed stacks ({@code [thread tid=n];root;…;leaf count}, Java frames annotated {@code _[j]} and
     * alike) folded into counts.
     */
    static Window fold(long endEpochMillis, String collapsed) {
        Map<String, Integer> frames = new HashMap<>();
        Map<String, Integer> leaves = new HashMap<>();
        int stacks = 0;
        int jvmStacks = 0;
        for (String line : collapsed.split("\n")) {
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            int count = Integer.parseInt(line.substring(space + 1).trim());
            if (line.startsWith(PROBE_THREAD)) {
                jvmStacks += count;
                continue;
            }
            Set<String> methods = new HashSet<>();
            String leaf = null;
            boolean services = false;
            for (String frame : line.substring(0, space).split(";")) {
                String method = javaMethod(frame);
                if (method == null) {
                    continue; // native, kernel or the JVM's own C++ frame
                }
                methods.add(method);
                if (JDK_PACKAGES.stream().noneMatch(method::startsWith)) {
                    services = true;
                    leaf = method; // the innermost so far, as frames run from the root to the leaf
                }
            }
            if (!services) {
                jvmStacks += count;
                continue;
            }
            stacks += count;
            for (String method : methods) {
                frames.merge(method, count, Integer::sum);
            }
            leaves.merge(leaf, count, Integer::sum);
        }
        return new Window(endEpochMillis, stacks, jvmStacks, frames, leaves);
    }

    /** {@code org/springframework/util/DigestUtils.digest_[j]} gives {@code DigestUtils.digest}. */
    private static String javaMethod(String frame) {
        int annotation = frame.lastIndexOf("_[");
        if (annotation < 0 || !frame.endsWith("]")) {
            return null;
        }
        String kind = frame.substring(annotation + 2, frame.length() - 1);
        if (!(kind.equals("j") || kind.equals("i") || kind.equals("0") || kind.equals("1"))) {
            return null;
        }
        return frame.substring(0, annotation).replace('/', '.');
    }

    /** Where the CPU went in the windows that ended after a time. */
    public CpuProfile since(long epochMillis) {
        Map<String, Integer> frames = new HashMap<>();
        Map<String, Integer> leaves = new HashMap<>();
        int stacks = 0;
        int jvmStacks = 0;
        synchronized (windows) {
            for (Window window : windows) {
                // a window is kept when most of it lies after the time
                if (window.endEpochMillis() - WINDOW_MILLIS / 2 >= epochMillis) {
                    stacks += window.stacks();
                    jvmStacks += window.jvmStacks();
                    window.frames().forEach((method, count) -> frames.merge(method, count, Integer::sum));
                    window.leaves().forEach((method, count) -> leaves.merge(method, count, Integer::sum));
                }
            }
        }
        return new CpuProfile(stacks, jvmStacks, frames, leaves);
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            synchronized (profiler) {
                profiler.execute("stop");
            }
        } catch (Exception | Error alreadyStopped) {
            // nothing to keep
        }
    }
}
