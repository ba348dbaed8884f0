package org.concurrencylab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.Arrivals;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.SeedFigure;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.step.TimelinePoint;
import org.concurrencylab.results.step.WarmUpLoad;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens report.html in headless Chromium (Debian's chromium package; .ci/run installs it) and reads
 * back what the page's script recorded on its body: how many charts it drew, how many had no data,
 * and any script error. Skipped, and said so, where no Chromium is installed.
 */
class HtmlReportInBrowserTest {

    @TempDir
    Path directory;

    @Test
    void everyChartIsDrawnWithDataTheVerdictsComeFirstAndEachClaimLinksToItsChart() throws Exception {
        Path chromium = chromium().orElse(null);
        if (chromium == null) {
            System.err.println("HtmlReportInBrowserTest: skipped: no Chromium found (apt-get install chromium)");
        }
        Assumptions.assumeTrue(chromium != null, "skipped: no Chromium found (apt-get install chromium)");
        writeRequests(directory.resolve("x.csv"));
        Path html = ReportFiles.write(run(), directory).html();

        String dom = dumpDom(chromium, html);
        screenshot(chromium, html, Path.of("target", "report-screenshot.png"));

        // 1 load: latency, answered, percentiles, throughput, 2 variants' requests; 2 variants' threads
        assertThat(attribute(dom, "data-errors")).isEqualTo("[]");
        assertThat(attribute(dom, "data-charts-drawn")).isEqualTo("8");
        assertThat(attribute(dom, "data-empty-charts")).isEqualTo("0");
        // the verdicts come first, above the first table
        assertThat(dom.indexOf("<h2>Verdicts</h2>")).isNotNegative().isLessThan(dom.indexOf("<table"));
        // the claim links to the chart its experiment declared, and the chart is there under that id
        Matcher link =
                Pattern.compile("class=\"chart-link\" href=\"#([^\"]+)\"").matcher(dom);
        assertThat(link.find()).isTrue();
        assertThat(link.group(1)).isEqualTo("c-0-0-requests-common-pool");
        assertThat(dom).contains("id=\"" + link.group(1) + "\"");
        assertThat(dom).contains("(800 of 1200 shown)");
        // an article's experiment runs on its time scale: its timelines count the article's seconds
        assertThat(dom).contains("answered per article second");
    }

    @Test
    void aStudysTimelinesCountItsOwnSeconds() throws Exception {
        Path chromium = chromium().orElse(null);
        Assumptions.assumeTrue(chromium != null, "skipped: no Chromium found (apt-get install chromium)");
        writeRequests(directory.resolve("x.csv"));
        Path html = ReportFiles.write(run(null), directory).html();

        String dom = dumpDom(chromium, html);

        assertThat(attribute(dom, "data-errors")).isEqualTo("[]");
        assertThat(attribute(dom, "data-charts-drawn")).isEqualTo("8");
        assertThat(dom).contains("answered per second").doesNotContain("article second");
    }

    @Test
    void comparisonPageOpensWithNoScriptError() throws Exception {
        Path chromium = chromium().orElse(null);
        Assumptions.assumeTrue(chromium != null, "skipped: no Chromium found (apt-get install chromium)");
        Path html = Files.writeString(
                directory.resolve("compare.html"), RunComparison.renderHtml(RunComparison.of(List.of(run(), run()))));

        String dom = dumpDom(chromium, html);
        screenshot(chromium, html, Path.of("target", "compare-screenshot.png"));

        assertThat(dom).contains("No change beyond tolerance");
        assertThat(dom.indexOf("<table")).isNotNegative();
    }

    @Test
    void thePageNeedsNoNetwork() throws Exception {
        String html = Files.readString(ReportFiles.write(run(), directory).html());

        assertThat(html).doesNotContain("<script src=").doesNotContain("<link ").contains("Chart.js");
    }

    private static String dumpDom(Path chromium, Path html) throws Exception {
        Path profile = Files.createTempDirectory("lab-chromium");
        Process process = new ProcessBuilder(
                        chromium.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--user-data-dir=" + profile,
                        "--virtual-time-budget=10000",
                        "--dump-dom",
                        html.toUri().toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("Chromium did not finish within 60 s");
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    /** Kept under target/, where a reader of the test's output finds it. */
    private static void screenshot(Path chromium, Path html, Path png) throws Exception {
        Files.createDirectories(png.toAbsolutePath().getParent());
        Path profile = Files.createTempDirectory("lab-chromium");
        Process process = new ProcessBuilder(
                        chromium.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--user-data-dir=" + profile,
                        "--virtual-time-budget=10000",
                        "--window-size=1300,2400",
                        "--screenshot=" + png.toAbsolutePath(),
                        html.toUri().toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        System.err.println("HtmlReportInBrowserTest: screenshot " + png.toAbsolutePath());
    }

    /** 1200 requests due at 20/s, 3 % of them failed, latency growing with time. */
    private static void writeRequests(Path csv) throws java.io.IOException {
        StringBuilder out = new StringBuilder("user,sequence,start_ms,latency_ms,late_ms,outcome\n");
        for (int i = 0; i < 1200; i++) {
            out.append(String.format(
                    java.util.Locale.ROOT,
                    "0,%d,%.3f,%.3f,0.000,%s%n",
                    i,
                    i * 7.5,
                    40 + i * 0.5,
                    i % 33 == 0 ? "TIMEOUT" : "OK"));
        }
        Files.writeString(csv, out);
    }

    private static String attribute(String dom, String name) {
        Matcher matcher =
                Pattern.compile("<body[^>]*\\s" + name + "=\"([^\"]*)\"").matcher(dom);
        assertThat(matcher.find())
                .as(name + " on the body after the page's script ran")
                .isTrue();
        return matcher.group(1).replace("&quot;", "\"");
    }

    private static Optional<Path> chromium() {
        List<Path> candidates = new ArrayList<>();
        for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Stream.of("chromium", "chromium-browser", "google-chrome")
                    .forEach(name -> candidates.add(Path.of(directory, name)));
        }
        candidates.add(Path.of("/usr/bin/chromium"));
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    private static RunResult run() {
        return run("seed.txt");
    }

    /** @param seed the article's file; null for a study of a team's own service */
    private static RunResult run(String seed) {
        return new RunResult(
                RunInfo.custom("20261121-000000")
                        .scale(0.15)
                        .machineCpus(2)
                        .platform("25", "4.1.1", "Linux amd64")
                        .planned(List.of("blocking-io"), "a")
                        .finishedAt("b")
                        .build(),
                List.of(ExperimentResult.custom("fan-out", "An article")
                        .seed(seed)
                        .scale(0.15)
                        .downstreamLatencyMillis(45)
                        .warmUp(new WarmUpLoad(24, 60))
                        .jit("c1")
                        .variants(List.of(variant("common-pool", 300), variant("dedicated-pool-400", 48)))
                        .claims(List.of(new ClaimResult(
                                "c",
                                "A claim <with> markup",
                                "reproduced",
                                "numbers & more",
                                ChartRef.of(ChartRef.Kind.REQUESTS, "20/s for 60s", "common-pool"))))
                        .findings(List.of("a finding"))
                        .build()));
    }

    private static VariantResult variant(String name, double p95) {
        List<TimelinePoint> points = new ArrayList<>();
        for (int second = 0; second < 10; second++) {
            points.add(TimelinePoint.custom()
                    .atSeconds(second)
                    .started(20)
                    .completed(19)
                    .failed(0)
                    .latencyMillisP50(p95 * (1 + second))
                    .latencyMillisP95(p95 * (1 + second) * 1.1)
                    .latencyMillisMax(p95 * 3)
                    .liveByPool(Map.of("tomcat-workers", 10 + second, "common-pool", 7))
                    .build());
        }
        StepResult step = StepResult.custom("20/s for 60s")
                .plan(LoadPlan.open(133.3, 9, 9000, "new-per-request"))
                .client(
                        new Requests(1200, 1200, 0, Map.of()),
                        130,
                        new LatencyMillis(p95 / 2, p95 / 2, p95, p95, p95, p95),
                        9.2,
                        12)
                .littlesLaw(133, "model", 133)
                .threads(new Threads(30, Map.of("tomcat-workers", 20), List.of(), 0, Map.of()))
                .process(ProcessUsage.custom()
                        .cpuSeconds(1)
                        .heapPeakBytes(100_000_000)
                        .voluntaryContextSwitches(OptionalLong.of(10))
                        .involuntaryContextSwitches(OptionalLong.of(5))
                        .jitCpuSeconds(OptionalDouble.of(0.05))
                        .serverRequests(1200)
                        .serverMeanMillis(p95 / 2)
                        .build())
                .arrivals(new Arrivals(133.3, 133.3, 0.1, 1, 2, 0))
                .timeline(new Timeline(150, points))
                .seed(new SeedFigure("article: An article", null, 339.0, 345.0, null))
                .requestLog("x.csv")
                .build();
        return VariantResult.custom(name)
                .summary("summary")
                .origin("seed")
                .cpus(8)
                .steps(List.of(step))
                .build();
    }
}
