package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every metric the shipped Grafana dashboard queries is one a served variant exposes: legacy-chain with
 * every fix, whose storefront has the HTTP client pool and the circuit breaker and whose orders service
 * has the database pool, both with Tomcat, the probe's pools and the request timer's buckets.
 */
class GrafanaDashboardTest extends RealServicesTest {

    /** A metric name in PromQL, where a selector or a range follows it. */
    private static final Pattern METRIC = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\{");

    @Test
    void everyMetricTheDashboardQueriesIsExposedByAServedVariant() throws Exception {
        JsonNode dashboard = JsonMapper.builder()
                .build()
                .readTree(Files.readString(HOME.root().resolve("grafana/concurrency-lab.json")));
        Set<String> queried = new TreeSet<>();
        dashboard
                .get("panels")
                .forEach(panel -> panel.get("targets").forEach(target -> {
                    Matcher metric = METRIC.matcher(target.get("expr").asString());
                    while (metric.find()) {
                        queried.add(metric.group(1));
                    }
                }));
        assertThat(queried).hasSizeGreaterThanOrEqualTo(8);

        Experiment legacyChain = Catalog.experiment("legacy-chain").orElseThrow();
        Set<String> exposed = new TreeSet<>();
        try (LabRunner.Served served = new LabRunner(HOME, JavaRuntime.current(), RunProgress.SILENT)
                        .serve(
                                legacyChain,
                                legacyChain.variant("all-fixes").orElseThrow(),
                                0,
                                Overrides.none()
                                        .withScale(1)
                                        .withCpus(2)
                                        .resolve(
                                                legacyChain,
                                                Runtime.getRuntime().availableProcessors()),
                                out.resolve("serve.log"));
                HttpClient client = HttpClient.newHttpClient()) {
            for (int i = 0; i < 20; i++) {
                client.send(
                        HttpRequest.newBuilder(served.service().uri("/")).build(),
                        HttpResponse.BodyHandlers.discarding());
            }
            // the probe publishes its pools once per sampling interval: read until every query's metric is
            // there, for 20 s at most
            long deadline = System.nanoTime() + 20_000_000_000L;
            do {
                exposed.clear();
                for (URI service : served.serviceUris()) {
                    String text = client.send(
                                    HttpRequest.newBuilder(service.resolve("/actuator/prometheus"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body();
                    text.lines()
                            .filter(line -> !line.startsWith("#"))
                            .map(line -> line.split("[{ ]", 2)[0])
                            .forEach(exposed::add);
                }
                if (!exposed.containsAll(queried)) {
                    Thread.sleep(100);
                }
            } while (!exposed.containsAll(queried) && System.nanoTime() < deadline);
        }

        assertThat(exposed).containsAll(queried);
    }
}
