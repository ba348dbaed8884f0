package org.concurrencylab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.step.StepResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab agent} and {@code ./lab run --load-from} for real, in network namespaces of the test's own:
 * the lab and its service in one (10.200.0.1), each of two load hosts in another with a network stack of
 * its own, joined to the lab's by a veth pair (10.200.2.2 and 10.200.3.2), each running an agent. Nothing
 * outside them can be reached, and they are removed at the end. How close JMeter's figures come to the
 * lab's own driver's is bench/load-from's to show; here they are held to the physics.
 * Skipped where no namespace can be made (not root, no {@code unshare}, macOS).
 */
class LoadFromAgentsInNamespaceTest {

    private static final String SCRIPT = """
            set -u
            ip link set lo up && ip addr add 10.200.0.1/32 dev lo || exit 97
            # each load host a network namespace of its own, joined to this one by a veth pair
            for n in 2 3; do
              ip netns add "lab-load-$$-$n" || exit 97
              ip link add "host-$n" type veth peer name "load-$n" netns "lab-load-$$-$n" || exit 97
              ip addr add "10.200.$n.1/24" dev "host-$n" && ip link set "host-$n" up || exit 97
              ip netns exec "lab-load-$$-$n" sh -c "ip link set lo up && ip addr add 10.200.$n.2/24 dev load-$n \\
                  && ip link set load-$n up && ip route add default via 10.200.$n.1" || exit 97
            done
            # one key for the lab and both agents, as a user copies it to each load host
            "$JAVA" -Dlab.home="$HOME_DIR" -cp "$CLASSPATH_OF_TEST" org.concurrencylab.cli.Lab agent --new-key "$OUT/key.p12" || exit 96
            agent() {
              (exec ip netns exec "lab-load-$$-$1" "$JAVA" -Dlab.home="$HOME_DIR" -cp "$CLASSPATH_OF_TEST" \\
                  org.concurrencylab.cli.Lab agent --bind "10.200.$1.2" --key "$OUT/key.p12" > "$OUT/agent-$1.out" 2>&1) &
            }
            agent 2; a2=$!
            agent 3; a3=$!
            trap 'kill -TERM $a2 $a3 2>/dev/null; wait $a2 $a3; sleep 1; cat "$OUT"/agent-*.out
                  echo "engines left: $(pgrep -fc "[J]meterEngine agent")"
                  ip netns del "lab-load-$$-2"; ip netns del "lab-load-$$-3"' EXIT
            for i in $(seq 1 120); do
              grep -q ready "$OUT/agent-2.out" && grep -q ready "$OUT/agent-3.out" && break; sleep 0.5
            done
            echo "load host 2 listens on: $(ip netns exec "lab-load-$$-2" ss -ltnH | awk '{print $4}' | tr '\\n' ' ')"
            "$JAVA" -Dlab.home="$HOME_DIR" -cp "$CLASSPATH_OF_TEST" org.concurrencylab.cli.Lab run blocking-io \\
                --variant mvc-tomcat-200 --scale 0.3 --load-from 10.200.2.2,10.200.3.2:1099 --reachable-at 10.200.0.1 \\
                --key "$OUT/key.p12" --out "$OUT/remote" > "$OUT/remote.out" 2>&1
            echo "remote exit: $?"
            """;

    @TempDir
    Path out;

    @Test
    void twoAgentsDriveAStepAndEverySampleComesBack() throws Exception {
        assumeThat(NetworkNamespace.available())
                .as("a network namespace can be made here (root, unshare, ip)")
                .isTrue();
        String output = NetworkNamespace.run(SCRIPT, Map.of("OUT", out.toString()), 240);
        assertThat(output)
                .as(output + Files.readString(out.resolve("remote.out")))
                .contains("remote exit: 0")
                .contains("ready: JMeter 5.6.3 remote engine accepting on 10.200.2.2:1099")
                .contains("ready: JMeter 5.6.3 remote engine accepting on 10.200.3.2:1099")
                .contains("lab: --bind 10.200.2.2: the agent accepts on this network, from a lab holding its key only")
                .contains("mutual TLS with the key")
                .contains("engines left: 0")
                // the agent's registry and engine object, each on its own address only
                .containsPattern("load host 2 listens on: ((\\[::ffff:)?10\\.200\\.2\\.2\\]?:(1099|1100) ){2}\\n");

        StepResult remote = step(out.resolve("remote"), "10x10");
        System.out.printf(
                "10x10 at S = 0.3 from two agents: %.1f/s, p50 %.1f ms, p95 %.1f ms%n",
                remote.client().throughputPerSecond(),
                remote.client().latencyMillis().p50(),
                remote.client().latencyMillis().p95());
        assertThat(remote.plan().driver()).isEqualTo("jmeter");
        assertThat(remote.plan().requestsByLoadHost())
                .isEqualTo(Map.of("10.200.2.2:1099", 50L, "10.200.3.2:1099", 50L));
        assertThat(remote.client().requests().ok()).isEqualTo(100);
        assertThat(remote.service().threads())
                .as("the probe watched the service")
                .isNotNull();
        assertThat(Files.readString(single(out.resolve("remote")).resolve("report.md")))
                .contains("by jmeter from 10.200.2.2:1099 (50), 10.200.3.2:1099 (50)");
        Path requestLog = single(out.resolve("remote")).resolve(remote.client().requestLog());
        assertThat(Files.readAllLines(requestLog)).hasSize(101);
        // 10 users on 200 workers hold 10 requests of D = 300 ms at once: at most 10 per D, each answered in D and
        // the request's own cost. The lab's driver gets 97-98 % of it here and JMeter 96 % (bench/load-from holds the
        // two side by side); 90 % leaves room for two agents' JVMs on 2 cores, a median 5 % over D would be a queue
        double bound = 10 / 0.3;
        assertThat(remote.client().throughputPerSecond()).isBetween(0.90 * bound, bound);
        assertThat(remote.client().latencyMillis().p50()).isBetween(300.0, 1.05 * 300);

        StepResult heavier = step(out.resolve("remote"), "100x10");
        assertThat(heavier.client().requests().ok()).isEqualTo(1000);
        assertThat(heavier.plan().requestsByLoadHost()).containsValues(500L, 500L);
    }

    private static StepResult step(Path runs, String load) throws IOException {
        RunResult run = ResultsJson.read(single(runs));
        return run.experiments().getFirst().variants().getFirst().steps().stream()
                .filter(step -> step.load().equals(load))
                .findFirst()
                .orElseThrow();
    }

    private static Path single(Path runs) throws IOException {
        try (var listed = Files.list(runs)) {
            return listed.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }
}
