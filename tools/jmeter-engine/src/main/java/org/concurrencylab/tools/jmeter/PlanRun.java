package org.concurrencylab.tools.jmeter;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.engine.ClientJMeterEngine;
import org.apache.jmeter.engine.JMeterEngine;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.reporters.Summariser;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.RemoteThreadsListenerTestElement;
import org.apache.jorphan.collections.HashTree;
import org.slf4j.LoggerFactory;

/**
 * Runs test plans and writes every sample to one CSV sample log (.jtl): here, in this JVM, as
 * {@code jmeter -n -t PLAN -l LOG} does; or on remote engines, one plan per engine, as
 * {@code jmeter -n -t PLAN -R HOSTS -l LOG} does except that each engine may get a plan of its own (a
 * load split unevenly over the agents needs that, and JMeter's own client sends one plan to all).
 * <p>
 * An engine that does not report its end by the deadline is named on standard error, the others are
 * stopped, what arrived stays in the log, and the exit code is {@link #INCOMPLETE}.
 */
final class PlanRun {

    static final int INCOMPLETE = 3;

    private final List<File> plans;
    private final List<String> hosts;
    private final File log;
    private final Duration deadline;

    PlanRun(List<File> plans, List<String> hosts, File log, Duration deadline) {
        if (!hosts.isEmpty() && hosts.size() != plans.size()) {
            throw new IllegalArgumentException(
                    plans.size() + " plans for " + hosts.size() + " hosts: give one plan per host");
        }
        if (hosts.isEmpty() && plans.size() != 1) {
            throw new IllegalArgumentException("one plan runs here; several need --remote, one host each");
        }
        this.plans = plans;
        this.hosts = hosts;
        this.log = log;
        this.deadline = deadline;
    }

    int run() throws Exception {
        Summariser summariser = new Summariser("summary");
        ResultCollector collector = new ResultCollector(summariser);
        collector.setFilename(log.getAbsolutePath());
        Ends ends = new Ends(hosts.isEmpty() ? List.of("local") : hosts);
        List<JMeterEngine> engines = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            HashTree tree = load(plans.get(i));
            Object root = tree.getArray()[0];
            tree.add(root, collector);
            tree.add(root, new RemoteThreadsListenerTestElement());
            tree.add(root, ends);
            JMeterEngine engine;
            try {
                engine = hosts.isEmpty() ? new StandardJMeterEngine() : new ClientJMeterEngine(hosts.get(i));
            } catch (RemoteException | NotBoundException e) {
                System.out.println(
                        "failed to start on " + hosts.get(i) + ": its agent could not be reached: " + rootCause(e));
                return INCOMPLETE;
            }
            engine.configure(tree);
            engines.add(engine);
        }
        // all engines at once: one after another, each would start a plan's transfer later than the one before
        List<Thread> starting = new ArrayList<>();
        List<String> failed = Collections.synchronizedList(new ArrayList<>());
        for (JMeterEngine engine : engines) {
            starting.add(Thread.ofPlatform().name("start " + name(engine)).start(() -> {
                try {
                    engine.runTest();
                } catch (JMeterEngineException | RuntimeException e) {
                    String cause = rootCause(e);
                    // the agent's deserialization filter answers with the JDK's words only; its own output names the
                    // class
                    failed.add(name(engine) + ": "
                            + (cause != null && cause.contains("filter status: REJECTED")
                                    ? "the agent refused a class no plan of the lab's holds (its output names it)"
                                    : cause));
                }
            }));
        }
        for (Thread thread : starting) {
            thread.join();
        }
        if (!failed.isEmpty()) {
            System.out.println("failed to start on " + String.join("; ", failed));
            engines.forEach(started -> started.stopTest(true));
            return INCOMPLETE;
        }
        System.out.println("started: " + String.join(", ", ends.names()));
        List<String> stopped = List.of();
        if (hosts.isEmpty()) {
            ends.await(deadline);
        } else {
            stopped = watch(ends);
        }
        boolean complete = stopped.isEmpty() && ends.pending().isEmpty();
        if (!complete) {
            System.out.println((stopped.isEmpty()
                            ? "not finished by the deadline (" + deadline.toSeconds() + " s): "
                                    + String.join(", ", ends.pending())
                            : "stopped: " + String.join(", ", stopped) + " (its port refuses connections)")
                    + "; stopping the others and keeping what arrived");
            for (JMeterEngine engine : engines) {
                if (ends.pending().contains(name(engine))) {
                    continue;
                }
                engine.stopTest(true);
            }
        }
        // the listeners on remote engines flush their last batch just before they report the end
        ClientJMeterEngine.tidyRMI(LoggerFactory.getLogger(PlanRun.class));
        System.out.println("ended: " + ends.ended());
        return complete ? 0 : INCOMPLETE;
    }

    /**
     * Waits for every engine's end, the deadline at most, and returns the hosts whose registry refused
     * connections twice in a row meanwhile: an agent that died sends no end, and waiting for the deadline
     * would keep the others loading a system short of its share.
     */
    private List<String> watch(Ends ends) throws InterruptedException {
        long due = System.nanoTime() + deadline.toNanos();
        Map<String, Integer> refusals = new LinkedHashMap<>();
        while (!ends.await(Duration.ofSeconds(1)) && System.nanoTime() < due) {
            for (String host : ends.pending()) {
                int refused = reachable(host) ? 0 : refusals.getOrDefault(host, 0) + 1;
                refusals.put(host, refused);
            }
            List<String> stopped = refusals.entrySet().stream()
                    .filter(entry -> entry.getValue() >= 2)
                    .map(Map.Entry::getKey)
                    .toList();
            if (!stopped.isEmpty()) {
                return stopped;
            }
        }
        return List.of();
    }

    private static boolean reachable(String host) {
        int colon = host.lastIndexOf(':');
        String address = colon < 0 ? host : host.substring(0, colon);
        int port = colon < 0 ? 1099 : Integer.parseInt(host.substring(colon + 1));
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address.replaceAll("^\\[|\\]$", ""), port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The innermost message: RMI wraps a refused handshake, a taken port or a refused connection several times. */
    static String rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause().getMessage() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }

    private String name(JMeterEngine engine) {
        return engine instanceof ClientJMeterEngine client ? client.getHost() : "local";
    }

    private static HashTree load(File plan) throws IOException {
        FileServer.getFileServer().setBaseForScript(plan);
        HashTree tree = SaveService.loadTree(plan);
        return JMeter.convertSubTree(tree, true);
    }

    /** Which engines reported the end of their test; remote ones report it over RMI, with their host. */
    static final class Ends implements TestStateListener, Remoteable {

        private final Map<String, Boolean> ended = new ConcurrentHashMap<>();
        private final List<String> names;
        private final transient CountDownLatch pending;

        Ends(List<String> names) {
            this.names = List.copyOf(names);
            this.pending = new CountDownLatch(names.size());
        }

        List<String> names() {
            return names;
        }

        @Override
        public void testStarted() {}

        @Override
        public void testStarted(String host) {}

        @Override
        public void testEnded() {
            end("local");
        }

        @Override
        public void testEnded(String host) {
            // a remote engine reports the host as it was asked for, host[:port]
            String name = names.stream()
                    .filter(candidate ->
                            candidate.equals(host) || candidate.startsWith(host + ":") || host.startsWith(candidate))
                    .findFirst()
                    .orElse(host);
            end(name);
        }

        private void end(String name) {
            if (ended.putIfAbsent(name, true) == null) {
                System.out.println("finished: " + name);
                pending.countDown();
            }
        }

        boolean await(Duration deadline) throws InterruptedException {
            return pending.await(deadline.toMillis(), TimeUnit.MILLISECONDS);
        }

        List<String> pending() {
            return names.stream().filter(name -> !ended.containsKey(name)).toList();
        }

        Map<String, Boolean> ended() {
            Map<String, Boolean> all = new LinkedHashMap<>();
            names.forEach(name -> all.put(name, ended.containsKey(name)));
            return all;
        }
    }
}
