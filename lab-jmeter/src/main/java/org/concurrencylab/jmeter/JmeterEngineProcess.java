package org.concurrencylab.jmeter;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;

/**
 * The command that starts JMeter's engine in a JVM of its own, from {@code tools/jmeter-engine}'s jar and
 * libraries: JMeter's jars pin versions Spring Boot would move, and its threads stay out of the lab's
 * JVM and the services'. A host that only loads needs that folder and a JDK 21+, nothing else.
 */
public final class JmeterEngineProcess {

    private JmeterEngineProcess() {}

    /** The engine's folder: its jar, and a JMeter home's lib/ and bin/. */
    public static Path engineFolder(LabHome home) {
        Path folder = home.root().resolve("tools").resolve("jmeter-engine").resolve("target");
        if (!Files.isRegularFile(folder.resolve("jmeter-engine.jar"))
                || !Files.isRegularFile(folder.resolve("bin/jmeter.properties"))) {
            throw new IllegalStateException("JMeter's engine is not built: " + folder.resolve("jmeter-engine.jar")
                    + " is missing (run ./lab build)");
        }
        return folder;
    }

    /** {@code java ... JmeterEngine MODE ARGUMENTS}, its JMeter log at {@code log}. */
    public static List<String> command(LabHome home, JavaRuntime java, String mode, List<String> arguments, Path log) {
        List<String> command = command(home, java, mode, arguments);
        command.add("--log");
        command.add(log.toAbsolutePath().toString());
        // it ends with the lab, even a lab killed outright
        command.add("--parent");
        command.add(Long.toString(ProcessHandle.current().pid()));
        return command;
    }

    /**
     * The engine's one line of bad input in its output ({@code error: ...}, exit 2), without its prefix.
     */
    public static Optional<String> errorLine(String output) {
        return output.lines()
                .filter(line -> line.startsWith(ERROR))
                .map(line -> line.substring(ERROR.length()))
                .findFirst();
    }

    private static final String ERROR = "error: ";

    static List<String> command(LabHome home, JavaRuntime java, String mode, List<String> arguments) {
        Path folder = engineFolder(home);
        List<String> command = new ArrayList<>();
        command.add(java.executable().toString());
        if (java.feature() >= 24) {
            // JMeter's XStream reads fields through Unsafe: allowed, without the JDK's warning on every start
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        command.add("-Djava.awt.headless=true");
        command.add("-cp");
        command.add(folder.resolve("jmeter-engine.jar") + File.pathSeparator + folder.resolve("lib") + File.separator
                + "*");
        command.add("org.concurrencylab.tools.jmeter.JmeterEngine");
        command.add(mode);
        command.addAll(arguments);
        return command;
    }

    /** Starts it, its output and errors together, ready to be read line by line. */
    public static Process start(List<String> command, Path workDirectory) throws IOException {
        Files.createDirectories(workDirectory);
        return new ProcessBuilder(command)
                .directory(workDirectory.toFile())
                .redirectErrorStream(true)
                .start();
    }
}
