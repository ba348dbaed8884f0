package org.concurrencylab.tools.jmeter;

import java.io.File;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.ServerNotActiveException;
import java.rmi.server.UnicastRemoteObject;
import java.util.HashMap;
import java.util.Optional;
import org.apache.jmeter.engine.JMeterEngine;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jmeter.engine.RemoteJMeterEngine;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;

/**
 * JMeter's remote engine as {@code jmeter-server} serves it ({@code RemoteJMeterEngineImpl}, which is
 * final), except that it configures only a plan {@link LabPlanPolicy} accepts and takes no properties
 * from its client: a refused plan never reaches JMeter's engine, and its client is told why in one line.
 * One test at a time, as JMeter's own.
 */
final class LabRemoteEngine extends UnicastRemoteObject implements RemoteJMeterEngine {

    /** The name JMeter's client looks the engine up by. */
    static final String NAME = "JMeterEngine";

    private static final long serialVersionUID = 1L;

    private final transient Object lock = new Object();
    private transient JMeterEngine backing;

    private LabRemoteEngine(int objectPort) throws RemoteException {
        super(objectPort);
    }

    /** Exports the engine on its port and binds it in a registry of its own on {@code registryPort}. */
    static void serve(int registryPort, int objectPort) throws RemoteException {
        LabRemoteEngine engine = new LabRemoteEngine(objectPort);
        Registry registry = LocateRegistry.createRegistry(registryPort);
        registry.rebind(NAME, engine);
    }

    @Override
    public void rconfigure(HashTree tree, String hostAndPort, File base, String scriptName) throws RemoteException {
        Optional<String> refusal = LabPlanPolicy.refusal(tree);
        if (refusal.isPresent()) {
            String line = "refused a plan from " + client() + ": " + refusal.get();
            System.out.println(line);
            System.out.flush();
            throw new RemoteException(line);
        }
        synchronized (lock) {
            if (backing != null && backing.isActive()) {
                throw new RemoteException("the agent is running another test; try when it has ended");
            }
            JMeterUtils.setProperty(JMeterUtils.THREAD_GROUP_DISTRIBUTED_PREFIX_PROPERTY_NAME, hostAndPort);
            backing = new StandardJMeterEngine(hostAndPort);
            backing.configure(tree);
        }
        FileServer.getFileServer().setScriptName(scriptName);
        FileServer.getFileServer().setBase(base);
        System.out.println("accepted a plan from " + client());
        System.out.flush();
    }

    @Override
    public void rrunTest() throws RemoteException, JMeterEngineException {
        engine().runTest();
    }

    @Override
    public void rstopTest(boolean now) throws RemoteException {
        engine().stopTest(now);
    }

    @Override
    public void rreset() throws RemoteException {
        synchronized (lock) {
            if (backing != null) {
                backing.reset();
            }
        }
    }

    /** The lab's client sends none; any property a client sends would change the agent's JMeter for every later test. */
    @Override
    @SuppressWarnings("NonApiType")
    public void rsetProperties(HashMap<String, String> properties) throws RemoteException {
        if (properties != null && !properties.isEmpty()) {
            rreset();
            synchronized (lock) {
                backing = null;
            }
            String line =
                    "refused properties from " + client() + " (" + properties.keySet() + "): the lab's plans set none";
            System.out.println(line);
            System.out.flush();
            throw new RemoteException(line);
        }
    }

    /** A client may not end the agent: it runs until its owner stops it. */
    @Override
    public void rexit() throws RemoteException {
        throw new RemoteException("an agent is stopped by its owner (Ctrl-C), not by a client");
    }

    private JMeterEngine engine() throws RemoteException {
        synchronized (lock) {
            if (backing == null) {
                throw new RemoteException("no plan configured");
            }
            return backing;
        }
    }

    private static String client() {
        try {
            return getClientHost();
        } catch (ServerNotActiveException e) {
            return "this host";
        }
    }
}
