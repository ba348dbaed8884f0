package org.concurrencylab.runner.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The garbage collector a JVM picks for itself, given an application's options, on every processor of this
 * machine. The JVM chooses by the processors it sees: the Serial collector on one, G1 from two on (JDK 9 and
 * later, with 1792 MB or more). An application the lab holds to fewer cores than the machine has is started
 * with this collector named, so that the cores are all that changes between the run its model is made from
 * and the run that model is projected onto.
 */
public final class ErgonomicCollector {

    /** The HotSpot collectors, each chosen by a flag of its name. */
    private static final String COLLECTORS = "Use(?:Serial|Parallel|G1|Z|Shenandoah|Epsilon)GC";

    /** A collector the options name themselves: then it is the same on any number of processors. */
    private static final Pattern NAMED = Pattern.compile("-XX:\\+" + COLLECTORS);

    /** A line of {@code -XX:+PrintFlagsFinal}: {@code bool UseG1GC = true {product} {ergonomic}}. */
    private static final Pattern CHOSEN = Pattern.compile("bool\\s+(" + COLLECTORS + ")\\s*=\\s*true");

    private static final long PROBE_SECONDS = 30;

    private ErgonomicCollector() {}

    /**
     * The option that names the collector these options get on all of this machine's processors ({@code
     * -XX:+UseG1GC}); empty where the options name one already, or the JVM would not say.
     *
     * @param folder where the JVM's flags are written and read back, in the run's own folder: nothing left in the
     *     system's temporary folder by a lab that is killed meanwhile
     */
    public static Optional<String> optionFor(JavaRuntime java, List<String> jvmOptions, Path folder)
            throws InterruptedException {
        if (jvmOptions.stream().anyMatch(option -> NAMED.matcher(option).matches())) {
            return Optional.empty();
        }
        List<String> command = new ArrayList<>(List.of(java.executable().toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
        Path flags = folder.resolve(".jvm-flags.txt");
        Process process = null;
        try {
            // into a file, not a pipe: the flags fill more than a pipe holds, and the wait below keeps its time
            Files.createDirectories(folder);
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(flags.toFile())
                    .start();
            if (!process.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) {
                return Optional.empty();
            }
            return chosenIn(Files.readString(flags));
        } catch (IOException e) {
            return Optional.empty();
        } finally {
            if (process != null) {
                process.destroyForcibly();
            }
            try {
                Files.deleteIfExists(flags);
            } catch (IOException ignored) {
                // a file of the JVM's flags in the run's own folder
            }
        }
    }

    /** The collector {@code -XX:+PrintFlagsFinal}'s output says is in use, as the option that names it. */
    static Optional<String> chosenIn(String printFlagsFinal) {
        Matcher chosen = CHOSEN.matcher(printFlagsFinal);
        return chosen.find() ? Optional.of("-XX:+" + chosen.group(1)) : Optional.empty();
    }
}
