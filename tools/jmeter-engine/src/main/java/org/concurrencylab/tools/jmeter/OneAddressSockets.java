package org.concurrencylab.tools.jmeter;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;

/**
 * RMI's sockets, its listening ones on one address only. JMeter binds its RMI server sockets to
 * {@code java.rmi.server.hostname} only with SSL; without it, it leaves the factory to RMI's default,
 * which listens on every interface. Setting the JDK's global factory closes that: an agent told to
 * stay on loopback stays there, and a client's listeners for the agents' samples listen on the address
 * the agents reach it at.
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
