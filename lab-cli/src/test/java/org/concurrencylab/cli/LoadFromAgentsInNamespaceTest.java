package org.concurrencylab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.StepResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab agent} and {@code ./lab run --load-from} for real, inside a network namespace of the test's
 * own: its loopback carries three more addresses, 10.200.0.1 for the lab and its service, 10.200.0.2 and
 * 10.200.0.3 for two load hosts, each running an agent bound to its own address on JMeter's port 1099
 * (two agents on one port prove each listens on its address alone). Nothing outside the namespace can be
 * reached. How close JMeter's figures come to the lab's own driver's is bench/load-from's to show.
 * Skipped where no namespace can be made (not root, no {@code unshare}, macOS).
 */
class LoadFromAgentsInNamespaceTest {

    private static final String SCRIPT = """
            set -u
            ip link set lo up && for a in 1 2 3; do ip addr add 10.200.0.$a/32 dev lo || exit 97; done
            lab() { "$JAVA" -Dlab.home="$HOME_DIR" -cp "$CLASSPATH_OF_TEST" org.concurrencylab.cli.Lab "$@"; }
            # exec: each agent's PID is its lab's JVM, which stops its JMeter engine when told to stop
            (exec "$JAVA" -Dlab.home="$HOME_DIR" -cp "$CLASSPATH_OF_TEST" org.concurrencylab.cli.Lab agent --bind 10.200.0.2 \
                > "$OUT/agent-2.out" 2>&1) & a2=$!
            (exec "$JAVA" -Dlab.home="$HOME_DIR" -cp "$CLASSPATH_OF_TEST" org.concurrencylab.cli.Lab agent --bind 10.200.0.3 \
                > "$OUT/agent-3.out" 2>&1) & a3=$!
            trap 'kill -TERM $a2 $a3 2>/dev/null; wait $a2 $a3; sleep 1; cat "$OUT"/agent-*.out
                  echo "engines left: $(pgrep -fc "[J]meterEngine agent")"' EXIT
            for i in $(seq 1 120); do
              grep -q ready "$OUT/agent-2.out" && grep -q ready "$OUT/agent-3.out" && break; sleep 0.5
            done
            lab run blocking-io --variant mvc-tomcat-200 --scale 0.3 --load-from 10.200.0.2,10.200.0.3:1099 \\
                --reachable-at 10.200.0.1 --out "$OUT/remote" > "$OUT/remote.out" 2>&1
            echo "remote exit: $?"
            """;

    @TempDir
    Path out;

    @Test
    void twoAgentsDriveAStepAndEverySampleComesBack() throws Exception {
        assumeThat(NetworkNamespace.available()).as("a network namespace can be made here (root, unshare, ip)").isTrue();
        String output = NetworkNamespace.run(SCRIPT, Map.of("OUT", out.toString()), 240);
        assertThat(output).as(output + Files.readString(out.resolve("remote.out"))).contains("remote exit: 0")
                .contains("ready: JMeter 5.6.3 remote engine accepting on 10.200.0.2:1099")
                .contains("ready: JMeter 5.6.3 remote engine accepting on 10.200.0.3:1099")
                .contains("lab: WARNING: --bind 10.200.0.2").contains("engines left: 0");

        StepResult remote = step(out.resolve("remote"), "10x10");
        System.out.printf("10x10 at S = 0.3 from two agents: %.1f/s, p50 %.1f ms, p95 %.1f ms%n", remote.throughputPerSecond(),
                remote.latencyMillis().p50(), remote.latencyMillis().p95());
        assertThat(remote.plan().driver()).isEqualTo("jmeter");
        assertThat(remote.plan().requestsByLoadHost()).isEqualTo(Map.of("10.200.0.2:1099", 50L, "10.200.0.3:1099", 50L));
        assertThat(remote.requests().ok()).isEqualTo(100);
        assertThat(remote.threads()).as("the probe watched the service").isNotNull();
        assertThat(Files.readString(single(out.resolve("remote")).resolve("report.md")))
                .contains("by jmeter from 10.200.0.2:1099 (50), 10.200.0.3:1099 (50)");
        Path requestLog = single(out.resolve("remote")).resolve(remote.requestLog());
        assertThat(Files.readAllLines(requestLog)).hasSize(101);
        // 10 users on 200 workers hold 10 requests of D = 300 ms at once: at most 10 per D, each answered in D and
        // the request's own cost. The lab's driver gets 97-98 % of it here and JMeter 96 % (bench/load-from holds the
        // two side by side); 90 % leaves room for two agents' JVMs on 2 cores, a median 5 % over D would be a queue
        double bound = 10 / 0.3;
        assertThat(remote.throughputPerSecond()).isBetween(0.90 * bound, bound);
        assertThat(remote.latencyMillis().p50()).isBetween(300.0, 1.05 * 300);

        StepResult heavier = step(out.resolve("remote"), "100x10");
        assertThat(heavier.requests().ok()).isEqualTo(1000);
        assertThat(heavier.plan().requestsByLoadHost()).containsValues(500L, 500L);
    }

    private static StepResult step(Path runs, String load) throws IOException {
        RunResult run = ResultsJson.read(single(runs));
        return run.experiments().getFirst().variants().getFirst().steps().stream()
                .filter(step -> step.load().equals(load)).findFirst().orElseThrow();
    }

    private static Path single(Path runs) throws IOException {
        try (var listed = Files.list(runs)) {
            return listed.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }
}
