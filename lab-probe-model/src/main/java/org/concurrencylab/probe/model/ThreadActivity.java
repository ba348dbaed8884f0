package org.concurrencylab.probe.model;

import java.util.Set;

/**
 * What a thread is doing, read from its state and the top of its stack: enough to tell a pool that
 * works (or waits on behalf of a request) from one that waits for work, which is what names a
 * bottleneck. Matching is by class and method names of the JDK, Tomcat, Netty and Reactor, so that
 * it holds for any service; what matches none is "other-wait". Shared by the probe, which classifies,
 * and the report, which names and counts.
 */
public enum ThreadActivity {
    RUNNING_ON_CPU("running on CPU", true),
    SOCKET_READ("blocked in a socket read", true),
    FUTURE_WAIT("parked on a future", true),
    SLEEPING("sleeping", true),
    LOCK_WAIT("blocked on a lock", true),
    CONNECTION_WAIT("waiting for a pooled connection", true),
    IO_EVENT_WAIT("waiting for I/O events", false),
    IDLE("idle", false),
    OTHER_WAIT("waiting otherwise", false);

    private final String description;
    private final boolean busy;

    ThreadActivity(String description, boolean busy) {
        this.description = description;
        this.busy = busy;
    }

    public String description() {
        return description;
    }

    /** Whether the thread is taken by a request (working or waiting for it), rather than free. */
    public boolean busy() {
        return busy;
    }

    /** Where HikariCP, Spring Boot's default pool, keeps a caller waiting for a connection. */
    private static final Set<String> CONNECTION_BORROW =
            Set.of("com.zaxxer.hikari.util.ConcurrentBag.borrow", "com.zaxxer.hikari.pool.HikariPool.getConnection");

    /** How deep into a stack to look: past the JDK's own frames of a wait, not much further. */
    public static final int STACK_DEPTH = 16;

    public static ThreadActivity of(Thread.State state, StackTraceElement[] stack) {
        // a connection pool parks its borrowers on the same queues an idle pool parks its workers on:
        // the pool's own frame below them tells the one from the other
        for (StackTraceElement frame : stack) {
            if (CONNECTION_BORROW.contains(frame.getClassName() + "." + frame.getMethodName())) {
                return CONNECTION_WAIT;
            }
        }
        for (StackTraceElement frame : stack) {
            String at = frame.getClassName() + "." + frame.getMethodName();
            if (at.contains("EPoll")
                    || at.contains("KQueue")
                    || at.contains("SelectorImpl.select")
                    || at.contains("Epoll")
                    || at.contains("WEPoll")
                    || at.contains("IoUring")
                    || at.startsWith("sun.nio.ch.Net.accept")
                    || at.startsWith("sun.nio.ch.ServerSocketChannelImpl.")) {
                return IO_EVENT_WAIT;
            }
            if (at.startsWith("sun.nio.ch.NioSocketImpl.")
                    || at.startsWith("java.net.SocketInputStream.")
                    || at.startsWith("sun.nio.ch.SocketDispatcher.read")
                    || at.startsWith("sun.nio.ch.Net.poll")) {
                return SOCKET_READ;
            }
            if (at.startsWith("java.util.concurrent.CompletableFuture.")
                            && (at.endsWith("get") || at.endsWith("Get") || at.endsWith(".join"))
                    || at.startsWith("java.util.concurrent.FutureTask.get")
                    || at.startsWith("java.util.concurrent.FutureTask.awaitDone")
                    || at.startsWith("reactor.core.publisher.BlockingSingleSubscriber.blockingGet")) {
                return FUTURE_WAIT;
            }
            if (at.equals("java.lang.Thread.sleep")
                    || at.equals("java.lang.Thread.sleep0")
                    || at.equals("java.lang.Thread.sleepNanos")) {
                return SLEEPING;
            }
            if (at.endsWith("ThreadPoolExecutor.getTask")
                    || at.contains("BlockingQueue.take")
                    || at.contains("BlockingQueue.poll")
                    || at.contains("TaskQueue.take")
                    || at.contains("TaskQueue.poll")
                    || at.endsWith("ForkJoinPool.awaitWork")
                    || at.contains("DelayedWorkQueue.take")
                    || at.contains("SynchronousQueue")) {
                return IDLE;
            }
        }
        return switch (state) {
            case RUNNABLE -> RUNNING_ON_CPU;
            case BLOCKED -> LOCK_WAIT;
            default -> OTHER_WAIT;
        };
    }
}
