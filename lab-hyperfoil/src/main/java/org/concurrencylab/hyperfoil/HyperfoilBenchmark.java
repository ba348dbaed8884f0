package org.concurrencylab.hyperfoil;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.results.step.Connections;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * One load step of an experiment as a Hyperfoil benchmark, time-scaled as the lab runs it, so that a
 * user with a Hyperfoil controller and agents drives the same load from many hosts. Build one with
 * {@link #of(Experiment, LoadStep)}; what a benchmark does not set is the lab's own default: the
 * experiment's scale and client, the served variant's address on 127.0.0.1:8080.
 * <ul>
 * <li>A closed step (C users x R requests, as siege) is an {@code atOnce} phase of C users, each
 * looping R requests, each waiting for its answer.</li>
 * <li>An open step (a rate for a time, as Gatling) is a {@code constantRate} phase without variance,
 * a session per request, and room for every request the timeout lets be in flight.</li>
 * <li>A held step (JMeter's thread group with a ramp-up and a constant timer) is a few {@code always}
 * phases started one after another over the ramp-up, each user sending a request, then thinking.</li>
 * </ul>
 * Before them, the lab's own warm-up of a variant (the experiment's users for its length in D, a
 * closed load) as a phase marked {@code isWarmup}, which Hyperfoil's statistics set apart: the lab
 * measures no variant cold, and neither should Hyperfoil. A new connection per request is Hyperfoil's
 * {@code ALWAYS_NEW}; kept-alive connections are a pool per session ({@code SESSION_POOLS}). Every request says {@code Cache-Control: no-store}: Hyperfoil
 * emulates a browser's cache and would answer a repeated GET from it.
 */
public final class HyperfoilBenchmark {

    /** The address {@code ./lab serve} uses unless told another. */
    public static final URI DEFAULT_TARGET = URI.create("http://127.0.0.1:8080");
    /** How many phases a held load's ramp-up is cut into. */
    static final int RAMP_PHASES = 10;

    static final String WARM_UP = "warm-up";

    private final Experiment experiment;
    private final LoadStep step;
    private final URI target;
    private final Scaled scaled;
    private final Connections connections;
    private final int threads;

    private HyperfoilBenchmark(Builder builder, Scaled scaled) {
        this.experiment = builder.experiment;
        this.step = builder.step;
        this.target = builder.target;
        this.scaled = scaled;
        this.connections = builder.connections;
        this.threads = builder.threads;
    }

    /** A benchmark of this step of this experiment, at the experiment's own scale and client. */
    public static Builder of(Experiment experiment, LoadStep step) {
        return new Builder(experiment, step);
    }

    /** Builds and validates a {@link HyperfoilBenchmark}. */
    public static final class Builder {
        private final Experiment experiment;
        private final LoadStep step;
        private URI target = DEFAULT_TARGET;
        private double scale;
        private Connections connections;
        private int threads;

        private Builder(Experiment experiment, LoadStep step) {
            this.experiment = Objects.requireNonNull(experiment, "experiment");
            this.step = Objects.requireNonNull(step, "step");
            this.scale = experiment.defaultScale();
            this.connections = experiment.connections();
        }

        /** Where the served variant listens: scheme, host and port; the experiment gives the path. */
        public Builder target(URI target) {
            this.target = target;
            return this;
        }

        public Builder scale(double scale) {
            this.scale = scale;
            return this;
        }

        public Builder connections(Connections connections) {
            this.connections = connections;
            return this;
        }

        /** Hyperfoil's event loops per agent; 0 leaves Hyperfoil's own default. */
        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        public HyperfoilBenchmark build() {
            if (!experiment.steps().contains(step)) {
                throw new IllegalArgumentException(step.label() + " is not a step of " + experiment.name());
            }
            if (target == null
                    || !"http".equals(target.getScheme())
                    || target.getHost() == null
                    || target.getPort() < 1
                    || !(target.getPath() == null || target.getPath().isEmpty() || "/".equals(target.getPath()))) {
                throw new IllegalArgumentException("the target is http://host:port, without a path, not " + target);
            }
            Scaled scaled = new Scaled(scale); // the same bounds and rule as every run's
            if (threads < 0 || threads > 256) {
                throw new IllegalArgumentException("threads are 0 (Hyperfoil's default) to 256, not " + threads);
            }
            return new HyperfoilBenchmark(this, scaled);
        }
    }

    /** The benchmark's name, and its file's: {@code blocking-io-100x10}. */
    public String name() {
        return experiment.name() + "-"
                + step.label()
                        .replace("/", "-per-")
                        .replaceAll("[^A-Za-z0-9-]+", "-")
                        .replaceAll("-+", "-")
                        .replaceAll("-$", "");
    }

    /** The step of {@code experiment} whose exported benchmark is called {@code name}, if any. */
    public static Optional<LoadStep> stepNamed(Experiment experiment, String name) {
        return experiment.steps().stream()
                .filter(step -> of(experiment, step).build().name().equals(name))
                .findFirst();
    }

    /** The benchmark as Hyperfoil reads it, with a comment on how it was made and how to spread it. */
    public String yaml() {
        String header = String.format(
                Locale.ROOT,
                """
                # %s, load %s, as Concurrency Lab runs it at S = %s (every duration x S, every rate / S):
                # the article's "%s". Serve a variant first: ./lab serve %s <variant> --port %d --scale %s.
                # To drive it from several hosts, add your Hyperfoil agents (agents: {agent-1: ..., agent-2: ...})
                # and divide the users or the rate between them as Hyperfoil does.
                """,
                experiment.name(),
                step.label(),
                number(scaled.scale()),
                experiment.title(),
                experiment.name(),
                target.getPort(),
                number(scaled.scale()));
        return header + YAMLMapper.builder().build().writeValueAsString(model());
    }

    /** The benchmark as nested maps and lists, in the order Hyperfoil's documentation writes them. */
    Map<String, Object> model() {
        Map<String, Object> benchmark = new LinkedHashMap<>();
        benchmark.put("name", name());
        if (threads > 0) {
            benchmark.put("threads", threads);
        }
        Map<String, Object> http = new LinkedHashMap<>();
        http.put("host", target.getScheme() + "://" + target.getHost() + ":" + target.getPort());
        http.put("connectionStrategy", connections == Connections.KEEP_ALIVE ? "SESSION_POOLS" : "ALWAYS_NEW");
        http.put("sharedConnections", concurrency());
        http.put("requestTimeout", millis(timeout()));
        benchmark.put("http", http);
        List<Object> phases = new ArrayList<>();
        phases.add(warmUp());
        phases.addAll(measured());
        benchmark.put("phases", phases);
        return benchmark;
    }

    /** The experiment's warm-up: its users sending back to back for its length in D. */
    private Object warmUp() {
        Map<String, Object> always = new LinkedHashMap<>();
        always.put("users", experiment.warmUp().users());
        always.put("duration", millis(warmUpLength()));
        always.put("isWarmup", true);
        return phase(WARM_UP, "always", always, List.of(request()));
    }

    private Duration warmUpLength() {
        return scaled(experiment.downstreamLatency())
                .multipliedBy(experiment.warmUp().lengthInD());
    }

    private List<Object> measured() {
        return switch (step) {
            case LoadStep.Closed closed -> {
                Map<String, Object> loop = new LinkedHashMap<>();
                loop.put("counterVar", "sent");
                loop.put("repeats", closed.repetitions());
                loop.put("steps", List.of(request()));
                Map<String, Object> atOnce = new LinkedHashMap<>();
                atOnce.put("users", closed.users());
                atOnce.put("startAfter", WARM_UP);
                yield List.of(phase("main", "atOnce", atOnce, List.of(Map.of("loop", loop))));
            }
            case LoadStep.Open open -> {
                Map<String, Object> rate = new LinkedHashMap<>();
                rate.put("usersPerSec", scaled.rate(open.ratePerSecond()));
                rate.put("duration", millis(scaled(open.duration())));
                rate.put("maxSessions", concurrency());
                rate.put("variance", false);
                rate.put("startAfter", WARM_UP);
                yield List.of(phase("main", "constantRate", rate, List.of(request())));
            }
            case LoadStep.Held held -> held(held);
        };
    }

    /** The ramp-up as phases started one after another, each ending with the hold. */
    private List<Object> held(LoadStep.Held held) {
        int parts = Math.min(RAMP_PHASES, held.users());
        Duration ramp = scaled(held.rampUp());
        Duration length = scaled(held.length());
        List<Object> phases = new ArrayList<>();
        List<Object> steps = new ArrayList<>(List.of(request()));
        if (!held.thinkTime().isZero()) {
            steps.add(Map.of("thinkTime", Map.of("duration", millis(scaled(held.thinkTime())))));
        }
        for (int part = 0; part < parts; part++) {
            int users = held.users() / parts + (part < held.users() % parts ? 1 : 0);
            Duration start = ramp.multipliedBy(part).dividedBy(parts);
            Map<String, Object> always = new LinkedHashMap<>();
            always.put("users", users);
            // startTime counts from the benchmark's start, so the warm-up's length comes first
            always.put("startTime", millis(warmUpLength().plus(start)));
            always.put("startAfter", WARM_UP);
            always.put("duration", millis(length.minus(start)));
            phases.add(phase("users-" + (part + 1), "always", always, steps));
        }
        return phases;
    }

    private static Map<String, Object> phase(
            String name, String model, Map<String, Object> settings, List<Object> steps) {
        Map<String, Object> body = new LinkedHashMap<>(settings);
        body.put("scenario", List.of(Map.of("request", steps)));
        return Map.of(name, Map.of(model, body));
    }

    private Map<String, Object> request() {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("GET", experiment.path());
        request.put("timeout", millis(timeout()));
        request.put("headers", Map.of("cache-control", "no-store"));
        return Map.of("httpRequest", request);
    }

    /**
     * How many requests may be in flight at once: every user of a closed or held load, or for an open
     * one every arrival within a timeout (rate x timeout), and one more.
     */
    int concurrency() {
        return switch (step) {
            case LoadStep.Closed closed -> closed.users();
            case LoadStep.Held held -> held.users();
            case LoadStep.Open open ->
                (int) Math.ceil(scaled.rate(open.ratePerSecond()) * timeout().toNanos() / 1e9) + 1;
        };
    }

    private Duration timeout() {
        return scaled(experiment.requestTimeout());
    }

    private Duration scaled(Duration duration) {
        return scaled.of(duration);
    }

    private static String millis(Duration duration) {
        return duration.toMillis() + "ms";
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
