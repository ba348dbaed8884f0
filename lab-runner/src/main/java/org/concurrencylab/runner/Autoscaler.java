package org.concurrencylab.runner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.concurrencylab.catalog.load.Autoscaling;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.driver.Targets;
import org.concurrencylab.results.usage.Autoscaled;
import org.concurrencylab.runner.machine.MachineCpu;

/**
 * Runs an {@link Autoscaling} rule beside a step's load, on a thread of its own: reads the answering
 * instances' CPU every period, and where their mean utilization stayed above the target for the window,
 * takes the instances the rule asks for from those standing by (real JVMs, cold, started with the
 * variant) and hands each to the load's {@link Targets} after its own start-up time, in the experiment's
 * time. Instances still joining count toward the rule's count but not its mean, as a
 * HorizontalPodAutoscaler counts a scale's replicas and averages only the ready pods.
 */
final class Autoscaler {

    private final Autoscaling rule;
    private final Scaled scaled;
    private final RunningVariant running;
    private final Targets targets;
    private final String path;
    private final MachineCpu machineCpu = new MachineCpu();
    private final List<Autoscaled.Reading> readings = new ArrayList<>();
    private final List<Autoscaled.Decision> decisions = new ArrayList<>();
    private final long startNanos = System.nanoTime();
    /** When each instance the rule added joined, by its role: its first requests are left out of the mean. */
    private final Map<String, Long> joinedAt = new ConcurrentHashMap<>();
    /** Instances the rule asked for that have not joined yet: they count as instances, not in the mean. */
    private final Set<RunningVariant.Standby> joining = ConcurrentHashMap.newKeySet();

    private final ScheduledExecutorService joins = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("lab-autoscaler-join").daemon(true).factory());
    /** How many of each decision's instances have joined, by the decision's index. */
    private final Map<Integer, Integer> joinedOf = new HashMap<>();

    private final Thread thread;
    private volatile boolean stopping;
    private volatile String failure;

    private Autoscaler(Autoscaling rule, Scaled scaled, RunningVariant running, Targets targets, String path) {
        this.rule = rule;
        this.scaled = scaled;
        this.running = running;
        this.targets = targets;
        this.path = path;
        this.thread = Thread.ofPlatform().name("lab-autoscaler").daemon(true).unstarted(this::run);
    }

    /** Starts reading now, as the step's load starts. */
    static Autoscaler start(Autoscaling rule, Scaled scaled, RunningVariant running, Targets targets, String path) {
        Autoscaler autoscaler = new Autoscaler(rule, scaled, running, targets, path);
        autoscaler.thread.start();
        return autoscaler;
    }

    private void run() {
        long periodNanos = scaled.of(rule.period()).toNanos();
        long windowNanos = scaled.of(rule.window()).toNanos();
        Map<MachineCpu.Tracked, Long> last = cpuOfInstances();
        long lastNanos = System.nanoTime();
        long aboveSince = -1;
        try {
            while (!stopping) {
                TimeUnit.NANOSECONDS.sleep(periodNanos);
                Map<MachineCpu.Tracked, Long> now = cpuOfInstances();
                long nowNanos = System.nanoTime();
                double utilization = meanUtilization(last, now, nowNanos - lastNanos);
                last = now;
                lastNanos = nowNanos;
                int answering = now.size();
                synchronized (this) {
                    readings.add(new Autoscaled.Reading(articleSeconds(nowNanos), answering, utilization));
                }
                if (!(utilization > rule.targetUtilization())) {
                    aboveSince = -1;
                    continue;
                }
                aboveSince = aboveSince < 0 ? nowNanos : aboveSince;
                // those still joining count as instances already, as a scale's replicas do before their pods are ready
                int instances = answering + joining.size();
                int wanted = rule.desired(answering, utilization);
                // those a decision before this one already called are on their way
                List<RunningVariant.Standby> standing = running.standby().stream()
                        .filter(waiting -> !joining.contains(waiting))
                        .toList();
                if (nowNanos - aboveSince >= windowNanos && wanted > instances && !standing.isEmpty()) {
                    scaleOut(
                            nowNanos,
                            utilization,
                            instances,
                            standing.subList(0, Math.min(wanted - instances, standing.size())));
                    aboveSince = -1;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e.getMessage();
        }
    }

    /**
     * The instances the rule asks for, from those standing by, each joining the load after its own start-up
     * time in the experiment's time, as pods that start together answer each in its own time.
     */
    private void scaleOut(long atNanos, double utilization, int from, List<RunningVariant.Standby> called) {
        int index;
        synchronized (this) {
            index = decisions.size();
            decisions.add(
                    new Autoscaled.Decision(articleSeconds(atNanos), utilization, from, from + called.size(), null));
        }
        for (RunningVariant.Standby next : called) {
            joining.add(next);
            joins.schedule(
                    () -> {
                        if (running.admit(next)) {
                            joinedAt.put(next.instance().role(), System.nanoTime());
                            targets.add(next.instance().process().uri(path));
                            answered(index);
                        }
                        joining.remove(next);
                    },
                    rule.joiningAfter(next.startUp()).toNanos(),
                    TimeUnit.NANOSECONDS);
        }
    }

    /** One more of the decision's instances joined the load: when the last does, the decision says when. */
    private synchronized void answered(int index) {
        Autoscaled.Decision decision = decisions.get(index);
        int joined = joinedOf.merge(index, 1, Integer::sum);
        if (joined == decision.to() - decision.from()) {
            decisions.set(
                    index,
                    new Autoscaled.Decision(
                            decision.atSeconds(),
                            decision.utilization(),
                            decision.from(),
                            decision.to(),
                            articleSeconds(System.nanoTime())));
        }
    }

    /** Each instance's CPU so far, in milliseconds, by OSHI's process counters. */
    private Map<MachineCpu.Tracked, Long> cpuOfInstances() {
        List<MachineCpu.Tracked> instances = running.entryProcesses();
        return new LinkedHashMap<>(machineCpu.cpuMillis(instances));
    }

    /**
     * The instances' mean CPU between two readings, as a share of what each requested, over every instance
     * answering: one that joined within the readiness delay counts as using none, as a HorizontalPodAutoscaler
     * counts a pod that is not ready when it scales out, so that a cold JVM compiling its code does not ask
     * for more of itself.
     */
    private double meanUtilization(
            Map<MachineCpu.Tracked, Long> before, Map<MachineCpu.Tracked, Long> after, long elapsedNanos) {
        double sum = 0;
        int counted = 0;
        long ready = System.nanoTime() - scaled.of(rule.readinessDelay()).toNanos();
        for (Map.Entry<MachineCpu.Tracked, Long> instance : after.entrySet()) {
            Long start = before.get(instance.getKey());
            Long joined = joinedAt.get(instance.getKey().role());
            if (start != null && start >= 0 && instance.getValue() >= 0) {
                if (joined == null || joined - ready < 0) {
                    sum += (instance.getValue() - start) / 1e3 / (elapsedNanos / 1e9) / rule.requestCores();
                }
                counted++;
            }
        }
        return counted == 0 ? 0 : sum / counted;
    }

    private double articleSeconds(long nanos) {
        return (nanos - startNanos) / (double) scaled.articleSecond().toNanos();
    }

    /**
     * Stops reading and deciding; an instance that has not joined by then stays out, standing by, and is
     * stopped with the variant.
     */
    Autoscaled stop() throws InterruptedException {
        stopping = true;
        thread.interrupt();
        thread.join(TimeUnit.SECONDS.toMillis(30));
        joins.shutdownNow();
        joins.awaitTermination(30, TimeUnit.SECONDS);
        synchronized (this) {
            return new Autoscaled(
                    rule.describe() + (failure == null ? "" : "; " + failure),
                    rule.targetUtilization(),
                    readings,
                    decisions);
        }
    }
}
