package org.concurrencylab.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ForkJoinPool;
import org.concurrencylab.probe.core.CpuProfiler;
import org.concurrencylab.probe.core.ProbeHttpServer;
import org.concurrencylab.probe.core.ProbeSampler;
import org.concurrencylab.probe.core.ThreadPools;
import org.concurrencylab.probe.model.CpuProfile;
import org.concurrencylab.probe.model.PoolGauge;
import org.concurrencylab.probe.model.ProbeReport;
import org.concurrencylab.probe.model.ProbeSample;

/**
 * The probe of an application the lab did not build: the same sampler, the same CPU profiler where asked
 * ({@code profile=on}) and the same door on 127.0.0.1 as inside the lab's own services, and the same report,
 * less what only a Spring bean could tell (the server's request timers, Micrometer's windows).
 */
final class AgentProbe {

    private final ProbeSampler sampler;
    private final ProbeHttpServer server;
    private final VirtualThreadPins pins;
    /** Empty where not asked for, or where async-profiler does not run on this platform. */
    private final Optional<CpuProfiler> profiler;

    private final Instrumentation instrumentation;
    private volatile String springBoot;

    private AgentProbe(AgentOptions options, Instrumentation instrumentation) throws IOException {
        this.instrumentation = instrumentation;
        this.sampler = new ProbeSampler(options.interval(), options.capacity());
        this.pins = VirtualThreadPins.start();
        this.profiler = options.profile() ? CpuProfiler.start() : Optional.empty();
        this.server = new ProbeHttpServer(this::report);
    }

    static AgentProbe start(AgentOptions options, Instrumentation instrumentation) throws IOException {
        AgentProbe probe = new AgentProbe(options, instrumentation);
        int port = probe.server.port();
        if (options.portFile().isPresent()) {
            writeAtomically(options.portFile().get(), Integer.toString(port));
        } else {
            System.err.println("lab-agent: probe on http://127.0.0.1:" + port + "/labprobe");
        }
        Runtime.getRuntime()
                .addShutdownHook(Thread.ofPlatform().name("lab-agent-stop").unstarted(probe::close));
        options.parentPid().ifPresent(AgentProbe::endWith);
        return probe;
    }

    private ProbeReport report(Long since) {
        List<ProbeSample> samples = since == null ? List.of() : sampler.samplesSince(since);
        return new ProbeReport(
                sizing(),
                sampler.counters().withAgentCounts(pins.count(), ownCpuNanos()),
                samples,
                since == null
                        ? CpuProfile.EMPTY
                        : profiler.map(running -> running.since(since)).orElse(CpuProfile.EMPTY),
                List.of(),
                since == null ? null : pins.since(since));
    }

    /**
     * Threads that run only because the agent is there: its sampler and server (the JDK's HTTP server names
     * its dispatcher so) and JFR's, which its stream of pinned virtual threads starts.
     */
    private static boolean ours(String threadName) {
        return threadName.startsWith("lab-probe")
                || threadName.startsWith("lab-agent")
                || threadName.equals("HTTP-Dispatcher")
                || threadName.startsWith("JFR ");
    }

    /** CPU the agent's own threads have used so far; threads of it that ended are not counted. */
    private long ownCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long total = 0;
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && ours(info.getThreadName())) {
                total += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return total;
    }

    /** What the JVM and its pools are, as the in-service probe names it, so that the lab's reports read either. */
    private Map<String, Object> sizing() {
        Map<String, Object> sizing = new TreeMap<>();
        sizing.put("probe", "agent");
        sizing.put("probePort", server.port());
        sizing.put("jdk", Runtime.version().toString());
        sizing.put("jvm", System.getProperty("java.vm.name"));
        springBoot().ifPresent(version -> sizing.put("springBoot", version));
        sizing.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        sizing.put("commonPoolParallelism", ForkJoinPool.getCommonPoolParallelism());
        sizing.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        sizing.put("pid", ProcessHandle.current().pid());
        sizing.put("inputArguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
        sampler.latest().map(ProbeSample::gauges).orElse(Map.of()).forEach((pool, gauge) -> {
            sizing.put("max." + pool, gauge.max());
            if (PoolGauge.THREADS.equals(gauge.kind()) && pool.equals(ThreadPools.TOMCAT_WORKERS)) {
                sizing.put("tomcatMaxThreads", gauge.max());
            }
        });
        return sizing;
    }

    /**
     * The application's Spring Boot, read from its own {@code SpringBootVersion} wherever its class loader
     * put it (a fat jar's loader is not the agent's); none before Spring has started or in an application
     * without it.
     */
    private Optional<String> springBoot() {
        if (springBoot == null) {
            for (Class<?> loaded : instrumentation.getAllLoadedClasses()) {
                if (loaded.getName().equals("org.springframework.boot.SpringBootVersion")) {
                    try {
                        Object version = loaded.getMethod("getVersion").invoke(null);
                        springBoot = version == null ? null : version.toString();
                    } catch (ReflectiveOperationException | RuntimeException unreadable) {
                        return Optional.empty();
                    }
                    break;
                }
            }
        }
        return Optional.ofNullable(springBoot);
    }

    /**
     * Ends the application when the process that started it ends: a lab killed with SIGKILL cannot stop
     * what it started, and an application it left behind would hold its port and a core. The shutdown
     * hooks still run, the application's own included.
     */
    static void endWith(long parentPid) {
        ProcessHandle.of(parentPid)
                .ifPresentOrElse(parent -> parent.onExit().thenRun(() -> System.exit(143)), () -> System.exit(143));
    }

    private static void writeAtomically(Path file, String text) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.writeString(partial, text);
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private void close() {
        server.close();
        profiler.ifPresent(CpuProfiler::close);
        pins.close();
        sampler.close();
    }
}
