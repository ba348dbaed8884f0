package org.concurrencylab.tools.jmeter;

import java.rmi.RemoteException;
import java.rmi.server.ExportException;
import org.apache.jmeter.util.JMeterUtils;

/**
 * A load agent: the lab's JMeter engine, waiting for a lab's client to send a plan, running it, and
 * streaming every sample back. It listens on the address named only (its sockets are set process-wide
 * before it starts), and accepts a plan only in layers that each hold alone: the peer must present the
 * {@link AgentKey} (mutual TLS), the stream may build only {@link LabPlanClassFilter}'s classes, and
 * the tree must pass {@link LabPlanPolicy}. Its class path holds no script engine.
 */
final class Agent {

    private Agent() {}

    /** A port that cannot be had, in one line. */
    static final class PortTaken extends Exception {
        PortTaken(String message) {
            super(message);
        }
    }

    static void serve(String address, int port, int objectPort, String security) throws PortTaken, RemoteException {
        try {
            LabRemoteEngine.serve(port, objectPort);
        } catch (ExportException e) {
            throw new PortTaken("port " + port + " or " + objectPort + " on " + address + " is taken ("
                    + PlanRun.rootCause(e) + "): stop what holds it, or give another --port");
        }
        System.out.printf(
                "ready: JMeter %s remote engine accepting on %s:%d (its engine object on port %d), %s%n",
                JMeterUtils.getJMeterVersion(), address, port, objectPort, security);
        System.out.flush();
    }
}
