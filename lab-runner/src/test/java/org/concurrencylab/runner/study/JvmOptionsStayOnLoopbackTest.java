package org.concurrencylab.runner.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.concurrencylab.runner.RealServicesTest;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.ListeningSockets;
import org.concurrencylab.runner.process.ProbeClient;
import org.junit.jupiter.api.Test;
import oshi.software.os.InternetProtocolStats;

/**
 * A study's JVM options reach the application's JVM, and a {@code -D} among them that asks for a listener
 * beyond loopback is outranked by the lab's own command line: Spring ranks command-line arguments above
 * system properties. The management port asked for is held by the test, so an application that obeyed
 * would fail to start rather than pass unseen.
 */
class JvmOptionsStayOnLoopbackTest extends RealServicesTest {

    private static final Path FIXTURE = HOME.root().resolve("fixtures/pooled-app/target/pooled-app.jar");

    @Test
    void theOptionsReachTheJvmAndASystemPropertyCannotLeaveLoopback() throws Exception {
        try (ServerSocket held = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int managementPort = held.getLocalPort();
            List<String> options = List.of(
                    "-Xmx200m",
                    // C1 alone: nothing here depends on the compiler, and the fixture starts sooner
                    "-XX:TieredStopAtLevel=1",
                    "-Dserver.address=0.0.0.0",
                    "-Dmanagement.server.port=" + managementPort,
                    "-Dmanagement.server.address=0.0.0.0");
            try (ApplicationProcess app = ApplicationProcess.custom(
                                    JavaRuntime.current(), HOME.agentJar(), FIXTURE, out.resolve("app.log"))
                            .path("/orders/1")
                            .jvmOptions(options)
                            .start();
                    ProbeClient probe = ProbeClient.at(app.probe())) {
                Map<String, Object> sizing = probe.readNow().sizing();
                assertThat(((Number) sizing.get("maxHeapBytes")).longValue())
                        .as("-Xmx200m reached the JVM")
                        .isLessThanOrEqualTo(200L * 1024 * 1024);
                assertThat(sizing.get("inputArguments").toString())
                        .contains("-Dserver.address=0.0.0.0")
                        .contains("-XX:TieredStopAtLevel=1");
                List<InternetProtocolStats.IPConnection> listening = ListeningSockets.of(app.pid());
                assertThat(listening)
                        .as("the application's server and the probe's")
                        .hasSizeGreaterThanOrEqualTo(2);
                ListeningSockets.allOnLoopback(listening);
                assertThat(listening).noneMatch(socket -> socket.getLocalPort() == managementPort);
            }
        }
    }
}
