package org.concurrencylab.runner;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Every JVM the lab started and has not stopped yet. A shutdown hook stops them when the lab exits
 * for any reason the JVM can see (Ctrl-C, an error, a normal end); the services also watch the lab's
 * pid themselves for the reasons it cannot (kill -9).
 */
final class ServiceProcesses {

    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();
    private static volatile boolean labStopping;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ServiceProcesses::stopAll, "lab-stop-services"));
    }

    private ServiceProcesses() {
    }

    static void register(Process process) {
        RUNNING.add(process);
    }

    static void stop(Process process) {
        try {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            RUNNING.remove(process);
        }
    }

    /** Whether the lab itself is exiting, so that a service ending now was stopped rather than failed. */
    static boolean labStopping() {
        return labStopping;
    }

    private static void stopAll() {
        labStopping = true;
        RUNNING.forEach(Process::destroy);
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
