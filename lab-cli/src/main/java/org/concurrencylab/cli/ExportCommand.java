package org.concurrencylab.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.results.AtomicFiles;
import org.concurrencylab.catalog.LoadStep;
import org.concurrencylab.driver.Connections;
import org.concurrencylab.hyperfoil.HyperfoilBenchmark;
import org.concurrencylab.runner.LabHome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "export", description = "Write an experiment's loads in the format of another load tool.",
        subcommands = ExportCommand.Hyperfoil.class)
final class ExportCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "name the format: hyperfoil");
    }

    @Command(name = "hyperfoil", description = {
            "Write each step of an experiment as a Hyperfoil benchmark, time-scaled as the lab runs it: a closed step "
                    + "as atOnce users each looping its requests, an open one as constantRate without variance, a held "
                    + "one as users started over the ramp-up who think between requests; the lab's warm-up first, as a "
                    + "warm-up phase. Add your agents to drive it from several hosts; bring the statistics back with "
                    + "./lab import hyperfoil."})
    static final class Hyperfoil implements Callable<Integer> {

        @Spec
        private CommandSpec spec;

        @Parameters(index = "0", paramLabel = "EXPERIMENT", description = "An experiment (see ./lab list).")
        private String experimentName;

        @Option(names = "--load", paramLabel = "LOAD", description = "Only this step (e.g. 100x10; default: every step).")
        private String load;

        @Option(names = "--target", paramLabel = "URL", description = "The served variant: http://host:port (default: "
                + "http://127.0.0.1:8080, where ./lab serve listens). Another host gets a warning: the benchmark will "
                + "load it.")
        private URI target = HyperfoilBenchmark.DEFAULT_TARGET;

        @Mixin
        private ScaleOption scale;

        @Option(names = "--connections", paramLabel = "MODE", description = "new-per-request or keep-alive (default: the experiment's client).")
        private String connections;

        @Option(names = "--threads", paramLabel = "N", defaultValue = "0", description = "Hyperfoil's event loops per "
                + "agent (default: Hyperfoil's own). With one or two, answers that come together wait for each other: "
                + "the lab measured 2-5 %% less throughput than its own driver on blocking-io; with eight, under 2 %%.")
        private int threads;

        /** Where the benchmarks go; by default results/hyperfoil/EXPERIMENT. */
        @Mixin
        private OutOption out;

        @Override
        public Integer call() throws IOException {
            Experiment experiment = Choices.experiment(spec.commandLine(), experimentName);
            Overrides overrides = scale.applyTo(Overrides.none(), spec.commandLine());
            overrides = Choices.connections(spec.commandLine(), connections).map(overrides::withConnections).orElse(overrides);
            RunSettings settings = overrides.resolve(experiment, Runtime.getRuntime().availableProcessors());
            double runScale = settings.scaled().scale();
            Connections client = settings.connections();
            List<LoadStep> steps = load == null ? experiment.steps() : List.of(Choices.load(spec.commandLine(), experiment, load));
            checkTarget();
            warnIfNotLoopback();
            Path directory = out.directory(spec.commandLine(),
                    LabHome.locate().root().resolve("results").resolve("hyperfoil").resolve(experiment.name()));
            for (LoadStep step : steps) {
                HyperfoilBenchmark benchmark;
                try {
                    benchmark = HyperfoilBenchmark.of(experiment, step).target(target).connections(client).threads(threads)
                            .scale(runScale).build();
                } catch (IllegalArgumentException e) {
                    throw new ParameterException(spec.commandLine(), e.getMessage());
                }
                Path file = directory.resolve(benchmark.name() + ".hf.yaml");
                AtomicFiles.writeString(file, benchmark.yaml());
                System.out.println("wrote " + file);
            }
            System.out.printf("%nServe a variant (./lab serve %s VARIANT --port %d --scale %s), upload a benchmark to your "
                            + "Hyperfoil controller and run it; then: ./lab import hyperfoil STATS.json --variant VARIANT%n",
                    experiment.name(), target.getPort() < 0 ? 8080 : target.getPort(), runScale);
            return 0;
        }

        /** An address a benchmark can be aimed at: http or https, a host, a port a socket can have. */
        private void checkTarget() {
            if (target.getScheme() == null || !List.of("http", "https").contains(target.getScheme()) || target.getHost() == null) {
                throw new ParameterException(spec.commandLine(), "--target must be http://host:port or https://host:port, not " + target);
            }
            if (target.getPort() != -1 && (target.getPort() < 1 || target.getPort() > 65535)) {
                throw new ParameterException(spec.commandLine(), "--target's port must be from 1 to 65535, not " + target.getPort());
            }
        }

        /** The lab's own traffic stays on loopback; a benchmark aimed elsewhere is the user's explicit choice. */
        private void warnIfNotLoopback() {
            if (!isLoopback(target.getHost())) {
                System.err.println("lab: warning: these benchmarks will send load to " + target
                        + ", not to this machine's loopback; run them only against a deployment you own");
            }
        }

        /**
         * By name, not by a DNS lookup that could stall or be answered by someone else: localhost, or an IP
         * literal in the loopback range. A name that only begins like one (127.0.0.1.example.com) is a name.
         */
        static boolean isLoopback(String host) {
            if (host.equalsIgnoreCase("localhost")) {
                return true;
            }
            String literal = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
            if (literal.matches("(\\d{1,3}\\.){3}\\d{1,3}")) {
                String[] octets = literal.split("\\.");
                return java.util.Arrays.stream(octets).allMatch(octet -> Integer.parseInt(octet) <= 255) && octets[0].equals("127");
            }
            if (!literal.contains(":") || !literal.matches("[0-9a-fA-F:.]+")) {
                return false;
            }
            try {
                // a string with a colon is parsed as an IPv6 literal, never looked up
                return InetAddress.getByName(literal).isLoopbackAddress();
            } catch (java.net.UnknownHostException notALiteral) {
                return false;
            }
        }
    }
}
