package org.concurrencylab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A bash script run in a network namespace of its own ({@code unshare --net}), with the lab on its class
 * path: {@code $JAVA}, {@code $HOME_DIR} and {@code $CLASSPATH_OF_TEST} start it as the launcher does.
 * Nothing in it can reach, or be reached from, any real network; the namespace ends with the script.
 */
final class NetworkNamespace {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    private NetworkNamespace() {}

    /** Whether one can be made here: root, {@code unshare} and {@code ip} (not on macOS). */
    static boolean available() {
        try {
            Process probe = new ProcessBuilder("unshare", "--net", "ip", "link", "set", "lo", "up")
                    .redirectErrorStream(true)
                    .start();
            probe.getInputStream().readAllBytes();
            return probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Runs the script, killed after {@code seconds}; its output, once it exited 0. */
    static String run(String script, Map<String, String> environment, int seconds) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(
                        "timeout",
                        "--kill-after=10",
                        Integer.toString(seconds),
                        "unshare",
                        "--net",
                        "bash",
                        "-c",
                        script)
                .redirectErrorStream(true);
        builder.environment()
                .put("JAVA", ProcessHandle.current().info().command().orElseThrow());
        builder.environment().put("HOME_DIR", HOME.toString());
        builder.environment().put("CLASSPATH_OF_TEST", System.getProperty("java.class.path"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        try {
            String output = new String(process.getInputStream().readAllBytes());
            assertThat(process.waitFor(seconds + 20, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).as(output).isZero();
            return output;
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}
