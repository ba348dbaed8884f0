package org.concurrencylab.tools.jmeter;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

/**
 * RMI's sockets as TLS 1.3 in both directions, each side presenting the {@link AgentKey}: a listening
 * socket on one address only that requires the peer's certificate, and outgoing sockets that finish their
 * handshake before RMI writes a byte. Set as the JDK's global factory it covers the registry, the engine
 * object, the client's sample listeners and RMI's distributed garbage collector alike: JMeter leaves every
 * one of them to the global factory while its own SSL is off ({@code server.rmi.ssl.disable}).
 * Stubs carry no factory of their own, so each process uses the key it was given, never a peer's path.
 */
final class MutualTlsSockets extends RMISocketFactory {

    private static final String[] PROTOCOLS = {"TLSv1.3"};

    /** How long a peer may take to finish its handshake on an outgoing connection. */
    private static final int HANDSHAKE_MILLIS = 10_000;

    private final InetAddress address;
    private final SSLContext context;

    private MutualTlsSockets(InetAddress address, SSLContext context) {
        this.address = address;
        this.context = context;
    }

    static void listenOn(String address, SSLContext context) throws IOException {
        RMISocketFactory.setSocketFactory(new MutualTlsSockets(InetAddress.getByName(address), context));
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket(host, port);
        try {
            socket.setEnabledProtocols(PROTOCOLS);
            socket.setSoTimeout(HANDSHAKE_MILLIS);
            socket.startHandshake();
            socket.setSoTimeout(0);
            return socket;
        } catch (IOException e) {
            socket.close();
            throw new IOException(
                    "TLS with " + host + ":" + port + " failed (" + e.getMessage()
                            + "): it does not hold this lab's agent key, or is no lab agent",
                    e);
        }
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        SSLServerSocket socket =
                (SSLServerSocket) context.getServerSocketFactory().createServerSocket(port, 50, address);
        socket.setEnabledProtocols(PROTOCOLS);
        socket.setNeedClientAuth(true);
        return socket;
    }
}
