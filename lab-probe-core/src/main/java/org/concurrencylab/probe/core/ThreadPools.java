package org.concurrencylab.probe.core;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names the pool a thread belongs to, from the thread's name: the JDK, Tomcat, Reactor and Spring
 * name their threads by pool, and the lab's own services follow the {@code pool-name-N} convention.
 */
public final class ThreadPools {

    public static final String TOMCAT_WORKERS = "tomcat-workers";
    public static final String TOMCAT_IO = "tomcat-io";
    public static final String NETTY_EVENT_LOOPS = "netty-event-loops";
    public static final String BOUNDED_ELASTIC = "bounded-elastic";
    public static final String REACTOR_PARALLEL = "reactor-parallel";
    public static final String COMMON_POOL = "common-pool";
    public static final String FORK_JOIN = "fork-join-workers";
    public static final String MVC_ASYNC = "mvc-async";
    public static final String PROBE = "lab-probe";
    public static final String JVM = "jvm";
    public static final String OTHER = "other";

    private record Rule(Pattern pattern, String pool) {}

    private static final List<Rule> RULES = List.of(
            new Rule(Pattern.compile("^https?-nio-.*-exec-\\d+$"), TOMCAT_WORKERS),
            new Rule(Pattern.compile("^https?-nio-.*"), TOMCAT_IO),
            new Rule(Pattern.compile("^(Catalina|container)-.*"), TOMCAT_IO),
            new Rule(Pattern.compile("^reactor-http-(nio|epoll|kqueue|io_uring)-\\d+$"), NETTY_EVENT_LOOPS),
            new Rule(Pattern.compile("^boundedElastic-\\d+$"), BOUNDED_ELASTIC),
            new Rule(Pattern.compile("^boundedElastic-evictor-\\d+$"), BOUNDED_ELASTIC),
            new Rule(Pattern.compile("^parallel-\\d+$"), REACTOR_PARALLEL),
            new Rule(Pattern.compile("^ForkJoinPool\\.commonPool-worker-\\d+$"), COMMON_POOL),
            new Rule(Pattern.compile("^ForkJoinPool-\\d+-worker-\\d+$"), FORK_JOIN),
            new Rule(Pattern.compile("^(task|MvcAsync)-?\\d+$"), MVC_ASYNC),
            // the probe's own HTTP server (the JDK's) names its dispatcher and timer threads so
            new Rule(Pattern.compile("^(lab-probe.*|HTTP-Dispatcher|idle-timeout-task)$"), PROBE),
            new Rule(
                    Pattern.compile("^(Reference Handler|Finalizer|Signal Dispatcher|Common-Cleaner|"
                            + "Notification Thread|Attach Listener|DestroyJavaVM|main|process reaper|"
                            + "RMI .*|JMX .*|Monitor Ctrl-Break)$"),
                    JVM));

    /** The lab's own pools are named {@code <pool>-<n>}: the pool is the name without its number. */
    private static final Pattern NUMBERED = Pattern.compile("^(.+?)-\\d+$");

    private ThreadPools() {}

    public static String poolOf(String threadName) {
        for (Rule rule : RULES) {
            if (rule.pattern().matcher(threadName).matches()) {
                return rule.pool();
            }
        }
        Matcher numbered = NUMBERED.matcher(threadName);
        return numbered.matches() ? numbered.group(1) : OTHER;
    }
}
