package org.concurrencylab.runner.warmup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.LongAdder;
import org.concurrencylab.driver.ClosedLoopDriver;
import org.concurrencylab.driver.ClosedModel;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.Outcome;
import org.concurrencylab.driver.Progress;
import org.concurrencylab.driver.SendingCheck;
import org.concurrencylab.driver.Targets;
import org.concurrencylab.probe.model.ProcessCounters;
import org.concurrencylab.runner.process.ProbeClient;

/**
 * A warm-up that is one closed load, judged window by window while it runs and ended after the first window in which
 * the services are steady ({@link SteadyWarmUp}), else at the load's own sending window, its cap. One load rather
 * than a load a window: a load that ends awaits its requests in flight, and where the service queues them (100 users
 * on 20 threads) every window would end in a drain. A window's JIT share is the largest of the services' (each its
 * own JVM, each judged against a core, as a step's is).
 */
public final class ClosedWarmUp implements SendingCheck, Progress {

    private final SteadyWarmUp rule;
    private final Duration window;
    private final int users;
    private final List<ProbeClient> services;

    private final LongAdder answered = new LongAdder();
    private final LongAdder answeredLatencyNanos = new LongAdder();

    private long windowStartNanos;
    private long answeredBefore;
    private long latencyBefore;
    private List<OptionalLong> jitBefore;
    /** The window before the last one judged, and the last one. */
    private SteadyWarmUp.Window previous;

    private SteadyWarmUp.Window last;
    private boolean steady;

    private ClosedWarmUp(SteadyWarmUp rule, Duration window, int users, List<ProbeClient> services) {
        this.rule = rule;
        this.window = window;
        this.users = users;
        this.services = List.copyOf(services);
    }

    /**
     * Runs {@code load} (its sending window the cap, no think time) against {@code targets} until the services that
     * {@code services} read are steady by {@code rule}, judged every {@code window}.
     */
    public static SteadyWarmUp.Outcome run(
            ClosedLoopDriver driver,
            Targets targets,
            ClosedModel load,
            List<ProbeClient> services,
            SteadyWarmUp rule,
            Duration window)
            throws IOException, InterruptedException {
        if (!load.thinkTime().isZero()) {
            throw new IllegalArgumentException("a warm-up's users do not think: Little's law gives its throughput");
        }
        ClosedWarmUp warmUp = new ClosedWarmUp(rule, window, load.users(), services);
        warmUp.jitBefore = warmUp.readJit();
        warmUp.windowStartNanos = System.nanoTime();
        LoadResult result;
        try {
            result = driver.run(targets, load, warmUp, warmUp);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        if (!warmUp.steady && warmUp.answered.sum() > warmUp.answeredBefore) {
            // the cap closed the load within a window: what the services did since the last check is judged too
            warmUp.judgeWindow();
        }
        SteadyWarmUp.Window last = warmUp.last == null
                ? SteadyWarmUp.Window.counted(result.elapsedSeconds(), result.ok(), OptionalLong.empty())
                : warmUp.last;
        return new SteadyWarmUp.Outcome(
                Duration.ofNanos(Math.round(result.elapsedSeconds() * 1e9)),
                warmUp.answered.sum(),
                warmUp.steady,
                last,
                warmUp.previous == null || warmUp.last == null
                        ? Double.NaN
                        : SteadyWarmUp.change(warmUp.previous, warmUp.last));
    }

    /** An answer without its latency would move the window's mean latency: the driver tells both. */
    @Override
    public void completed(Outcome outcome) {
        throw new UnsupportedOperationException("a warm-up's windows need each request's latency");
    }

    @Override
    public void completed(Outcome outcome, long latencyNanos) {
        if (outcome == Outcome.OK) {
            answeredLatencyNanos.add(latencyNanos);
            answered.increment();
        }
    }

    @Override
    public Duration period() {
        return window;
    }

    @Override
    public boolean stopSending() {
        return judgeWindow();
    }

    /** Judges the window since the last one by the rule, and starts the next: whether the services are steady. */
    private boolean judgeWindow() {
        long now = System.nanoTime();
        // the latencies first: an answer counted between the two reads then lowers a window's mean, never raises it
        long latency = answeredLatencyNanos.sum();
        long count = answered.sum();
        List<OptionalLong> jit = readJit();
        long inWindow = count - answeredBefore;
        SteadyWarmUp.Window current = SteadyWarmUp.Window.ofClosedLoad(
                (now - windowStartNanos) / 1e9,
                inWindow,
                users,
                inWindow > 0 ? (latency - latencyBefore) / 1e9 / inWindow : 0,
                mostOf(jitBefore, jit));
        steady = last != null && rule.steady(last, current, count);
        previous = last;
        last = current;
        windowStartNanos = now;
        answeredBefore = count;
        latencyBefore = latency;
        jitBefore = jit;
        return steady;
    }

    private List<OptionalLong> readJit() {
        List<OptionalLong> jit = new ArrayList<>();
        for (ProbeClient service : services) {
            try {
                jit.add(service.readNow().counters().jitCpuNanos());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return jit;
    }

    /** The most CPU any one service's compilers took between the two readings; empty where one is not measured. */
    private static OptionalLong mostOf(List<OptionalLong> before, List<OptionalLong> after) {
        Optional<Long> most = Optional.empty();
        for (int i = 0; i < before.size(); i++) {
            OptionalLong took = ProcessCounters.since(before.get(i), after.get(i));
            if (took.isEmpty()) {
                return OptionalLong.empty();
            }
            most = Optional.of(Math.max(most.orElse(0L), took.getAsLong()));
        }
        return most.map(OptionalLong::of).orElseGet(OptionalLong::empty);
    }
}
