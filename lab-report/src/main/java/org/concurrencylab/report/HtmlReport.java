package org.concurrencylab.report;

import static java.lang.String.format;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.DatabaseUsage;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.ServiceTimeline;
import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.TimelinePoint;
import org.concurrencylab.results.VariantResult;
import tools.jackson.databind.json.JsonMapper;

/**
 * report.html: one self-contained page per run. Tables, claims and environment are written here;
 * the charts are drawn in the browser by Chart.js (inlined) from the run's timelines, embedded as
 * JSON. The page marks on its body how many charts it drew, how many had no data and which script
 * errors happened, so that a test in a headless browser can check it.
 */
public final class HtmlReport {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private HtmlReport() {
    }

    public static String render(RunResult run) {
        RunInfo info = run.run();
        StringBuilder body = new StringBuilder();
        body.append("<h1>Concurrency Lab run ").append(Html.escape(info.id())).append("</h1>\n");
        TerminalReport.partial(run).ifPresent(sentence ->
                body.append("<p class=\"failed\"><strong>").append(Html.escape(sentence)).append("</strong></p>\n"));
        body.append(summary(run));
        body.append(environment(run));
        body.append("<p class=\"note\">Figures marked <em>article</em> are the article's own, at its time scale; "
                + "everything else was measured in this run.</p>\n");
        for (int e = 0; e < run.experiments().size(); e++) {
            body.append(experiment(run.experiments().get(e), e, info.machineCpus()));
        }
        return page(info.id(), body.toString(), data(run));
    }

    /**
     * The verdicts first, as a reader wants them: per experiment the count of each verdict, every claim
     * with its evidence, and where the saturated variants were held back; the tables and charts follow.
     */
    private static String summary(RunResult run) {
        StringBuilder out = new StringBuilder("<section class=\"summary\"><h2>Verdicts</h2>\n");
        for (ExperimentResult experiment : run.experiments()) {
            java.util.Map<String, Long> counts = new java.util.TreeMap<>();
            experiment.claims().forEach(claim -> counts.merge(claim.status(), 1L, Long::sum));
            out.append(format(Locale.ROOT, "<h3><a href=\"#%s\">%s</a> <small>%s</small></h3>%n", Html.escape(experiment.name()),
                    Html.escape(experiment.name()), Html.escape(counts.entrySet().stream()
                            .map(entry -> entry.getValue() + " " + entry.getKey()).reduce((a, b) -> a + ", " + b).orElse("no claims"))));
            out.append("<ul class=\"claims\">\n");
            for (ClaimResult claim : experiment.claims()) {
                out.append(format(Locale.ROOT, "<li class=\"%s\"><strong>%s</strong> %s<br><span class=\"evidence\">%s</span></li>%n",
                        claim.status().replace(' ', '-'), Html.escape(claim.status()), Html.escape(claim.text()),
                        Html.escape(claim.evidence())));
            }
            out.append("</ul>\n");
            List<Diagnosis.Finding> diagnosis = Diagnosis.of(experiment);
            if (!diagnosis.isEmpty()) {
                out.append("<p class=\"note\">Bottlenecks, from stack samples:</p>\n<ul>\n");
                diagnosis.forEach(finding -> out.append("<li><strong>").append(Html.escape(finding.variant())).append("</strong>, ")
                        .append(Html.escape(finding.load())).append(": ").append(Html.escape(finding.sentence())).append("</li>\n"));
                out.append("</ul>\n");
            }
        }
        return out.append("</section>\n").toString();
    }

    private static String environment(RunResult run) {
        RunInfo info = run.run();
        TextTable table = new TextTable("what", "value");
        table.add("JDK the services ran on", info.jdk());
        table.add("Spring Boot", info.springBoot());
        table.add("machine", info.os() + ", " + info.machineCpus() + " CPUs");
        for (ExperimentResult experiment : run.experiments()) {
            table.add(experiment.name(), format(Locale.ROOT, "S = %s, D = %s ms, services saw %s CPUs, warm-up %s",
                    TerminalReport.number(experiment.scale()), TerminalReport.number(experiment.downstreamLatencyMillis()),
                    experiment.variants().stream().map(VariantResult::cpus).distinct().toList(), TerminalReport.warmUp(experiment)));
        }
        table.add("run", info.startedAt() + " to " + info.finishedAt());
        return "<section class=\"environment\"><h2>Environment</h2>" + table.renderHtml() + "</section>\n";
    }

    private static String experiment(ExperimentResult experiment, int index, int machineCpus) {
        StringBuilder out = new StringBuilder();
        out.append(format(Locale.ROOT, "<section class=\"experiment\" id=\"%s\"><h2>%s <small>after \"%s\"</small></h2>%n",
                Html.escape(experiment.name()), Html.escape(experiment.name()), Html.escape(experiment.title())));
        List<String> loads = TerminalReport.loads(experiment);
        for (int l = 0; l < loads.size(); l++) {
            String load = loads.get(l);
            out.append(format(Locale.ROOT, "<h3>Load %s <small>(%s)</small></h3>%n", Html.escape(load),
                    Html.escape(TerminalReport.loadHeading(load))));
            out.append(TerminalReport.stepTable(experiment, load, experiment.scale(), machineCpus).renderHtml());
            out.append(format(Locale.ROOT, "<div class=\"charts\" data-experiment=\"%d\" data-load=\"%d\"></div>%n", index, l));
        }
        boolean chained = experiment.variants().stream().flatMap(variant -> variant.steps().stream())
                .anyMatch(step -> step.services().size() > 1);
        if (chained) {
            out.append(format(Locale.ROOT, "<h3>Along the chain, load %s</h3>%n<p class=\"note\">Per variant, each service by its "
                            + "own meters: the 95th percentile of its server's time (beside the client's, which is the gateway's "
                            + "view), its 5xx answers beside the client's failures, and what waited: the database's sessions on a "
                            + "lock, requests waiting for a pooled database or HTTP connection, Tomcat's busy workers, and the "
                            + "share of each second the circuit breaker was open.</p>%n<div class=\"charts chain\" data-experiment=\"%d\"></div>%n",
                    Html.escape(loads.isEmpty() ? "-" : loads.getLast()), index));
        }
        out.append(format(Locale.ROOT, "<h3>Live threads by pool, load %s</h3>%n<div class=\"charts threads\" data-experiment=\"%d\"></div>%n",
                Html.escape(loads.isEmpty() ? "-" : loads.getLast()), index));
        for (VariantResult variant : experiment.variants()) {
            if (!variant.ok()) {
                out.append("<p class=\"failed\"><strong>").append(Html.escape(variant.name())).append(" failed:</strong> ")
                        .append(Html.escape(variant.failure())).append("</p>\n");
            }
        }
        List<String> locks = DatabaseSessions.lines(experiment);
        if (!locks.isEmpty()) {
            out.append("<h3>The database's sessions</h3>\n<ul>\n");
            locks.forEach(line -> out.append("<li>").append(Html.escape(line)).append("</li>\n"));
            out.append("</ul>\n");
        }
        List<String> hot = HotFrames.lines(experiment);
        if (!hot.isEmpty()) {
            out.append("<h3>Where the service's CPU went (sampled on-CPU stacks)</h3>\n<ul>\n");
            hot.forEach(line -> out.append("<li>").append(Html.escape(line)).append("</li>\n"));
            out.append("</ul>\n");
        }
        out.append("<h3>Little's law</h3>\n").append(LittlesLawChecks.of(experiment).renderHtml());
        JitActivity.sentence(experiment).ifPresent(sentence ->
                out.append("<p class=\"jit\">").append(Html.escape(sentence)).append("</p>\n"));
        MachineBoundSteps.sentence(experiment).ifPresent(sentence ->
                out.append("<p class=\"jit\">").append(Html.escape(sentence)).append("</p>\n"));
        if (!experiment.findings().isEmpty()) {
            out.append("<h3>What this run shows about this machine</h3>\n<ul>\n");
            experiment.findings().forEach(finding -> out.append("<li>").append(Html.escape(finding)).append("</li>\n"));
            out.append("</ul>\n");
        }
        return out.append("</section>\n").toString();
    }

    /** What the charts need, and nothing more: the full results.json can be megabytes of samples. */
    private static String data(RunResult run) {
        List<Object> experiments = new ArrayList<>();
        for (ExperimentResult experiment : run.experiments()) {
            List<Object> loads = new ArrayList<>();
            for (String load : TerminalReport.loads(experiment)) {
                List<Object> variants = new ArrayList<>();
                for (VariantResult variant : experiment.variants()) {
                    variant.steps().stream().filter(step -> step.load().equals(load)).findFirst()
                            .ifPresent(step -> variants.add(series(variant, step)));
                }
                loads.add(Map.of("load", load, "variants", variants));
            }
            experiments.add(Map.of("name", experiment.name(), "loads", loads));
        }
        return JSON.writeValueAsString(Map.of("experiments", experiments)).replace("</", "<\\/");
    }

    private static Map<String, Object> series(VariantResult variant, StepResult step) {
        List<Double> at = new ArrayList<>();
        List<Double> p95 = new ArrayList<>();
        List<Long> completed = new ArrayList<>();
        List<Long> failed = new ArrayList<>();
        Map<String, List<Integer>> pools = new TreeMap<>();
        List<TimelinePoint> points = step.timeline().points();
        for (TimelinePoint point : points) {
            point.liveByPool().keySet().forEach(pool -> pools.putIfAbsent(pool, new ArrayList<>()));
        }
        for (TimelinePoint point : points) {
            at.add(point.atSeconds());
            p95.add(point.started() > 0 && point.latencyMillisP95() > 0 ? point.latencyMillisP95() : null);
            completed.add(point.completed());
            failed.add(point.failed());
            pools.forEach((pool, live) -> live.add(point.liveByPool().getOrDefault(pool, 0)));
        }
        Map<String, Object> series = new LinkedHashMap<>();
        series.put("name", variant.name());
        series.put("throughput", step.throughputPerSecond());
        series.put("bound", step.littlesLawPerSecond());
        series.put("at", at);
        series.put("p95", p95);
        series.put("completed", completed);
        series.put("pools", pools);
        series.put("failed", failed);
        series.put("mean", step.latencyMillis().mean());
        series.put("errorShare", step.requests().sent() == 0 ? 0 : (double) step.requests().failed() / step.requests().sent());
        if (step.database() != null) {
            series.put("lockAt", step.database().timeline().stream().map(DatabaseUsage.Point::second).toList());
            series.put("lockWaits", step.database().timeline().stream().map(DatabaseUsage.Point::waitingOnLocks).toList());
        }
        if (step.services().size() > 1) {
            series.put("services", step.services().stream().map(HtmlReport::service).toList());
        }
        return series;
    }

    /** One service of a chain over the step: its own latency, errors and pools' gauges per article second. */
    private static Map<String, Object> service(ServiceTimeline timeline) {
        Map<String, List<Double>> gauges = new TreeMap<>();
        timeline.points().forEach(point -> point.gauges().keySet().forEach(key -> gauges.putIfAbsent(key, new ArrayList<>())));
        timeline.points().forEach(point -> gauges.forEach((key, values) -> values.add(point.gauges().get(key))));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", timeline.service());
        out.put("at", timeline.points().stream().map(ServiceTimeline.Point::atSeconds).toList());
        out.put("p95", timeline.points().stream().map(point -> point.requests() == 0 ? null : point.p95Millis()).toList());
        out.put("errors", timeline.points().stream().map(ServiceTimeline.Point::serverErrors).toList());
        out.put("gauges", gauges);
        return out;
    }

    private static String page(String runId, String body, String data) {
        String template = resource("report-template.html");
        String chartJsVersion = ChartLibrary.version();
        return template
                .replace("{{title}}", "Concurrency Lab run " + Html.escape(runId))
                .replace("{{chartjs-version}}", chartJsVersion)
                .replace("{{chartjs}}", ChartLibrary.script(chartJsVersion))
                .replace("{{body}}", body)
                .replace("{{data}}", data)
                .replace("{{script}}", resource("report.js"));
    }

    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
