package org.concurrencylab.probe;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;
import org.concurrencylab.probe.core.ProbeSampler;
import org.concurrencylab.probe.model.MeterWindow;

/**
 * The service's own meters window by window: every sampling interval it reads the gauges of its
 * pools from its Micrometer registry (Tomcat's busy workers, HikariCP's connections, Apache
 * HttpClient's pool, a Resilience4j circuit breaker's state: whichever the service has), and at the
 * end of each window it closes a {@link MeterWindow} with their means and the window's requests from
 * the {@link ServerRequestRecorder}. Read in-process, like the thread samples, so that a saturated
 * server cannot delay what it says about itself.
 * <p>
 * It also publishes the probe's live threads by pool to the registry ({@code lab.threads.live}, tagged
 * {@code pool}), so that Prometheus, and a Grafana panel, see the pools the lab's report shows.
 */
final class ServiceMeters implements AutoCloseable {

    /** A gauge by its Micrometer name, summed over its series, or only those with one tag's value. */
    private record GaugeOf(String key, String meter, String tag, String tagValue) {

        static GaugeOf sum(String key, String meter) {
            return new GaugeOf(key, meter, null, null);
        }
    }

    private static final List<GaugeOf> GAUGES = List.of(
            GaugeOf.sum(MeterWindow.TOMCAT_BUSY, "tomcat.threads.busy"),
            GaugeOf.sum(MeterWindow.DB_ACTIVE, "hikaricp.connections.active"),
            GaugeOf.sum(MeterWindow.DB_PENDING, "hikaricp.connections.pending"),
            new GaugeOf(
                    MeterWindow.CLIENT_LEASED, "httpcomponents.httpclient.pool.total.connections", "state", "leased"),
            GaugeOf.sum(MeterWindow.CLIENT_PENDING, "httpcomponents.httpclient.pool.total.pending"),
            new GaugeOf(MeterWindow.CIRCUIT_OPEN, "resilience4j.circuitbreaker.state", "state", "open"));
    /** An hour of one-second windows. */
    private static final int CAPACITY = 3_600;

    private final MeterRegistry registry;
    private final ServerRequestRecorder requests;
    private final int samplesPerWindow;
    private final long windowMillis;
    private final Deque<MeterWindow> windows = new ArrayDeque<>();
    private final Map<String, double[]> sums = new HashMap<>();
    private int samples;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "lab-probe-meters");
        thread.setDaemon(true);
        return thread;
    });

    /** The gauge of live threads by pool, as Prometheus shows it: {@code lab_threads_live{pool="..."}}. */
    static final String THREADS_LIVE = "lab.threads.live";

    private final ProbeSampler sampler;
    private final Map<String, AtomicInteger> liveByPool = new ConcurrentHashMap<>();

    ServiceMeters(
            MeterRegistry registry,
            ServerRequestRecorder requests,
            ProbeSampler sampler,
            Duration interval,
            Duration window) {
        this.registry = registry;
        this.requests = requests;
        this.sampler = sampler;
        this.samplesPerWindow = (int) Math.max(1, Math.round((double) window.toNanos() / interval.toNanos()));
        this.windowMillis = window.toMillis();
        long periodMicros = Math.max(1000, window.toNanos() / samplesPerWindow / 1000);
        requests.interval(); // what came before the first window is no window's
        timer.scheduleAtFixedRate(this::sample, periodMicros, periodMicros, TimeUnit.MICROSECONDS);
    }

    private void publishThreads() {
        sampler.latest().ifPresent(sample -> {
            sample.pools()
                    .forEach((pool, counts) -> liveByPool
                            .computeIfAbsent(pool, name -> {
                                AtomicInteger live = new AtomicInteger();
                                Gauge.builder(THREADS_LIVE, live, AtomicInteger::get)
                                        .tag("pool", name)
                                        .description("live threads of a pool, as the lab's probe names pools")
                                        .register(registry);
                                return live;
                            })
                            .set(counts.live()));
            // a pool that has no thread any more reads zero, not its last count
            liveByPool.forEach((pool, live) -> {
                if (!sample.pools().containsKey(pool)) {
                    live.set(0);
                }
            });
        });
    }

    private void sample() {
        try {
            read();
        } catch (RuntimeException e) {
            // a scheduled task that throws is never run again: a window lost is better than none after it
            sums.clear();
        }
    }

    private void read() {
        publishThreads();
        for (GaugeOf gauge : GAUGES) {
            double value = 0;
            boolean present = false;
            for (Gauge series : registry.find(gauge.meter()).gauges()) {
                if (gauge.tag() == null
                        || gauge.tagValue().equals(series.getId().getTag(gauge.tag()))) {
                    double reading = series.value();
                    if (!Double.isNaN(reading)) {
                        value += reading;
                        present = true;
                    }
                }
            }
            if (present) {
                double[] sum = sums.computeIfAbsent(gauge.key(), any -> new double[2]);
                sum[0] += value;
                sum[1]++;
            }
        }
        if (++samples == samplesPerWindow) {
            closeWindow();
        }
    }

    private void closeWindow() {
        ServerRequestRecorder.Interval interval = requests.interval();
        Histogram micros = interval.micros();
        Map<String, Double> gauges = new HashMap<>();
        sums.forEach((key, sum) -> gauges.put(key, sum[0] / sum[1]));
        MeterWindow window = new MeterWindow(
                System.currentTimeMillis(),
                micros.getTotalCount(),
                interval.serverErrors(),
                micros.getTotalCount() == 0 ? 0 : micros.getMean() / 1000,
                millisAt(micros, 50),
                millisAt(micros, 95),
                gauges);
        sums.clear();
        samples = 0;
        synchronized (windows) {
            if (windows.size() == CAPACITY) {
                windows.removeFirst();
            }
            windows.addLast(window);
        }
    }

    private static double millisAt(Histogram micros, double percentile) {
        return micros.getTotalCount() == 0 ? 0 : micros.getValueAtPercentile(percentile) / 1000.0;
    }

    /** The windows that lie mostly after a time, oldest first. */
    List<MeterWindow> since(long epochMillis) {
        synchronized (windows) {
            return windows.stream()
                    .filter(window -> window.endEpochMillis() - windowMillis / 2 >= epochMillis)
                    .toList();
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
