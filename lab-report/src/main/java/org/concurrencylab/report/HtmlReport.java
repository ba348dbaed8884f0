package org.concurrencylab.report;

import static java.lang.String.format;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.report.document.Block;
import org.concurrencylab.report.document.Html;
import org.concurrencylab.report.document.ReportDocument;
import org.concurrencylab.report.section.ChartPlan;
import org.concurrencylab.report.section.RequestSamples;
import org.concurrencylab.report.section.StepTables;
import org.concurrencylab.report.section.SweepReport;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.ServiceTimeline;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.TimelinePoint;
import org.concurrencylab.results.sweep.SweepPoint;
import org.concurrencylab.results.sweep.SweepResult;
import org.concurrencylab.results.usage.Autoscaled;
import org.concurrencylab.results.usage.DatabaseUsage;
import org.concurrencylab.sweep.SweepAnalysis;
import tools.jackson.databind.json.JsonMapper;

/**
 * report.html: one self-contained page per run, the verdicts first, each claim linked to the chart
 * that shows it. The page's text is the {@link ReportDocument}; the charts are drawn in the browser by
 * Chart.js (inlined) from the run's figures, embedded as JSON, by the plan {@link ChartPlan} made. The
 * page marks on its body how many charts it drew, how many had no data and which script errors
 * happened, so that a test in a headless browser can check it.
 */
public final class HtmlReport {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private HtmlReport() {}

    /** The page without the per-request records: percentiles from the steps' own, no scatter. */
    public static String render(RunResult run) {
        return render(run, null);
    }

    /** @param runDirectory where the run's per-request CSVs are, for the scatter and the percentile plots */
    public static String render(RunResult run, Path runDirectory) {
        ReportDocument document = RunReport.of(run);
        StringBuilder body =
                new StringBuilder("<h1>").append(Html.escape(document.title())).append("</h1>\n");
        document.lead().forEach(block -> render(block, body));
        body.append("<section class=\"summary\"><h2>")
                .append(Html.escape(document.summaryTitle()))
                .append("</h2>\n");
        document.summary().forEach(block -> render(block, body));
        body.append("</section>\n<section class=\"environment\">\n");
        document.environment().forEach(block -> render(block, body));
        body.append("</section>\n");
        String experiment = null;
        for (Block block : document.experiments()) {
            if (block instanceof Block.Heading heading && heading.level() == 2) {
                body.append(experiment == null ? "" : "</section>\n").append("<section class=\"experiment\">\n");
                experiment = heading.text();
            }
            render(block, body);
        }
        body.append(experiment == null ? "" : "</section>\n");
        return page(document.title(), body.toString(), data(run, runDirectory));
    }

    private static void render(Block block, StringBuilder out) {
        switch (block) {
            case Block.Heading heading ->
                out.append(format(
                        Locale.ROOT,
                        "<h%d%s>%s%s</h%d>%n",
                        heading.level(),
                        heading.anchor().isEmpty() ? "" : " id=\"" + Html.escape(heading.anchor()) + "\"",
                        Html.escape(heading.text()),
                        heading.subtitle().isEmpty() ? "" : " <small>" + Html.escape(heading.subtitle()) + "</small>",
                        heading.level()));
            case Block.Paragraph paragraph ->
                out.append(format(
                        Locale.ROOT,
                        "<p class=\"%s\">%s</p>%n",
                        paragraph.tone().name().toLowerCase(Locale.ROOT),
                        Html.escape(paragraph.text())));
            case Block.Table table -> out.append(table.table().renderHtml());
            case Block.Items items -> {
                out.append("<ul>\n");
                items.items()
                        .forEach(item -> out.append("<li>")
                                .append(
                                        item.lead().isEmpty()
                                                ? ""
                                                : "<strong>" + Html.escape(item.lead()) + "</strong>: ")
                                .append(Html.escape(item.text()))
                                .append("</li>\n"));
                out.append("</ul>\n");
            }
            case Block.Verdicts verdicts -> {
                out.append("<ul class=\"claims\">\n");
                verdicts.claims()
                        .forEach(claim -> out.append(format(
                                Locale.ROOT,
                                "<li class=\"%s\"><strong>%s</strong> %s%s<br><span class=\"evidence\">%s</span></li>%n",
                                claim.status().replace(' ', '-'),
                                Html.escape(claim.status()),
                                Html.escape(claim.text()),
                                claim.chartAnchor() == null
                                        ? ""
                                        : format(
                                                Locale.ROOT,
                                                " <a class=\"chart-link\" href=\"#%s\">see: %s</a>",
                                                Html.escape(claim.chartAnchor()),
                                                Html.escape(claim.chartTitle())),
                                Html.escape(claim.evidence()))));
                out.append("</ul>\n");
            }
            case Block.Charts charts ->
                out.append(format(
                        Locale.ROOT,
                        "<div class=\"charts\" data-kind=\"%s\" data-experiment=\"%d\" data-load=\"%d\"></div>%n",
                        charts.kind(),
                        charts.experiment(),
                        charts.load()));
            case Block.ChartSection section -> {
                render(section.heading(), out);
                render(section.note(), out);
                render(section.charts(), out);
            }
        }
    }

    /** What the charts need, and nothing more: the full results.json can be megabytes of samples. */
    private static String data(RunResult run, Path runDirectory) {
        List<Object> experiments = new ArrayList<>();
        for (int e = 0; e < run.experiments().size(); e++) {
            ExperimentResult experiment = run.experiments().get(e);
            List<Object> loads = new ArrayList<>();
            List<String> labels = StepTables.loads(experiment);
            for (int l = 0; l < labels.size(); l++) {
                String load = labels.get(l);
                List<Object> variants = new ArrayList<>();
                // a forked variant's each fork, as it ran: every step's chart shows its forks' points
                for (VariantResult variant : experiment.variants()) {
                    for (int fork = 0; fork < variant.runs().size(); fork++) {
                        String name = ChartPlan.runName(variant, fork);
                        variant.runs().get(fork).steps().stream()
                                .filter(step -> step.load().equals(load))
                                .findFirst()
                                .ifPresent(step ->
                                        variants.add(series(name, step, new Scaled(experiment.scale()), runDirectory)));
                    }
                }
                loads.add(Map.of(
                        "load",
                        load,
                        "charts",
                        ChartPlan.kinds(experiment, load).stream()
                                .map(ChartRef.Kind::label)
                                .toList(),
                        "variants",
                        variants));
            }
            experiments.add(Map.of("name", experiment.name(), "second", second(experiment), "loads", loads));
        }
        List<Map<String, Object>> sweeps =
                run.sweeps().stream().map(HtmlReport::sweep).toList();
        return JSON.writeValueAsString(Map.of("experiments", experiments, "sweeps", sweeps))
                .replace("</", "<\\/");
    }

    /**
     * What a second on a chart's time axis is: an article's experiment runs on its time scale S, and its timelines
     * count the article's seconds; a study, or a load imported from another tool, has no article and counts its own.
     */
    static String second(ExperimentResult experiment) {
        return experiment.ofAnArticle() ? "article second" : "second";
    }

    /**
     * A step's count in each bin of its timeline, as a rate per bin: the last bin ends with the step's last answer and
     * covers only part of its time, where its count alone would read as a fall at the step's end. It is scaled to a
     * whole bin where it covers half of one or more, and left out (null) where it covers less, too little time to
     * tell a rate by; every other bin is whole.
     *
     * @param binMillis     a bin's real width
     * @param elapsedMillis the step's real length, to its last answer
     */
    static List<Double> perBin(List<Long> counts, double binMillis, double elapsedMillis) {
        List<Double> rates = new ArrayList<>();
        counts.forEach(count -> rates.add(count.doubleValue()));
        if (rates.isEmpty() || !(binMillis > 0) || !(elapsedMillis > 0)) {
            return rates;
        }
        double covered = elapsedMillis / binMillis - (rates.size() - 1);
        if (covered < 1) {
            int last = rates.size() - 1;
            rates.set(last, covered >= 0.5 ? rates.get(last) / covered : null);
        }
        return rates;
    }

    /** Enough for the USL's curve to look smooth, and the bounds' corner to fall within a step of the knob. */
    private static final int SWEEP_LINE_POINTS = 100;

    private static Map<String, Object> series(String name, StepResult step, Scaled scaled, Path runDirectory) {
        List<Double> at = new ArrayList<>();
        List<Double> p95 = new ArrayList<>();
        List<Long> completed = new ArrayList<>();
        List<Long> failed = new ArrayList<>();
        Map<String, List<Integer>> pools = new TreeMap<>();
        List<TimelinePoint> points = step.client().timeline().points();
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
        series.put("name", name);
        series.put("id", ChartPlan.variantId(name));
        series.put("throughput", step.client().throughputPerSecond());
        series.put("bound", step.bound().littlesLawPerSecond());
        series.put("at", at);
        series.put("p95", p95);
        double binMillis = step.client().timeline().binMillis();
        double elapsedMillis = step.client().elapsedSeconds() * 1000;
        series.put("completed", perBin(completed, binMillis, elapsedMillis));
        series.put("pools", pools);
        series.put("failed", perBin(failed, binMillis, elapsedMillis));
        // the threads the pools held when the load came and kept once it was gone, beside the chart of the step itself
        if (step.service().threads() != null && step.service().threads().beforeLoad() != null) {
            series.put("liveBefore", step.service().threads().beforeLoad().live());
        }
        if (step.service().threads() != null && step.service().threads().afterLoad() != null) {
            series.put("liveAfter", step.service().threads().afterLoad().live());
            series.put(
                    "afterSeconds",
                    scaled.articleMillis(step.service().threads().afterLoad().atMillis()
                                    - step.client().elapsedSeconds() * 1000)
                            / 1000);
        }
        series.put("mean", step.client().latencyMillis().mean());
        series.put(
                "errorShare",
                step.client().requests().sent() == 0
                        ? 0
                        : (double) step.client().requests().failed()
                                / step.client().requests().sent());
        RequestSamples.read(runDirectory, step, scaled)
                .ifPresentOrElse(
                        requests -> {
                            series.put("answered", rounded(requests.answered()));
                            series.put("failures", rounded(requests.failed()));
                            series.put("requests", requests.requests());
                            series.put("percentiles", rounded(requests.percentiles()));
                        },
                        () -> series.put(
                                "percentiles",
                                step.client().requests().ok() == 0
                                        ? List.of()
                                        : List.of(
                                                List.of(
                                                                50.0,
                                                                step.client()
                                                                        .latencyMillis()
                                                                        .p50()),
                                                        List.of(
                                                                90.0,
                                                                step.client()
                                                                        .latencyMillis()
                                                                        .p90()),
                                                List.of(
                                                                95.0,
                                                                step.client()
                                                                        .latencyMillis()
                                                                        .p95()),
                                                        List.of(
                                                                99.0,
                                                                step.client()
                                                                        .latencyMillis()
                                                                        .p99()))));
        if (step.service().database() != null) {
            series.put(
                    "lockAt",
                    step.service().database().timeline().stream()
                            .map(DatabaseUsage.Point::second)
                            .toList());
            series.put(
                    "lockWaits",
                    step.service().database().timeline().stream()
                            .map(DatabaseUsage.Point::waitingOnLocks)
                            .toList());
        }
        if (step.service().autoscaled() != null) {
            series.put("autoscaled", autoscaled(step.service().autoscaled()));
        }
        if (step.service().services().size() > 1) {
            series.put(
                    "services",
                    step.service().services().stream().map(HtmlReport::service).toList());
        }
        return series;
    }

    /** An autoscaler's readings as [article second, instances, utilization], its target and its decisions as results.json has them. */
    private static Map<String, Object> autoscaled(Autoscaled autoscaled) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("rule", autoscaled.rule());
        out.put(
                "readings",
                autoscaled.readings().stream()
                        .map(reading -> List.of(
                                round(reading.atSeconds()), (double) reading.instances(), round(reading.utilization())))
                        .toList());
        out.put("target", autoscaled.target());
        out.put("decisions", autoscaled.decisions());
        return out;
    }

    /** A sweep's points, and its better model drawn across them, from the lowest value to the highest. */
    private static Map<String, Object> sweep(SweepResult sweep) {
        List<Object> points = new ArrayList<>();
        for (SweepPoint point : sweep.points()) {
            Map<String, Object> shown = new LinkedHashMap<>();
            shown.put("x", point.value());
            shown.put("throughput", point.throughputPerSecond());
            shown.put("p95", point.p95Millis());
            shown.put("failed", round(100 * point.failedShare()));
            shown.put("bound", point.boundPerSecond());
            shown.put(
                    "cpuBound",
                    point.cpuBoundPerSecond().isPresent()
                            ? point.cpuBoundPerSecond().getAsDouble()
                            : null);
            shown.put("clean", point.clean());
            points.add(shown);
        }
        List<List<Double>> model = new ArrayList<>();
        if (sweep.fit().model() != null && !sweep.points().isEmpty()) {
            double low = sweep.points().getFirst().value();
            double high = sweep.points().getLast().value();
            for (int i = 0; i <= SWEEP_LINE_POINTS; i++) {
                double n = low + (high - low) * i / SWEEP_LINE_POINTS;
                model.add(List.of(n, round(SweepAnalysis.predict(sweep.fit(), n))));
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("knob", sweep.knob());
        out.put("points", points);
        out.put("model", model);
        out.put(
                "modelName",
                sweep.fit().model() == null
                        ? ""
                        : SweepReport.modelName(sweep.fit().model()));
        out.put("knee", sweep.fit().knee().isPresent() ? sweep.fit().knee().getAsDouble() : null);
        return out;
    }

    /** Three significant digits are all the charts can show, and they keep a run of the whole catalog small. */
    private static List<List<Double>> rounded(List<double[]> points) {
        return points.stream()
                .map(point ->
                        Arrays.stream(point).map(HtmlReport::round).boxed().toList())
                .toList();
    }

    private static double round(double value) {
        if (value == 0 || Double.isNaN(value) || Double.isInfinite(value)) {
            return 0;
        }
        double digits = Math.pow(10, 2 - (int) Math.floor(Math.log10(Math.abs(value))));
        return Math.round(value * digits) / digits;
    }

    /** One service of a chain over the step: its own latency, errors and pools' gauges per article second. */
    private static Map<String, Object> service(ServiceTimeline timeline) {
        Map<String, List<Double>> gauges = new TreeMap<>();
        timeline.points()
                .forEach(point -> point.gauges().keySet().forEach(key -> gauges.putIfAbsent(key, new ArrayList<>())));
        timeline.points()
                .forEach(point -> gauges.forEach(
                        (key, values) -> values.add(point.gauges().get(key))));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", timeline.service());
        out.put(
                "at",
                timeline.points().stream().map(ServiceTimeline.Point::atSeconds).toList());
        out.put(
                "p95",
                timeline.points().stream()
                        .map(point -> point.requests() == 0 ? null : point.p95Millis())
                        .toList());
        out.put(
                "errors",
                timeline.points().stream()
                        .map(ServiceTimeline.Point::serverErrors)
                        .toList());
        out.put("gauges", gauges);
        return out;
    }

    private static String page(String title, String body, String data) {
        String template = resource("report-template.html");
        String chartJsVersion = ChartLibrary.version();
        return template.replace("{{title}}", Html.escape(title))
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
