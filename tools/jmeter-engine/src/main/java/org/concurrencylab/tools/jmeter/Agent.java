package org.concurrencylab.tools.jmeter;

import java.io.IOException;
import org.apache.jmeter.engine.RemoteJMeterEngineImpl;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's remote engine, what {@code jmeter-server} starts: it waits for a client to send a test plan,
 * runs it, and streams every sample back. It listens on the address named only (see
 * {@link OneAddressSockets}), and tells the client to call it there.
 * <p>
 * RMI runs without SSL ({@code server.rmi.ssl.disable}): JMeter's SSL needs one keystore made with its
 * {@code create-rmi-keystore} script and copied to the client and every agent, and it protects only the
 * wire. Whoever reaches this port can run any plan, and a plan can run code (JSR223, Groovy), so
 * an agent is bound to loopback unless an address is named, and then the launcher warns.
 */
final class Agent {

    private Agent() {
    }

    static void serve(String address, int port, int objectPort) throws IOException {
        System.setProperty("java.rmi.server.hostname", address);
        OneAddressSockets.listenOn(address);
        JMeterUtils.setProperty("server_port", Integer.toString(port));
        // the engine's own object on a known port, so that a firewall needs two ports open, not a range
        JMeterUtils.setProperty("server.rmi.localport", Integer.toString(objectPort));
        RemoteJMeterEngineImpl.startServer(port);
        System.out.printf("ready: JMeter %s remote engine accepting on %s:%d (its engine object on port %d)%n",
                JMeterUtils.getJMeterVersion(), address, port, objectPort);
        System.out.flush();
    }
}
