package org.concurrencylab.runner.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * An application held to the first {@code cores} of this machine's cores by an affinity mask (Linux's
 * {@code taskset}), and the lab's own process (its load driver, and every process it starts meanwhile) to the
 * others, so that the two never share a core. Not {@code -XX:ActiveProcessorCount}, which only changes what the
 * JVM believes: the mask changes what the kernel lets it run on, and the JVM reads its processors from it.
 * Undone by {@link #close}, which gives the lab back every core.
 */
public final class CoreConfinement implements AutoCloseable {

    private static final Path TASKSET = Path.of("/usr/bin/taskset");

    private final int cores;
    private final int machineCores;
    private final Optional<String> collector;

    private CoreConfinement(int cores, int machineCores, Optional<String> collector) {
        this.cores = cores;
        this.machineCores = machineCores;
        this.collector = collector;
    }

    /**
     * Confines the lab's process to the cores the application will not have. The application is the one {@code
     * java} starts with {@code jvmOptions}: the collector its JVM picks on every core is read first, while the lab
     * still has them all, and named in {@link #applicationOptions()}.
     *
     * @param folder the run's own folder, where the JVM's flags are read
     *
     * @throws IllegalArgumentException where the machine has no core to spare for the lab, or no {@code taskset}
     */
    public static CoreConfinement start(
            int cores, int machineCores, JavaRuntime java, List<String> jvmOptions, Path folder)
            throws IOException, InterruptedException {
        return start(cores, machineCores, ErgonomicCollector.optionFor(java, jvmOptions, folder));
    }

    private static CoreConfinement start(int cores, int machineCores, Optional<String> collector)
            throws IOException, InterruptedException {
        if (cores < 1 || cores >= machineCores) {
            throw new IllegalArgumentException("confining the application to " + cores + " of this machine's "
                    + machineCores + " cores leaves none for the lab's load driver");
        }
        if (!Files.isExecutable(TASKSET)) {
            throw new IllegalArgumentException(
                    "confining the application to cores needs Linux's taskset (util-linux) at " + TASKSET);
        }
        CoreConfinement confinement = new CoreConfinement(cores, machineCores, collector);
        confinement.maskLab(cores + "-" + (machineCores - 1));
        return confinement;
    }

    /**
     * The same confinement once more, for another JVM of the application after this one was closed: the lab's
     * process held to the other cores again, the collector as read the first time.
     */
    public CoreConfinement again() throws IOException, InterruptedException {
        return start(cores, machineCores, collector);
    }

    /** What the application's command starts with. */
    public List<String> applicationPrefix() {
        return List.of(TASKSET.toString(), "-c", "0-" + (cores - 1));
    }

    /**
     * What the application's JVM options gain: the collector it would run on every core, where its own options
     * name none ({@link ErgonomicCollector}).
     */
    public List<String> applicationOptions() {
        return collector.stream().toList();
    }

    public int cores() {
        return cores;
    }

    /** Every thread of the lab's process, those to come included (a thread takes its maker's mask). */
    private void maskLab(String list) throws IOException, InterruptedException {
        Process taskset = new ProcessBuilder(
                        TASKSET.toString(),
                        "-a",
                        "-p",
                        "-c",
                        list,
                        Long.toString(ProcessHandle.current().pid()))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!taskset.waitFor(10, TimeUnit.SECONDS) || taskset.exitValue() != 0) {
            taskset.destroyForcibly();
            throw new IOException("taskset could not set the lab's cores to " + list);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            maskLab("0-" + (machineCores - 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while giving the lab its cores back", e);
        }
    }
}
