package org.concurrencylab.runner.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.List;
import oshi.SystemInfo;
import oshi.software.os.InternetProtocolStats;

/** The sockets a process listens on, by OSHI's view of the machine's TCP table, and the check that each is loopback. */
public final class ListeningSockets {

    private ListeningSockets() {}

    public static List<InternetProtocolStats.IPConnection> of(long pid) {
        return new SystemInfo()
                .getOperatingSystem().getInternetProtocolStats().getConnections().stream()
                        .filter(connection -> connection.getowningProcessId() == pid)
                        .filter(connection -> connection.getState() == InternetProtocolStats.TcpState.LISTEN)
                        .toList();
    }

    /** Each socket listens on a loopback address; the failure names the port and the address. */
    public static void allOnLoopback(List<InternetProtocolStats.IPConnection> listening) {
        assertThat(listening)
                .allSatisfy(socket -> assertThat(InetAddress.getByAddress(socket.getLocalAddress())
                                .isLoopbackAddress())
                        .as("port " + socket.getLocalPort() + " listens on "
                                + InetAddress.getByAddress(socket.getLocalAddress())
                                        .getHostAddress())
                        .isTrue());
    }
}
