package org.concurrencylab.tools.hyperfoil;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.BenchmarkData;
import io.hyperfoil.api.config.Phase;
import io.hyperfoil.api.session.PhaseInstance;
import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.api.statistics.StatisticsSummary;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import io.hyperfoil.core.parser.BenchmarkParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs one Hyperfoil benchmark with Hyperfoil's own engine, in this JVM, as its local runner does, and
 * writes the run's statistics in the JSON of a Hyperfoil controller's {@code /run/{id}/stats/total}:
 * per phase and metric, the summary Hyperfoil computes (times in nanoseconds, start and end in epoch
 * milliseconds), warm-up phases left out. A summary's own start and end are the edges of Hyperfoil's
 * one-second statistics periods, too coarse to divide a few seconds' requests by; beside them each
 * entry has {@code phaseStart} and {@code phaseEnd}, when the phase started and when its last session
 * finished, as the runner saw them. {@code java -cp hyperfoil-runner.jar:lib/* LocalRun
 * benchmark.yaml stats.json}; with {@code --check benchmark.yaml...} it only parses them, as Hyperfoil
 * would before a run, and says what each holds.
 */
public final class LocalRun {

    /** The percentiles a Hyperfoil controller reports, as fractions. */
    private static final double[] PERCENTILES = {0.5, 0.9, 0.99, 0.999, 0.9999};

    private LocalRun() {}

    public static void main(String[] args) throws Exception {
        if (args.length >= 2 && args[0].equals("--check")) {
            for (int i = 1; i < args.length; i++) {
                Benchmark benchmark = parse(Path.of(args[i]));
                System.out.println(
                        "ok " + benchmark.name() + ": " + benchmark.phases().size() + " phases");
            }
            System.exit(0);
        }
        if (args.length != 2) {
            System.err.println("usage: LocalRun <benchmark.yaml> <stats.json> | LocalRun --check <benchmark.yaml>...");
            System.exit(2);
        }
        Benchmark benchmark = parse(Path.of(args[0]));
        // the runner hands over one snapshot per statistics period; a phase's percentiles are those of all of them
        Map<List<Object>, StatisticsSnapshot> merged = new LinkedHashMap<>();
        Map<String, long[]> phaseTimes = new ConcurrentHashMap<>();
        new LocalSimulationRunner(
                benchmark,
                (phase, stepId, metric, snapshot, countDown) -> {
                    if (phase.isWarmup) {
                        return; // as a controller's export sets warm-up phases apart
                    }
                    synchronized (merged) {
                        merged.computeIfAbsent(List.of(phase.name(), stepId, metric), key -> new StatisticsSnapshot())
                                .add(snapshot);
                    }
                },
                null,
                null) {
            @Override
            protected CompletableFuture<Void> phaseChanged(
                    Phase phase, PhaseInstance.Status status, boolean sessionLimitExceeded, Throwable error) {
                long[] times = phaseTimes.computeIfAbsent(phase.name(), name -> new long[2]);
                if (status == PhaseInstance.Status.RUNNING) {
                    times[0] = System.currentTimeMillis();
                } else if (status == PhaseInstance.Status.TERMINATED) {
                    // FINISHED only means no new session starts; TERMINATED, that the last one ended
                    times[1] = System.currentTimeMillis();
                }
                return super.phaseChanged(phase, status, sessionLimitExceeded, error);
            }
        }.run();
        List<Map<String, Object>> statistics = new ArrayList<>();
        merged.forEach((key, snapshot) -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("phase", key.get(0));
            entry.put("stepId", key.get(1));
            entry.put("metric", key.get(2));
            entry.put("summary", summary(snapshot.summary(PERCENTILES)));
            statistics.add(entry);
        });
        statistics.forEach(entry -> {
            long[] times = phaseTimes.get((String) entry.get("phase"));
            if (times != null) {
                entry.put("phaseStart", times[0]);
                entry.put("phaseEnd", times[1]);
            }
        });
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("name", benchmark.name());
        stats.put("status", "TERMINATED");
        stats.put("statistics", statistics);
        new ObjectMapper()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(Path.of(args[1]).toFile(), stats);
        // Hyperfoil's event loops are not daemons
        System.exit(0);
    }

    private static Benchmark parse(Path file) throws Exception {
        return BenchmarkParser.instance()
                .buildBenchmark(
                        BenchmarkParser.instance().createSource(Files.readString(file), BenchmarkData.EMPTY), Map.of());
    }

    private static Map<String, Object> summary(StatisticsSummary summary) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("startTime", summary.startTime);
        out.put("endTime", summary.endTime);
        out.put("minResponseTime", summary.minResponseTime);
        out.put("meanResponseTime", summary.meanResponseTime);
        out.put("maxResponseTime", summary.maxResponseTime);
        Map<String, Long> percentiles = new TreeMap<>();
        summary.percentileResponseTime.forEach(
                (percentile, nanos) -> percentiles.put(String.valueOf(percentile), nanos));
        out.put("percentileResponseTime", percentiles);
        out.put("requestCount", summary.requestCount);
        out.put("responseCount", summary.responseCount);
        out.put("invalid", summary.invalid);
        out.put("connectionErrors", summary.connectionErrors);
        out.put("requestTimeouts", summary.requestTimeouts);
        out.put("internalErrors", summary.internalErrors);
        out.put("blockedTime", summary.blockedTime);
        return out;
    }
}
