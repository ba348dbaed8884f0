package org.concurrencylab.tools.jmeter;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Apache JMeter in a process of its own, for the lab:
 * <pre>
 *   agent --bind ADDRESS --port N [--object-port M] [--log FILE] [--parent PID]
 *   run --plan P.jmx[,P2.jmx...] [--remote HOST:PORT,...] --jtl LOG.jtl [--deadline-seconds S] [--client-address A] [--log FILE] [--parent PID]
 * </pre>
 * With {@code --parent}, it ends when that process does.
 * The lab starts it; a user may too, with {@code java -cp 'jmeter-engine.jar:lib/*'}.
 */
public final class JmeterEngine {

    private JmeterEngine() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || !List.of("agent", "run").contains(args[0])) {
            System.err.println("usage: agent --bind ADDRESS --port N [--object-port M] | run --plan P.jmx[,...] [--remote HOSTS] --jtl LOG");
            System.exit(2);
        }
        Map<String, String> options = options(Arrays.copyOfRange(args, 1, args.length));
        JmeterHome.logTo(Path.of(options.getOrDefault("log", "jmeter-" + args[0] + ".log")));
        if (options.containsKey("parent")) {
            endWith(Long.parseLong(options.get("parent")));
        }
        JmeterHome.load();
        if (args[0].equals("agent")) {
            int port = Integer.parseInt(options.getOrDefault("port", "1099"));
            Agent.serve(options.getOrDefault("bind", "127.0.0.1"), port,
                    Integer.parseInt(options.getOrDefault("object-port", Integer.toString(port + 1))));
            // RMI's threads keep the process until it is stopped
            return;
        }
        String client = options.get("client-address");
        if (client != null) {
            // where the agents call back with their samples
            System.setProperty("java.rmi.server.hostname", client);
            OneAddressSockets.listenOn(client);
        }
        List<File> plans = Arrays.stream(required(options, "plan").split(",")).map(File::new).toList();
        List<String> hosts = options.containsKey("remote") ? List.of(options.get("remote").split(",")) : List.of();
        Duration deadline = Duration.ofSeconds(Long.parseLong(options.getOrDefault("deadline-seconds", "3600")));
        int code = new PlanRun(plans, hosts, new File(required(options, "jtl")), deadline).run();
        System.out.flush();
        // RMI's and JMeter's own non-daemon threads would keep a finished client alive
        System.exit(code);
    }

    /**
     * Ends this JVM when the process that started it ends, however it ended: the lab stops what it
     * starts, also when it is killed (SIGKILL runs no shutdown hook of its own).
     */
    private static void endWith(long parent) {
        ProcessHandle.of(parent).ifPresentOrElse(handle -> handle.onExit().thenRun(() -> {
            System.err.println("the lab (process " + parent + ") ended: stopping");
            Runtime.getRuntime().halt(4);
        }), () -> Runtime.getRuntime().halt(4));
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --name value, got " + args[i]);
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return value;
    }
}
