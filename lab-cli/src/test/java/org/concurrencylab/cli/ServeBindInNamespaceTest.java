package org.concurrencylab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code ./lab serve --bind} for real, inside a network namespace of the test's own: only its loopback
 * exists, with a second address (10.200.0.1) on it that stands for "another interface". Nothing the test
 * starts can reach, or be reached from, any real network. Skipped where no namespace can be made
 * (not root, no {@code unshare}, macOS).
 */
class ServeBindInNamespaceTest {

    /** Serves, asks both addresses for the experiment's path, stops the lab, and prints what each answered. */
    private static final String SCRIPT = """
            set -u
            ip link set lo up && ip addr add 10.200.0.1/32 dev lo || exit 97
            out=$(mktemp)
            "$JAVA" -Dlab.home="$HOME_DIR" -cp "$CLASSPATH_OF_TEST" org.concurrencylab.cli.Lab serve blocking-io mvc-tomcat-200 \\
                --port 8080 --scale 0.1 $BIND > "$out" 2>&1 &
            lab=$!
            trap 'kill -TERM $lab 2>/dev/null; wait $lab; cat "$out"; rm -f "$out"' EXIT
            for i in $(seq 1 240); do grep -q "Ctrl-C stops it" "$out" && break; kill -0 $lab 2>/dev/null || break; sleep 0.5; done
            ask() {
              (exec 3<>"/dev/tcp/$1/8080" && printf 'GET /value HTTP/1.0\\r\\nHost: lab\\r\\n\\r\\n' >&3 && head -n 1 <&3) 2>/dev/null \\
                || echo "refused"
            }
            echo "loopback answered: $(ask 127.0.0.1)"
            echo "other address answered: $(ask 10.200.0.1)"
            """;

    @Test
    void byDefaultOnlyLoopbackAnswers() throws Exception {
        String output = serveInANamespace("");

        assertThat(output)
                .contains("loopback answered: HTTP/1.1 200")
                .contains("other address answered: refused")
                .doesNotContain("WARNING");
    }

    @Test
    void bindToEveryInterfaceAnswersOnTheOtherAddressAndWarns() throws Exception {
        String output = serveInANamespace("--bind 0.0.0.0");

        assertThat(output)
                .contains("loopback answered: HTTP/1.1 200")
                .contains("other address answered: HTTP/1.1 200")
                .contains("lab: WARNING: --bind 0.0.0.0")
                .contains("no authentication");
    }

    private static String serveInANamespace(String bind) throws Exception {
        assumeThat(NetworkNamespace.available())
                .as("a network namespace can be made here (root, unshare, ip)")
                .isTrue();
        return NetworkNamespace.run(SCRIPT, Map.of("BIND", bind), 150);
    }
}
