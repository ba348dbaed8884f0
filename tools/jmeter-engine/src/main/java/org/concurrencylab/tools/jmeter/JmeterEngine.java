package org.concurrencylab.tools.jmeter;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Apache JMeter in a process of its own, for the lab:
 * <pre>
 *   new-key FILE
 *   agent --bind ADDRESS --port N [--object-port M] (--key FILE | --plain-rmi) [--log FILE] [--parent PID]
 *   run --plan P.jmx[,P2.jmx...] [--remote HOST:PORT,... (--key FILE | --plain-rmi)] --jtl LOG.jtl
 *       [--deadline-seconds S] [--client-address A] [--log FILE] [--parent PID]
 * </pre>
 * With {@code --parent}, it ends when that process does. Bad input ends it with exit {@link #BAD_INPUT}
 * and one line on standard error that begins with {@code error:}.
 * The lab starts it; a user may too, with {@code java -cp 'jmeter-engine.jar:lib/*'}.
 */
public final class JmeterEngine {

    static final int BAD_INPUT = 2;

    private JmeterEngine() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || !List.of("agent", "run", "new-key").contains(args[0])) {
            fail("usage: new-key FILE | agent --bind ADDRESS --port N (--key FILE | --plain-rmi) "
                    + "| run --plan P.jmx[,...] [--remote HOSTS (--key FILE | --plain-rmi)] --jtl LOG");
        }
        if (args[0].equals("new-key")) {
            newKey(args);
            return;
        }
        Map<String, String> options = options(Arrays.copyOfRange(args, 1, args.length));
        JmeterHome.logTo(Path.of(options.getOrDefault("log", "jmeter-" + args[0] + ".log")));
        if (options.containsKey("parent")) {
            endWith(Long.parseLong(options.get("parent")));
        }
        if (args[0].equals("agent")) {
            // before anything can be read from a socket
            LabPlanClassFilter.install();
            String bind = options.getOrDefault("bind", "127.0.0.1");
            String security = secureSockets(options, bind, true);
            JmeterHome.load();
            int port = Integer.parseInt(options.getOrDefault("port", "1099"));
            int objectPort = Integer.parseInt(options.getOrDefault("object-port", Integer.toString(port + 1)));
            try {
                Agent.serve(bind, port, objectPort, security);
            } catch (Agent.PortTaken e) {
                fail(e.getMessage());
            }
            // RMI's threads keep the process until it is stopped
            return;
        }
        String client = options.getOrDefault("client-address", "127.0.0.1");
        List<String> hosts =
                options.containsKey("remote") ? List.of(options.get("remote").split(",")) : List.of();
        if (!hosts.isEmpty()) {
            // where the agents call back with their samples
            secureSockets(options, client, false);
        }
        JmeterHome.load();
        List<File> plans = Arrays.stream(required(options, "plan").split(","))
                .map(File::new)
                .toList();
        Duration deadline = Duration.ofSeconds(Long.parseLong(options.getOrDefault("deadline-seconds", "3600")));
        int code = new PlanRun(plans, hosts, new File(required(options, "jtl")), deadline).run();
        System.out.flush();
        // RMI's and JMeter's own non-daemon threads would keep a finished client alive
        System.exit(code);
    }

    /**
     * Sets RMI's sockets for the whole process, on {@code address}: mutual TLS with {@code --key}, or in
     * clear with {@code --plain-rmi} where {@code address} is loopback. Returns how, in words.
     */
    private static String secureSockets(Map<String, String> options, String address, boolean agent) throws IOException {
        System.setProperty("java.rmi.server.hostname", address);
        if (options.containsKey("plain-rmi")) {
            if (options.containsKey("key")) {
                fail("--key and --plain-rmi exclude each other");
            }
            if (!InetAddress.getByName(address).isLoopbackAddress()) {
                fail("--plain-rmi is for loopback only, not " + address + ": give the lab's agent key with --key");
            }
            OneAddressSockets.listenOn(address);
            return "RMI in clear (--plain-rmi): any local user can send it a plan";
        }
        Path key = Path.of(options.getOrDefault("key", ""));
        if (key.toString().isEmpty()) {
            fail("name the lab's agent key with --key FILE" + (agent ? "" : " (the one the agents were started with)"));
        }
        try {
            MutualTlsSockets.listenOn(address, AgentKey.load(key));
        } catch (AgentKey.Unusable e) {
            fail(e.getMessage());
        }
        return "mutual TLS with the key " + key.toAbsolutePath();
    }

    private static void newKey(String[] args) throws IOException, InterruptedException {
        if (args.length != 2) {
            fail("usage: new-key FILE");
        }
        try {
            AgentKey.create(Path.of(args[1]));
        } catch (AgentKey.Unusable e) {
            fail(e.getMessage());
        }
        System.out.println("made: " + Path.of(args[1]).toAbsolutePath());
    }

    /** One line on standard error, and exit {@link #BAD_INPUT}. */
    static void fail(String line) {
        System.err.println("error: " + line);
        System.err.flush();
        System.exit(BAD_INPUT);
    }

    /**
     * Ends this JVM when the process that started it ends, however it ended: the lab stops what it
     * starts, also when it is killed (SIGKILL runs no shutdown hook of its own).
     */
    private static void endWith(long parent) {
        ProcessHandle.of(parent)
                .ifPresentOrElse(
                        handle -> handle.onExit().thenRun(() -> {
                            System.err.println("the lab (process " + parent + ") ended: stopping");
                            Runtime.getRuntime().halt(4);
                        }),
                        () -> Runtime.getRuntime().halt(4));
    }

    /** {@code --name value} pairs; {@code --plain-rmi} stands alone. */
    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--plain-rmi")) {
                options.put("plain-rmi", "true");
                continue;
            }
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                fail("expected --name value, got " + args[i]);
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            fail("--" + name + " is required");
        }
        return value;
    }
}
