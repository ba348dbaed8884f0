package org.concurrencylab.runner.process;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Ports on 127.0.0.1 chosen for a process before it starts, where others must know its address first. */
public final class LoopbackPorts {

    private LoopbackPorts() {}

    /**
     * A port nothing listens on now. The process binds it a moment later; should another take it meanwhile, the
     * process fails to start and its log says so.
     */
    public static int free() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
