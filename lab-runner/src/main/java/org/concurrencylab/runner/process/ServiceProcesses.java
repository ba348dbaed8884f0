package org.concurrencylab.runner.process;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Every JVM the lab started and has not stopped yet. A shutdown hook stops them when the lab exits
 * for any reason the JVM can see (Ctrl-C, an error, a normal end); the services also watch the lab's
 * pid themselves for the reasons it cannot (kill -9).
 */
public final class ServiceProcesses {

    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();
    /** Processes whose children may start children of their own while they are being stopped. */
    private static final Set<Process> SPAWNING = ConcurrentHashMap.newKeySet();

    private static volatile boolean labStopping;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ServiceProcesses::stopAll, "lab-stop-services"));
    }

    private ServiceProcesses() {}

    public static void register(Process process) {
        RUNNING.add(process);
    }

    /**
     * A process whose tree the lab stops from the leaves up, again until none is left: a start-up cache's
     * training, whose JVM starts the JVM that writes the cache as it ends. A single look at its children
     * missed one started a moment later, which then wrote for about 5 s after the lab had gone.
     */
    static void registerSpawning(Process process) {
        SPAWNING.add(process);
        RUNNING.add(process);
    }

    /** Kills the descendants of a spawning process, looking again after each round, for a second at most. */
    private static void killDescendants(Process process) {
        long deadline = System.nanoTime() + 1_000_000_000L;
        for (List<ProcessHandle> left = process.descendants().toList();
                !left.isEmpty() && System.nanoTime() < deadline;
                left = process.descendants().toList()) {
            left.forEach(ProcessHandle::destroyForcibly);
            left.forEach(child -> child.onExit()
                    .completeOnTimeout(child, 50, TimeUnit.MILLISECONDS)
                    .join());
        }
    }

    /**
     * Stops a JVM and whatever it started: the JDK's AOT training, for one, writes its cache from a
     * child JVM of its own that would outlive its parent.
     */
    public static void stop(Process process) {
        if (SPAWNING.remove(process)) {
            killDescendants(process);
        }
        List<ProcessHandle> children = process.descendants().toList();
        try {
            process.destroy();
            children.forEach(ProcessHandle::destroy);
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
            children.forEach(child ->
                    child.onExit().completeOnTimeout(child, 5, TimeUnit.SECONDS).join());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
            RUNNING.remove(process);
        }
    }

    /** Whether the lab itself is exiting, so that a service ending now was stopped rather than failed. */
    static boolean labStopping() {
        return labStopping;
    }

    private static void stopAll() {
        labStopping = true;
        SPAWNING.forEach(ServiceProcesses::killDescendants);
        List<ProcessHandle> children =
                RUNNING.stream().flatMap(Process::descendants).toList();
        RUNNING.forEach(Process::destroy);
        children.forEach(ProcessHandle::destroyForcibly);
        for (Process process : RUNNING) {
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
            }
        }
    }
}
