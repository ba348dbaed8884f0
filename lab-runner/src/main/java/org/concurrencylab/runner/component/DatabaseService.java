package org.concurrencylab.runner.component;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.Timeout;
import org.concurrencylab.catalog.Database;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.load.JitPolicy;
import org.concurrencylab.results.usage.DatabaseUsage;
import org.concurrencylab.runner.environment.RunEnvironment;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.process.ControlClient;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.ProbeClient;
import org.concurrencylab.runner.process.ServiceCommand;
import org.concurrencylab.runner.process.ServiceProcess;
import org.concurrencylab.runner.process.ServiceStartException;
import org.concurrencylab.runner.process.StartupCache;
import tools.jackson.databind.json.JsonMapper;

/**
 * An experiment's database: its module's JVM, which runs the real server and samples its sessions,
 * started once before the variants and stopped after them. The server stops with that JVM, and a
 * watchdog of the module's own stops it if the JVM is killed.
 */
public final class DatabaseService implements StartedComponent {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final SecureRandom RANDOM = new SecureRandom();

    /** One sample of the database's sessions, as its module reports them. */
    record Activity(long epochMillis, int waitingOnLocks, int active, int open, long commits, long rollbacks) {}

    private final Database declared;
    private final ServiceProcess process;
    private final ProbeClient probe;
    private final String jdbcUrl;
    private final long postmasterPid;
    /** The hot standby's address, or null where the database has none. */
    private final String standbyJdbcUrl;

    private final long standbyPostmasterPid;
    private final Map<String, String> secrets;
    private final CloseableHttpClient client = ControlClient.create(Timeout.ofSeconds(30));

    private DatabaseService(Database declared, ServiceProcess process, Map<String, String> secrets) throws IOException {
        this.declared = declared;
        this.secrets = secrets;
        this.process = process;
        this.probe = new ProbeClient(process);
        Map<String, Object> sizing = probe.readNow().sizing();
        if (!(sizing.get(Database.URL_SIZING_KEY) instanceof String url)) {
            throw new IOException("the database reported no address");
        }
        this.jdbcUrl = url;
        this.postmasterPid = sizing.get("postmasterPid") instanceof Number pid ? pid.longValue() : -1;
        if (declared.hotStandby() && !(sizing.get(Database.STANDBY_URL_SIZING_KEY) instanceof String)) {
            throw new IOException("the database was asked for a hot standby and reported none");
        }
        this.standbyJdbcUrl = sizing.get(Database.STANDBY_URL_SIZING_KEY) instanceof String standby ? standby : null;
        this.standbyPostmasterPid = sizing.get("standbyPostmasterPid") instanceof Number pid ? pid.longValue() : -1;
    }

    static DatabaseService start(RunEnvironment environment, Experiment experiment, Database database, Path log)
            throws ServiceStartException, InterruptedException, IOException {
        Map<String, String> password = Map.of(Database.PASSWORD_VARIABLE, newPassword());
        // its start-up cache's training starts a server of its own, which needs a password as much
        ServiceProcess process = ServiceProcess.start(
                environment
                        .sharedComponentCommand(
                                experiment,
                                database.module(),
                                "servlet",
                                Map.of(Database.PASSWORD_VARIABLE, newPassword()),
                                database.hotStandby() ? Map.of(Database.STANDBY_PROPERTY, "true") : Map.of())
                        .withEnvironment(password),
                log);
        try {
            return new DatabaseService(database, process, password);
        } catch (IOException | RuntimeException e) {
            process.close();
            throw e;
        }
    }

    /** The module that runs the server: an empty database, its own role and the run's password. */
    static final String MODULE = "legacy-database";

    /**
     * {@link #forStudy}'s jar as the lab's start-up cache has it: extracted, and with the cache a run of the
     * experiments trained for the same module, stack and compiler, where one was; a training starts a server of its
     * own, with a password of its own.
     */
    public static StartupCache.Prepared preparedForStudy(StartupCache cache) throws InterruptedException {
        return cache.prepare(
                MODULE, "servlet", JitPolicy.C1_ONLY, Map.of(), Map.of(Database.PASSWORD_VARIABLE, newPassword()));
    }

    /**
     * The PostgreSQL a study's application uses ({@code database: postgresql}): the same module, empty, started
     * for the study alone. Its JVM only starts the server and reads its statistics between steps: it compiles with
     * C1 alone, which costs the machine least while the application is measured.
     */
    public static DatabaseService forStudy(JavaRuntime java, StartupCache.Prepared jar, Path log)
            throws ServiceStartException, InterruptedException, IOException {
        Map<String, String> password = Map.of(Database.PASSWORD_VARIABLE, newPassword());
        ServiceProcess process = ServiceProcess.start(
                ServiceCommand.custom(java, jar.jar())
                        .cpus(Runtime.getRuntime().availableProcessors())
                        .jit(JitPolicy.C1_ONLY)
                        .startupJvmFlags(jar.jvmFlags())
                        .properties(Map.of("server.port", "0"))
                        .environment(password)
                        .build(),
                log);
        try {
            return new DatabaseService(new Database(MODULE), process, password);
        } catch (IOException | RuntimeException e) {
            process.close();
            throw e;
        }
    }

    /**
     * The standard properties a Spring Boot application's data source reads, pointing at this server as the
     * services' role; the password apart, for the environment ({@link #applicationSecrets}).
     */
    public Map<String, String> applicationProperties() {
        return Map.of(
                "spring.datasource.url",
                jdbcUrl,
                "spring.datasource.username",
                Database.SERVICE_ROLE,
                "spring.datasource.driver-class-name",
                "org.postgresql.Driver");
    }

    /** The password as Spring Boot reads it from the environment: never on a command line. */
    public Map<String, String> applicationSecrets() {
        return Map.of("SPRING_DATASOURCE_PASSWORD", secrets.get(Database.PASSWORD_VARIABLE));
    }

    @Override
    public Database declared() {
        return declared;
    }

    @Override
    public String address() {
        return jdbcUrl;
    }

    /** Its address, and its hot standby's where it has one. */
    @Override
    public Map<String, String> wiring() {
        return standbyJdbcUrl == null
                ? StartedComponent.super.wiring()
                : Map.of(Database.URL_PROPERTY, jdbcUrl, Database.REPLICA_URL_PROPERTY, standbyJdbcUrl);
    }

    /** The run's password for the services' role. */
    @Override
    public Map<String, String> secrets() {
        return secrets;
    }

    /** 192 random bits, URL-safe: it travels in an environment variable and a SQL literal. */
    static String newPassword() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Override
    public String description() {
        return "database at " + jdbcUrl + (standbyJdbcUrl == null ? "" : ", its hot standby at " + standbyJdbcUrl);
    }

    /** The module's JVM, and the server with its backends. */
    @Override
    public List<MachineCpu.Tracked> processes() {
        List<MachineCpu.Tracked> tracked = new ArrayList<>();
        tracked.add(new MachineCpu.Tracked("database", "database-jvm", process.pid()));
        if (postmasterPid > 0) {
            tracked.add(new MachineCpu.Tracked("database", "postgres", postmasterPid, true));
        }
        if (standbyPostmasterPid > 0) {
            tracked.add(new MachineCpu.Tracked("database", "postgres-standby", standbyPostmasterPid, true));
        }
        return tracked;
    }

    /** The database during a step: the samples between its start and end, in bins of one article second. */
    public DatabaseUsage usage(long startEpochMillis, long endEpochMillis, double articleSecondMillis)
            throws IOException {
        URI uri = process.uri("/activity?since=" + startEpochMillis);
        String body = client.execute(new HttpGet(uri), response -> EntityUtils.toString(response.getEntity()));
        List<Activity> samples = List.of(MAPPER.readValue(body, Activity[].class)).stream()
                .filter(sample -> sample.epochMillis() <= endEpochMillis)
                .toList();
        if (samples.isEmpty()) {
            return new DatabaseUsage(0, 0, 0, 0, 0, List.of());
        }
        Activity first = samples.getFirst();
        Activity last = samples.getLast();
        double seconds = Math.max(1e-3, (last.epochMillis() - first.epochMillis()) / 1e3);
        int bins = (int) Math.ceil((endEpochMillis - startEpochMillis) / articleSecondMillis);
        double[] waiting = new double[Math.max(1, bins)];
        double[] active = new double[waiting.length];
        int[] count = new int[waiting.length];
        for (Activity sample : samples) {
            int bin = Math.min(
                    waiting.length - 1, (int) ((sample.epochMillis() - startEpochMillis) / articleSecondMillis));
            waiting[bin] += sample.waitingOnLocks();
            active[bin] += sample.active();
            count[bin]++;
        }
        List<DatabaseUsage.Point> timeline = new ArrayList<>();
        for (int bin = 0; bin < waiting.length; bin++) {
            if (count[bin] > 0) {
                timeline.add(new DatabaseUsage.Point(bin, waiting[bin] / count[bin], active[bin] / count[bin]));
            }
        }
        return new DatabaseUsage(
                samples.stream().mapToInt(Activity::waitingOnLocks).average().orElse(0),
                samples.stream().mapToInt(Activity::waitingOnLocks).max().orElse(0),
                samples.stream().mapToInt(Activity::open).max().orElse(0),
                (last.commits() - first.commits()) / seconds,
                last.rollbacks() - first.rollbacks(),
                timeline);
    }

    @Override
    public void close() throws IOException {
        try {
            client.close();
            probe.close();
        } finally {
            process.close();
        }
    }
}
