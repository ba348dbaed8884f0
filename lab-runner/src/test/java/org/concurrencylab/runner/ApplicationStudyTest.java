package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.concurrencylab.driver.RequestMix;
import org.concurrencylab.driver.RequestTemplate;
import org.concurrencylab.report.diagnosis.Diagnosis;
import org.concurrencylab.report.diagnosis.PoolSizing;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.capacity.PoolLimits;
import org.concurrencylab.results.step.RequestShare;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.study.StudyRunner;
import org.concurrencylab.study.Study;
import org.junit.jupiter.api.Test;

/**
 * Studies of applications the lab did not build, seen through the agent alone: fixtures/pooled-app
 * (Spring Boot 4, Tomcat capped at 16 workers, HikariCP at 4 connections, /orders holding a connection
 * 40 ms, /pages holding a worker 100 ms) and fixtures/reactive-boot3-app (Spring Boot 3, WebFlux, a
 * blocking call of 100 ms on Reactor's bounded elastic scheduler). The bounds are the fixtures' physics:
 * 4 connections held 40 ms serve at most 100/s, 16 workers held 100 ms at most 160/s, 10 threads per
 * CPU held 100 ms at most 100 per CPU a second.
 *
 * <p>The studies start their application with C1 alone ({@link #C1_ONLY}): what each test asserts is a pool's
 * bound, a hold, a projection's error, none of which depends on which compiler made the code, and C1 is done
 * compiling within a warm-up of seconds, where C2 still compiled after 15 to 25 s (the cores test) and a step that
 * read its compiler was measured again.
 */
class ApplicationStudyTest extends RealServicesTest {

    private static final Path FIXTURE = HOME.root().resolve("fixtures/pooled-app/target/pooled-app.jar");
    private static final Path REACTIVE =
            HOME.root().resolve("fixtures/reactive-boot3-app/target/reactive-boot3-app.jar");
    private static final String HIKARI = "hikari:HikariPool-1";
    private static final double CONNECTION_HOLD_SECONDS = 0.040;
    private static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    /**
     * Open steps of the fixture's /orders/1: arrivals at 60/s keep 2.4 of the 4 connections busy, 2 or 3 by the phase
     * of a schedule that repeats every 16.7 ms (which a sampler on a fixed 100 ms period reads at one phase only: a hold
     * of 33 or 50 ms); at 120/s they ask for 4.8 connections held 40 ms, more than the pool has, which then serves its
     * 100/s and queues the rest (some 90 requests in 4 s, answered in the second after it). Each sample at a random
     * moment reads 2 or 3, a spread of 20 % of the mean: the study's 80 samples a step (every 50 ms of a 4-s step) put
     * the mean within 10 % of the hold with some 3 standard errors to spare, where 40 samples of 1 or 2 at 40/s (a
     * spread of 31 %) left 2 and a CI run read 35.9 ms.
     */
    @Test
    void theConnectionPoolIsNamedFoundFullAndSizedByLittlesLawForTheArrivalsRate() throws Exception {
        VariantResult study = study(
                        Study.custom(FIXTURE).path("/orders/1").rates(List.of(60, 120)), Duration.ofSeconds(4))
                .variants()
                .getFirst();
        StepResult sixty = study.steps().get(0);
        StepResult overloaded = study.steps().get(1);
        assertThat(sixty.service().pools().get("tomcat-workers").max()).isEqualTo(16);
        assertThat(sixty.service().pools().get(HIKARI).max()).isEqualTo(4);
        assertThat(sixty.plan().ratePerSecond()).isEqualTo(60.0);
        assertThat(study.sizing().entries().get("inputArguments").toString())
                .as("80 samples of a 4-s step")
                .contains("interval-ms=50");
        assertThat(PoolLimits.holdingBack(sixty)).as("60/s on 4 connections").isEmpty();
        assertThat(sixty.client().throughputPerSecond()).isBetween(0.95 * 60, 1.05 * 60);
        // the hold the fixture sleeps (plus its query and the pool's hand-over), within 10 % (see above)
        double hold = PoolSizing.holdSeconds(sixty, HIKARI);
        assertThat(hold).isBetween(0.9 * CONNECTION_HOLD_SECONDS, 1.1 * CONNECTION_HOLD_SECONDS);
        assertThat(PoolLimits.holdingBack(overloaded))
                .as("120/s on 4 connections")
                .contains(HIKARI);
        // the pool's own cap: 4 connections, each held at least the fixture's 40 ms
        assertThat(overloaded.client().throughputPerSecond())
                .isBetween(0.85 * 4 / (1.1 * CONNECTION_HOLD_SECONDS), 1.02 * 4 / CONNECTION_HOLD_SECONDS);
        assertThat(PoolSizing.sentence(study.steps(), 0))
                .hasValueSatisfying(
                        sentence -> assertThat(sentence).startsWith("nothing held the arrivals back at 60/s"));
        // 120 a second, each holding a connection 40 ms (within 10 %): 4.8, so 5 or 6
        assertThat(PoolSizing.sentence(study.steps(), 1))
                .hasValueSatisfying(sentence -> assertThat(sentence)
                        .startsWith(HIKARI + " held the load back at 120/s")
                        .containsPattern("120 arrivals a second ask for 120/s, which need [56] \\(120/s x"));
    }

    /**
     * Three requests in four hold a worker 100 ms (/pages), one a connection 40 ms (/orders), and each user thinks
     * 100 ms between them. A closed loop of 4 users then sends 4 / (R + Z) a second, Little's law with the think
     * time in the cycle: some 21/s where the same users without thinking would send 45/s. At 64 users they ask for
     * some 340/s, and Tomcat's 16 workers, each held some 86 ms a request, serve at most 16 / 86 ms: the pool that
     * counts no waiters is found full, and sized for the rate the users ask for.
     */
    @Test
    void aMixOfRequestsWithThinkingUsersIsMeasuredRequestByRequestAndFillsTheWorkerPool() throws Exception {
        RequestMix mix = new RequestMix(List.of(
                RequestMix.Part.of("/pages/1", RequestTemplate.ofDefaults(), 3),
                RequestMix.Part.of("/orders/1", RequestTemplate.ofDefaults(), 1)));
        VariantResult study = run(Study.custom(FIXTURE)
                .requests(mix)
                .thinkTime(Duration.ofMillis(100))
                .users(List.of(4, 64)));
        StepResult four = study.steps().get(0);
        StepResult sixtyFour = study.steps().get(1);
        assertThat(four.client().requests().failed()).isZero();
        assertThat(four.client().byRequest())
                .extracting(RequestShare::request)
                .containsExactly("GET /pages/1", "GET /orders/1");
        RequestShare pages = four.client().byRequest().get(0);
        RequestShare orders = four.client().byRequest().get(1);
        assertThat(pages.sent() + orders.sent())
                .isEqualTo(four.client().requests().sent());
        // each user's requests go round the cycle a, a, b, a: a user's count of each is its weight's share within one
        assertThat(Math.abs(pages.sent() - 3 * orders.sent())).isLessThanOrEqualTo(3 * 4);
        assertThat(pages.meanMillis()).isBetween(100.0, 100.0 * 1.3);
        assertThat(orders.meanMillis()).isBetween(CONNECTION_HOLD_SECONDS * 1000, CONNECTION_HOLD_SECONDS * 1000 * 1.5);
        double cycleSeconds = four.client().latencyMillis().mean() / 1000 + 0.100;
        assertThat(four.client().throughputPerSecond()).isBetween(0.9 * 4 / cycleSeconds, 1.05 * 4 / cycleSeconds);
        assertThat(PoolLimits.holdingBack(four)).isEmpty();
        assertThat(PoolSizing.sentence(study.steps(), 0))
                .hasValueSatisfying(sentence -> assertThat(sentence)
                        .startsWith("the users were the limit at 4 users")
                        .contains("ms thinking)"));

        assertThat(PoolLimits.holdingBack(sixtyFour)).contains("tomcat-workers");
        double workerHoldSeconds = (0.75 * pages.meanMillis() + 0.25 * orders.meanMillis()) / 1000;
        assertThat(sixtyFour.client().throughputPerSecond())
                .isBetween(0.85 * 16 / workerHoldSeconds, 1.05 * 16 / workerHoldSeconds);
        // sized for what 64 users thinking 100 ms ask for, 64 / (R0 + Z), each request holding a worker W
        double asked = 64
                / (four.client().latencyMillis().mean() / 1000 + 0.100)
                * PoolSizing.holdSeconds(four, "tomcat-workers");
        java.util.regex.Matcher need = java.util.regex.Pattern.compile("which need ([0-9]+) \\(64 / \\(")
                .matcher(PoolSizing.sentence(study.steps(), 1).orElseThrow());
        assertThat(need.find()).isTrue();
        assertThat(Double.parseDouble(need.group(1))).isBetween(0.9 * asked, 1.1 * asked + 1);
    }

    /**
     * /pinned waits 100 ms inside a C call's callback, where a virtual thread cannot leave its carrier: every
     * request pins one, so the carriers (one per CPU) serve at most CPUs / 100 ms, however many users wait.
     */
    @Test
    void pinnedVirtualThreadsAreCountedAndTheirCarriersCapTheLoad() throws Exception {
        ExperimentResult result = study(Study.custom(FIXTURE)
                .path("/pinned/1")
                .property("spring.threads.virtual.enabled", "true")
                .users(List.of(1, 8)));
        VariantResult study = result.variants().getFirst();
        StepResult eight = study.steps().get(1);
        int cpus = ((Number) study.sizing().entries().get("availableProcessors")).intValue();
        assertThat(eight.client().throughputPerSecond()).isBetween(0.85 * cpus / 0.11, 1.02 * cpus / 0.1);
        // one pin a request, counted by when it ended: the step's own, each of them, and none of the step before
        for (StepResult step : study.steps()) {
            assertThat(step.service().process().virtualThreadPins().orElseThrow())
                    .as(step.load())
                    .isBetween(
                            (long) (0.98 * step.client().requests().ok()),
                            step.client().requests().sent());
        }
        String sentence = Diagnosis.of(result).stream()
                .filter(finding -> finding.load().startsWith("8 "))
                .map(Diagnosis.Finding::sentence)
                .filter(text -> text.contains("pinned"))
                .findFirst()
                .orElseThrow();
        assertThat(sentence).contains("the " + cpus + " carriers serve at most").contains("they were the limit here");
    }

    @Test
    void aReactiveApplicationOnSpringBoot3IsSeenThroughTheSameAgent() throws Exception {
        ExperimentResult result = study(Study.custom(REACTIVE).path("/quotes/1").users(List.of(4, 64)));
        VariantResult study = result.variants().getFirst();
        assertThat(study.sizing().entries().get("springBoot").toString()).startsWith("3.5.");
        StepResult sixtyFour = study.steps().get(1);
        assertThat(sixtyFour.service().threads().peakByPool()).containsKeys("netty-event-loops", "bounded-elastic");
        // Reactor's bounded elastic scheduler: 10 threads per CPU, each call held 100 ms
        int cpus = ((Number) study.sizing().entries().get("availableProcessors")).intValue();
        assertThat(sixtyFour.client().throughputPerSecond()).isBetween(0.85 * 10 * cpus / 0.1, 1.02 * 10 * cpus / 0.1);
        // its threads sleeping in the blocking call, from their stacks: boundedElastic queues each task on the
        // thread it picked, so some idle while others have a queue, and the pool never reads all taken
        String sentence = Diagnosis.of(result).stream()
                .filter(finding -> finding.load().startsWith("64 "))
                .findFirst()
                .orElseThrow()
                .sentence();
        java.util.regex.Matcher sleeping = java.util.regex.Pattern.compile("bounded-elastic[^;]*?([0-9.]+) sleeping")
                .matcher(sentence);
        assertThat(sleeping.find()).as(sentence).isTrue();
        assertThat(Double.parseDouble(sleeping.group(1))).as(sentence).isGreaterThanOrEqualTo(0.75 * 10 * cpus);
        // Reactor's schedulers count nothing over JMX: the hold comes from the threads the stack samples found busy,
        // over
        // the throughput; each call sleeps 100 ms, and a thread picked for a task is busy for it and its hand-over
        String sized = Diagnosis.of(result).stream()
                .filter(finding -> finding.load().startsWith("64 "))
                .map(Diagnosis.Finding::sentence)
                .filter(text -> text.contains("counts nothing over JMX"))
                .findFirst()
                .orElseThrow();
        java.util.regex.Matcher hold =
                java.util.regex.Pattern.compile("holds one for ([0-9.]+) ms").matcher(sized);
        assertThat(hold.find()).as(sized).isTrue();
        assertThat(Double.parseDouble(hold.group(1))).as(sized).isBetween(0.85 * 100, 1.15 * 100);
        assertThat(sized).startsWith("bounded-elastic");
    }

    /**
     * HikariCP cut to 2 connections, each held some 41 ms by /orders: 8 users, each sending again at once, ask for
     * 8 / 41 ms = 195/s and the pool serves 2 / 41 ms = 49/s, callers waiting. The capacity model finds the pool the
     * limit over every resource, asks for 8 connections (what the users then send, x 41 ms), runs the 8 users' step
     * again with {@code spring.datasource.hikari.maximum-pool-size=8}, and predicts the users' own 195/s. The users' pace
     * is the physics here (a closed loop serves U / R), so the prediction is held within 10 %; a run here: +2.4 %.
     * Steps of 4 s, sampled every 50 ms: the hold is read at 1 user from 80 samples, where 40 (4 s at 100 ms) read
     * 37.6 ms of a hold of 40 ms or more.
     *
     * <p>On {@code database: postgresql}: the lab starts its own PostgreSQL, empty, and gives the fixture Boot's
     * {@code spring.datasource.*}; the fixture's {@code schema.sql} (Boot's {@code spring.sql.init}) makes its table,
     * which every /orders request reads. The server's processes count in the machine's CPU, and it is gone after.
     */
    @Test
    void aPoolThatHeldTheLoadBackIsResizedByTheModelAndMeasuredAgainAsPredicted() throws Exception {
        ExperimentResult result = study(
                Study.custom(FIXTURE)
                        .path("/orders/1")
                        .database("postgresql")
                        .property("spring.datasource.hikari.maximum-pool-size", "2")
                        .users(List.of(1, 8))
                        .target(org.concurrencylab.results.capacity.CapacityTarget.parse("cpus=8,rate=2000")),
                Duration.ofSeconds(4),
                true);
        org.concurrencylab.results.capacity.ServiceCapacity model =
                result.capacity().getFirst();
        assertThat(model.limit()).isEqualTo(HIKARI);
        // read at 1 user from 80 samples of a pool that is 0 or 1 (95 % of the time 1): within 10 % (see above)
        assertThat(model.resource(HIKARI).orElseThrow().holdMillis())
                .isBetween(0.9 * 1000 * CONNECTION_HOLD_SECONDS, 1.15 * 1000 * CONNECTION_HOLD_SECONDS);
        // on 8 cores the 2 connections still stop it; 2000/s needs 2000 x the hold read, some 80 of them
        double hold = model.resource(HIKARI).orElseThrow().holdMillis();
        assertThat(model.projection().limit()).isEqualTo(HIKARI);
        assertThat(model.projection().sizesForRate())
                .filteredOn(size -> size.name().equals(HIKARI))
                .singleElement()
                .satisfies(size -> {
                    assertThat(size.exact())
                            .isCloseTo(2000 * hold / 1000, org.assertj.core.api.Assertions.within(1e-6));
                    assertThat(size.size()).isEqualTo((int) Math.ceil(size.exact() * 0.97));
                    assertThat(size.property()).isEqualTo("spring.datasource.hikari.maximum-pool-size");
                });
        org.concurrencylab.results.capacity.CapacityCheck check = model.check();
        assertThat(check.property()).isEqualTo("spring.datasource.hikari.maximum-pool-size");
        // what the users then send, 8 / R0, times the hold: 8 x W / R0, some 8 (W and R0 each read within a few %)
        double users = model.resource("users").orElseThrow().allowsPerSecond();
        assertThat(check.size())
                .isEqualTo((int) Math.ceil(users * hold / 1000 * 0.97))
                .isBetween(7, 9);
        // the users' own pace, or the resized pool where the size rounded down to just under it
        assertThat(check.predictedLimit()).isIn("users", HIKARI);
        assertThat(check.error().orElseThrow()).isBetween(-0.10, 0.10);
        VariantResult resized = result.variants().get(1);
        assertThat(resized.name()).isEqualTo(check.variant());
        assertThat(resized.properties())
                .containsEntry("spring.datasource.hikari.maximum-pool-size", Integer.toString(check.size()));
        assertThat(resized.steps().getLast().service().pools().get(HIKARI).max())
                .isEqualTo(check.size());
        assertThat(resized.steps())
                .as("the step compared, alone")
                .extracting(StepResult::load)
                .containsExactly(check.step());

        StepResult eight = result.variants().getFirst().steps().getLast();
        assertThat(eight.client().requests().failed()).isZero();
        assertThat(eight.machine().processes())
                .extracting(org.concurrencylab.results.usage.ProcessCpu::role)
                .contains("database");
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(out)) {
            java.nio.file.Path log =
                    files.filter(file -> file.endsWith("as-is.log")).findFirst().orElseThrow();
            assertThat(java.nio.file.Files.readString(log))
                    .as("HikariCP's log of its first connection")
                    .contains("PgConnection");
        }
        assertThat(ProcessHandle.allProcesses()
                        .map(process -> process.info().commandLine().orElse(""))
                        .filter(line -> line.contains("legacy-database.jar") || line.contains("lab-postgres-")))
                .as("the study's database stopped with it")
                .isEmpty();
    }

    /**
     * /quotes calls a quotes service and waits for it on its Tomcat worker. The lab stands the service in, at 200 ms
     * a call, and at 400 ms in a second variant ({@code downstream.quotes.latency-ms}): each call holds a worker its
     * latency, so 16 workers serve at most 16 / 200 ms = 80/s, and 40/s once the dependency slows to 400 ms; 32
     * users, asking for twice that, find the workers the limit both times, each held about the dependency's latency.
     * The workers, not this machine's cores, must be what holds the load back: the request path (the fixture under
     * C1, the stand-in, the driver, the agent) costs the cores several milliseconds a request, and the rate is kept
     * low enough that waiting for a core does not lengthen the holds the test reads.
     */
    @Test
    void aSlowedDownstreamFillsTheWorkerPoolItIsWaitedOnFrom() throws Exception {
        ExperimentResult result = study(
                Study.custom(FIXTURE)
                        .path("/quotes/1")
                        .downstream(new org.concurrencylab.study.StudyDownstream(
                                "quotes",
                                "fixture.quotes-url",
                                Duration.ofMillis(200),
                                org.concurrencylab.study.StudyDownstream.Distribution.FIXED,
                                null))
                        .variant("fast", java.util.Map.of())
                        .variant("slow", java.util.Map.of("downstream.quotes.latency-ms", "400"))
                        .users(List.of(4, 32)),
                Duration.ofSeconds(4),
                false);
        for (int v = 0; v < 2; v++) {
            double latencyMillis = v == 0 ? 200 : 400;
            VariantResult variant = result.variants().get(v);
            StepResult heaviest = variant.steps().getLast();
            assertThat(heaviest.client().requests().failed()).isZero();
            // every answered request called the stand-in once, and the stand-in took its latency
            assertThat(heaviest.service().downstream().requests())
                    .isBetween(
                            (long) (0.95 * heaviest.client().requests().ok()),
                            heaviest.client().requests().ok() + 32L);
            assertThat(heaviest.service().downstream().meanMillis()).isBetween(latencyMillis, 1.1 * latencyMillis);
            assertThat(heaviest.client().throughputPerSecond())
                    .as(variant.name())
                    .isBetween(0.85 * 16 * 1000 / latencyMillis, 1.02 * 16 * 1000 / latencyMillis);
            org.concurrencylab.results.capacity.ServiceCapacity model =
                    result.capacity().get(v);
            assertThat(model.limit()).as(variant.name()).isEqualTo("tomcat-workers");
            // the workers were queued for: the model's hold is a worker's turn, the hand-over to the next caller
            // included (its thread woken, waiting for a core), a few milliseconds on two busy cores. What a worker
            // is held, the turn less that, is at least the stand-in's own time for each call and no longer than the
            // request the client timed where nothing queued (4 users), each within the 3 % to which a step's
            // samples tell a pool's occupancy
            StepResult holds = variant.steps().getFirst();
            assertThat(model.holdsFrom()).isEqualTo(holds.load());
            org.concurrencylab.results.capacity.ResourceDemand workers =
                    model.resource("tomcat-workers").orElseThrow();
            assertThat(workers.handOverMillis()).as(variant.name()).isBetween(0.0, 0.1 * workers.holdMillis());
            assertThat(workers.holdMillis() - workers.handOverMillis())
                    .as(variant.name())
                    .isGreaterThanOrEqualTo(
                            latencyMillis * (1 - org.concurrencylab.capacity.LittlesLaw.OCCUPANCY_PRECISION))
                    .isBetween(
                            holds.service().downstream().meanMillis()
                                    * (1 - org.concurrencylab.capacity.LittlesLaw.OCCUPANCY_PRECISION),
                            holds.client().latencyMillis().mean()
                                    * (1 + org.concurrencylab.capacity.LittlesLaw.OCCUPANCY_PRECISION));
            assertThat(model.downstreams().getFirst().callsPerRequest()).isBetween(0.95, 1.05);
        }
        assertThat(result.variants().get(1).properties()).containsEntry("downstream.quotes.latency-ms", "400");
    }

    /**
     * {@code check-projection}: /digest is CPU work alone, one round of it here (some 0.6 ms a request under C1,
     * which has no SHA-256 intrinsic: its default 8 rounds took 3.5 ms). The application is held to one of this
     * machine's cores by an affinity mask and the lab to the other, with the collector its JVM picks on both; its
     * model is made there, carried onto both cores, and the study run again on both. The rise starts at two users,
     * who keep the one core busy between each other's requests (one user left it 90 % busy or less).
     *
     * <p>The model assumes a request costs the machine's cores as much CPU on two cores as on one, and the error is
     * exactly how much it did not: asserted to 2 %, the projection's arithmetic (a model carried onto one core too
     * few or too many would be off by half or double). How far that cost moves between two JVMs of the application
     * is the projection's precision on this machine, not the lab's, and is no test: 0.75 to 1.18 times over twelve
     * runs here, errors of -20 % to +33 % (docs/capacity.md).
     */
    @Test
    void theCoresProjectionIsTestedWithTheApplicationHeldToOneCore() throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        org.junit.jupiter.api.Assumptions.assumeTrue(cores >= 2, "a core for the application and one for the lab");
        ExperimentResult result = study(
                Study.custom(FIXTURE)
                        .path("/digest/1")
                        .property("fixture.digest-rounds", "1")
                        .users(List.of(2, 4))
                        .checkProjection(true),
                Duration.ofSeconds(4),
                false,
                // the error is asserted against the change in CPU per request, whatever the JIT left to compile
                Duration.ofSeconds(3),
                1,
                List.of(C1_ONLY));
        VariantResult confined = result.variants().getFirst();
        assertThat(confined.name()).isEqualTo("as-is-on-" + (cores / 2) + (cores / 2 == 1 ? "-core" : "-cores"));
        assertThat(((Number) confined.sizing().entries().get("availableProcessors")).intValue())
                .as("the JVM reads its processors from the mask")
                .isEqualTo(cores / 2);
        // on one core the JVM would pick the Serial collector: it runs the one it picks on them all
        String collector = org.concurrencylab.runner.process.ErgonomicCollector.optionFor(
                        JavaRuntime.current(), List.of(C1_ONLY), out)
                .orElseThrow();
        assertThat(confined.sizing().entries().get("inputArguments").toString()).contains(collector);
        org.concurrencylab.results.capacity.ServiceCapacity model =
                result.capacity().getFirst();
        assertThat(model.resources())
                .extracting(org.concurrencylab.results.capacity.ResourceDemand::name)
                .contains("application cores", "lab cores");
        org.concurrencylab.results.capacity.CapacityCheck check = model.check();
        assertThat(check.property()).isEqualTo(org.concurrencylab.results.capacity.CapacityCheck.CORES);
        assertThat(check.size()).isEqualTo(cores);
        assertThat(check.variant()).isEqualTo("as-is");
        StepResult onOneCore = confined.steps().getLast();
        VariantResult onBothCores = variant(result, check.variant());
        StepResult atTheCheck = onBothCores.steps().getLast();
        assertThat(check.measuredLimit())
                .as("both cores were the limit (10 runs of 10 here)")
                .isEqualTo("cores");
        assertThat((1 + check.error().orElseThrow())
                        * coresMillisPerRequest(atTheCheck)
                        / coresMillisPerRequest(onOneCore))
                .as("the error against the change in the cores' CPU per request")
                .isCloseTo(1.0, org.assertj.core.api.Assertions.within(0.02));
        // the agent profiles where the application's CPU goes: one round of SHA-256 over 64 KiB is most of a request
        StepResult profiled = onBothCores.steps().getFirst();
        assertThat(profiled.service().profile()).as("a profile from the agent").isNotNull();
        assertThat(profiled.service().profile().stacks()).isGreaterThan(100);
        assertThat(profiled.service().profile().shareOf("PooledApp.digest")).isGreaterThan(0.3);
        assertThat(Runtime.getRuntime().availableProcessors())
                .as("the lab's cores given back")
                .isEqualTo(cores);
    }

    /**
     * Two forks of the fixture's /orders/1 (4 connections held 40 ms), at 1 and 8 users: each fork a JVM of its own
     * with its own warm-up and R0, both running the same steps; the variant's steps are their means with intervals
     * over the two, the capacity model made from each fork's own model, and its limit, the pool, named by their
     * intervals: 4 / 40 ms allows some 100/s where the users ask for 8 / 41 ms, far beyond both ends. The time
     * budget keeps each fork's time apart. The pool's hold is read at one user, whose step answers some 24 a second:
     * its steps last 4 s so that one answer more or less in the window moves the throughput, and the hold read from it
     * by Little's law, by 1 %, not the 2 % a 2-s step's 48 answers give, which is all the bound leaves.
     */
    @Test
    void twoForksGiveEachFigureItsIntervalAndTheLimitIsDecidedByThem() throws Exception {
        Study forked = Study.custom(FIXTURE)
                .path("/orders/1")
                .users(List.of(1, 8))
                .stepLength(Duration.ofSeconds(4))
                .warmUp(4, Duration.ofSeconds(3))
                .verify(false)
                .forks(2)
                .jvmOption(C1_ONLY)
                .build();
        LabRunner.CompletedRun run = new StudyRunner(HOME, JavaRuntime.current(), RunProgress.SILENT).run(forked, out);
        ExperimentResult result = run.result().experiments().getFirst();
        VariantResult study = result.variants().getFirst();

        assertThat(study.forks())
                .hasSize(2)
                .allSatisfy(fork -> assertThat(fork.steps())
                        .extracting(StepResult::load)
                        .containsExactly(
                                study.steps().get(0).load(),
                                study.steps().get(1).load()));
        for (int s = 0; s < 2; s++) {
            StepResult step = study.steps().get(s);
            double first = study.forks().get(0).steps().get(s).client().throughputPerSecond();
            double second = study.forks().get(1).steps().get(s).client().throughputPerSecond();
            assertThat(step.client().throughputPerSecond()).isCloseTo((first + second) / 2, within(1e-9));
            assertThat(step.client().throughputPerSecondInterval().forks()).isEqualTo(2);
            assertThat(step.client()
                            .throughputPerSecondInterval()
                            .contains(step.client().throughputPerSecond()))
                    .isTrue();
            assertThat(step.client().latencyMillis().p95Interval()).isNotNull();
            assertThat(step.client().requests().sent())
                    .isEqualTo(study.forks()
                                    .get(0)
                                    .steps()
                                    .get(s)
                                    .client()
                                    .requests()
                                    .sent()
                            + study.forks()
                                    .get(1)
                                    .steps()
                                    .get(s)
                                    .client()
                                    .requests()
                                    .sent());
        }
        assertThat(result.downstreamLatencyMillisInterval())
                .as("R0 over the two forks")
                .isNotNull();
        org.concurrencylab.results.capacity.ServiceCapacity model =
                result.capacity().getFirst();
        assertThat(model.forks()).isEqualTo(2);
        assertThat(model.limit()).isEqualTo(HIKARI);
        assertThat(model.notToldApart()).isEmpty();
        org.concurrencylab.results.capacity.ResourceDemand pool =
                model.resource(HIKARI).orElseThrow();
        assertThat(pool.allowsPerSecondInterval()).isNotNull();
        // 4 connections each held at least the fixture's 40 ms
        assertThat(pool.allowsPerSecond()).isBetween(0.85 * 4 / (1.1 * CONNECTION_HOLD_SECONDS), 1.02 * 4 / 0.040);
        assertThat(run.result().run().timeBudget().byVariant())
                .containsKeys(result.name() + "/as-is, fork 1 of 2", result.name() + "/as-is, fork 2 of 2");
        assertThat(ResultsJson.read(run.directory())).isEqualTo(run.result());
    }

    /** What the machine's cores spent per request answered in the step, in ms, as the projection reads it. */
    private static double coresMillisPerRequest(StepResult step) {
        return org.concurrencylab.capacity.ServiceCapacityModel.coresMillisPerRequest(step)
                .orElseThrow();
    }

    private VariantResult run(Study.Builder study) throws Exception {
        return study(study).variants().getFirst();
    }

    private ExperimentResult study(Study.Builder study) throws Exception {
        return study(study, Duration.ofSeconds(4));
    }

    private ExperimentResult study(Study.Builder study, Duration stepLength) throws Exception {
        return study(study, stepLength, false);
    }

    private ExperimentResult study(Study.Builder study, Duration stepLength, boolean verify) throws Exception {
        return study(study, stepLength, verify, Duration.ofSeconds(3), 2, List.of(C1_ONLY));
    }

    /**
     * @param warmUp the longest warm-up: it ends sooner once the application is steady
     * @param leastSteps how many steps the first variant runs at least before something holds it back
     * @param jvmOptions the application's JVM options
     */
    private ExperimentResult study(
            Study.Builder study,
            Duration stepLength,
            boolean verify,
            Duration warmUp,
            int leastSteps,
            List<String> jvmOptions)
            throws Exception {
        jvmOptions.forEach(study::jvmOption);
        LabRunner.CompletedRun run = new StudyRunner(HOME, JavaRuntime.current(), RunProgress.SILENT)
                .run(
                        study.stepLength(stepLength)
                                .forks(1)
                                .warmUp(4, warmUp)
                                .verify(verify)
                                .build(),
                        out);
        ExperimentResult result = run.result().experiments().getFirst();
        VariantResult variant = result.variants().getFirst();
        assertThat(variant.failure()).isNull();
        assertThat(variant.steps()).hasSizeBetween(leastSteps, 2);
        return result;
    }
}
