package org.concurrencylab.runner.process;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.load.JitPolicy;

/**
 * Makes service JVMs start in some 40 % less time, which matters when an experiment starts a dozen
 * of them: the Boot jar is extracted once ({@link BootJarExtraction}; class data sharing needs plain
 * jars), and one training start per service and web stack records an AOT cache (JDK 25+) or a class
 * data archive (older), unless {@link Training#REUSE} says to train none. Only start-up gets faster;
 * a cache that cannot be made is skipped, never fatal.
 */
public final class StartupCache {

    public record Prepared(Path jar, List<String> jvmFlags) {}

    /** Whether a cache a service lacks is trained before its first start, or the service starts without one. */
    public enum Training {
        /** Train a missing cache once; every later start, in this run and the next, starts from it. */
        TRAIN,
        /** Start from a cache trained before, and train none: for runs that start each service a few times. */
        REUSE;

        /** The system property that chooses: {@code train} or {@code reuse}. */
        public static final String PROPERTY = "lab.startup-cache";

        /** From {@value #PROPERTY}, else {@link Defaults#TRAIN_STARTUP_CACHES}. */
        public static Training fromSystemProperties() {
            String chosen = System.getProperty(PROPERTY);
            if (chosen == null || chosen.isBlank()) {
                return Defaults.TRAIN_STARTUP_CACHES ? TRAIN : REUSE;
            }
            for (Training training : values()) {
                if (training.name().equalsIgnoreCase(chosen.trim())) {
                    return training;
                }
            }
            throw new IllegalArgumentException(
                    PROPERTY + " (LAB_STARTUP_CACHE for ./lab) is train or reuse, not '" + chosen + "'");
        }
    }

    private static final Duration TRAINING_TIMEOUT = Duration.ofSeconds(120);
    /** {@code spring.main.web-application-type}'s values, as Boot binds them (in any case). */
    private static final Set<String> KNOWN_WEB_APPLICATION_TYPES = Set.of("none", "servlet", "reactive");

    private static final String PARTIAL = ".partial";

    private final JavaRuntime java;
    private final LabHome home;
    private final Consumer<String> progress;
    private final Training training;
    /** Every variant of a stack shares one preparation: the service jar is hashed once, not per variant. */
    private final Map<String, Prepared> preparedByServiceAndStack = new HashMap<>();

    /** Training as {@link Training#fromSystemProperties()} says. */
    public StartupCache(LabHome home, JavaRuntime java, Consumer<String> progress) {
        this(home, java, progress, Training.fromSystemProperties());
    }

    public StartupCache(LabHome home, JavaRuntime java, Consumer<String> progress, Training training) {
        this.java = java;
        this.home = home;
        this.progress = progress;
        this.training = training;
    }

    /**
     * @param trainingProperties what the training start needs to start at all (a database's address)
     * @param trainingEnvironment the secrets that go with them (the database's password)
     */
    public Prepared prepare(
            String service,
            String webApplicationType,
            JitPolicy jit,
            Map<String, String> trainingProperties,
            Map<String, String> trainingEnvironment)
            throws InterruptedException {
        if (!KNOWN_WEB_APPLICATION_TYPES.contains(webApplicationType.toLowerCase(Locale.ROOT))) {
            // the service will refuse to start with it: a training start would fail the same way, for nothing
            progress.accept("no start-up cache for " + service + ": " + webApplicationType
                    + " is not a web application type Spring Boot knows");
            return new Prepared(home.serviceJar(service), List.of());
        }
        String key = service + "/" + webApplicationType + "/" + jit.label();
        Prepared prepared = preparedByServiceAndStack.get(key);
        if (prepared == null) {
            prepared = prepareOnce(service, webApplicationType, jit, trainingProperties, trainingEnvironment);
            preparedByServiceAndStack.put(key, prepared);
        }
        return prepared;
    }

    private Prepared prepareOnce(
            String service,
            String webApplicationType,
            JitPolicy jit,
            Map<String, String> trainingProperties,
            Map<String, String> trainingEnvironment)
            throws InterruptedException {
        Path fatJar = home.serviceJar(service);
        Path directory = home.serviceTarget(service).resolve("startup");
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            progress.accept("no start-up cache for " + service + ": " + e.getMessage());
            return new Prepared(fatJar, List.of());
        }
        // two labs started at once would extract and train into the same files: the second waits for the
        // first, then finds the cache made; the operating system releases the lock of a lab that dies
        try (FileChannel channel = FileChannel.open(
                        directory.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock ignored = channel.lock()) {
            Optional<String> refusal = BootJarExtraction.refusal(fatJar);
            if (refusal.isPresent()) {
                progress.accept("no start-up cache for " + service + ": " + refusal.get());
                return new Prepared(fatJar, List.of());
            }
            Path extracted = BootJarExtraction.extracted(java, fatJar, directory, () -> {
                progress.accept("extracting " + service + " for faster starts");
                deleteCaches(directory);
            });
            // a cache is only taken by a JVM with the same compiler settings as the one that wrote it
            Path cache = directory.resolve(webApplicationType + "-" + jit.label() + "-jdk"
                    + java.version().replace('+', '_') + (java.hasAotCache() ? ".aot" : ".jsa"));
            if (!Files.isRegularFile(cache) && training == Training.REUSE) {
                progress.accept("no start-up cache for " + service + " (" + webApplicationType + ", JIT " + jit.label()
                        + "): none trained yet, and -D" + Training.PROPERTY + "=reuse trains none");
            } else if (!Files.isRegularFile(cache)) {
                progress.accept("training a start-up cache for " + service + " (" + webApplicationType + ", JIT "
                        + jit.label() + "), once");
                train(directory, extracted, cache, jit, trainingProperties, trainingEnvironment);
            }
            if (!Files.isRegularFile(cache)) {
                return new Prepared(extracted, List.of());
            }
            return new Prepared(
                    extracted,
                    List.of(java.hasAotCache() ? "-XX:AOTCache=" + cache : "-XX:SharedArchiveFile=" + cache));
        } catch (IOException e) {
            progress.accept("no start-up cache for " + service + ": " + e.getMessage());
            return new Prepared(fatJar, List.of());
        }
    }

    private void train(
            Path directory,
            Path jar,
            Path cache,
            JitPolicy jit,
            Map<String, String> properties,
            Map<String, String> environment)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(java.executable().toString());
        command.addAll(ServiceCommand.FIXED_JVM_FLAGS);
        command.addAll(java.nativeAccessFlags());
        command.addAll(jit.jvmFlags());
        // written under a name of its own and moved into place only when training ended well: a cache
        // from a training the lab interrupted is never used
        Path partial = cache.resolveSibling(cache.getFileName() + PARTIAL);
        deletePartials(directory);
        command.add(java.hasAotCache() ? "-XX:AOTCacheOutput=" + partial : "-XX:ArchiveClassesAtExit=" + partial);
        command.add("-Dspring.context.exit=onRefresh");
        command.add("-jar");
        command.add(jar.toString());
        command.add("--server.port=0");
        properties.forEach((key, value) -> command.add("--" + key + "=" + value));
        command.addAll(ServiceCommand.SAFETY_PROPERTIES);
        Map<String, String> withPortFile = new HashMap<>(environment);
        withPortFile.put("PORTFILE", directory.resolve("training.port").toString());
        try {
            WatchedCommand.run(
                    "the training",
                    directory,
                    directory.resolve("startup-cache.log"),
                    command,
                    withPortFile,
                    TRAINING_TIMEOUT);
            if (!Files.isRegularFile(partial) || Files.size(partial) == 0) {
                throw new IOException("training wrote no cache; see " + directory.resolve("startup-cache.log"));
            }
            Files.move(partial, cache, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            deletePartials(directory);
        }
    }

    /** What an interrupted training left: the JDK writes the cache and its own .config beside it. */
    private static void deletePartials(Path directory) throws IOException {
        try (var files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.getFileName().toString().contains(PARTIAL))
                    .toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    private static void deleteCaches(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return;
        }
        try (var files = Files.list(directory)) {
            for (Path file : files.filter(
                            f -> f.toString().endsWith(".aot") || f.toString().endsWith(".jsa"))
                    .toList()) {
                Files.delete(file);
            }
        }
    }
}
