package org.concurrencylab.tools.jmeter;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;

/**
 * RMI's sockets in clear, its listening ones on one address only: for {@code --plain-rmi}, which the
 * engine allows on loopback only. (JMeter binds its RMI server sockets to {@code java.rmi.server.hostname}
 * only with its own SSL; without it, RMI's default factory listens on every interface.)
 */
final class OneAddressSockets extends RMISocketFactory {

    private final InetAddress address;

    private OneAddressSockets(InetAddress address) {
        this.address = address;
    }

    static void listenOn(String address) throws IOException {
        RMISocketFactory.setSocketFactory(new OneAddressSockets(InetAddress.getByName(address)));
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return new Socket(host, port);
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, 50, address);
    }
}
