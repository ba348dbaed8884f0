package org.concurrencylab.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.driver.RequestMix;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A study file is read whole and strictly: a typo is one line naming it, before anything starts. */
class StudyFileTest {

    @TempDir
    Path folder;

    private static final String STUDY = """
            application: app.jar
            path: /orders/1
            users: [2, 4, 8]
            step-seconds: 5
            warm-up: {users: 4, seconds: 5}
            properties:
              server.tomcat.threads.max: 50
            variants:
              pool-4: {}
              pool-8:
                spring.datasource.hikari.maximum-pool-size: 8
            checks:
              - users: 8
                p95-at-most-ms: 60
              - variant: pool-8
                users: 4
                same-or-better-than: pool-4
            """;

    @BeforeEach
    void anApplication() throws IOException {
        Files.writeString(folder.resolve("app.jar"), "not really a jar; the file only has to exist");
    }

    @Test
    void everyKeyIsRead() throws IOException {
        Study study = StudyFile.read(write(STUDY));
        assertThat(study.jar()).isEqualTo(folder.resolve("app.jar"));
        assertThat(study.users()).containsExactly(2, 4, 8);
        assertThat(study.stepLength().toSeconds()).isEqualTo(5);
        assertThat(study.variants()).containsOnlyKeys("pool-4", "pool-8");
        assertThat(study.propertiesOf("pool-8"))
                .containsEntry("server.tomcat.threads.max", "50")
                .containsEntry("spring.datasource.hikari.maximum-pool-size", "8");
        assertThat(study.checks()).hasSize(2);
        assertThat(study.checks().get(1).sameOrBetterThan()).isEqualTo("pool-4");
    }

    @Test
    void whatTheLabWritesReadsBackAsTheSameStudy() throws IOException {
        Study study = StudyFile.read(write(STUDY));
        Study again = StudyFile.read(write(StudyFile.write(study)));
        assertThat(again).isEqualTo(study);
    }

    @Test
    void itsDatabaseDownstreamsAndTargetAreReadAndWrittenBack() throws IOException {
        String withAll = STUDY + """
                database: postgresql
                target: cpus=8,rate=2000
                verify: false
                downstreams:
                  quotes:
                    property: app.quotes.url
                    latency-ms: 50
                    distribution: exponential
                  prices:
                    property: app.prices.base-url
                    latency-ms: 5
                """;
        Study study = StudyFile.read(write(withAll));
        assertThat(study.database()).isEqualTo(Study.POSTGRESQL);
        assertThat(study.target()).hasToString("cpus=8,rate=2000");
        assertThat(study.verify()).isFalse();
        assertThat(study.downstreams()).containsOnlyKeys("quotes", "prices");
        StudyDownstream quotes = study.downstreams().get("quotes");
        assertThat(quotes.distribution()).isEqualTo(StudyDownstream.Distribution.EXPONENTIAL);
        assertThat(quotes.latency()).isEqualTo(java.time.Duration.ofMillis(50));
        assertThat(StudyFile.read(write(StudyFile.write(study)))).isEqualTo(study);
    }

    @Test
    void aWrongDatabaseDownstreamOrTargetIsOneLineNamingIt() throws IOException {
        assertThatThrownBy(() -> StudyFile.read(write(STUDY + "database: mysql\n")))
                .hasMessageContaining("database: postgresql is the one the lab starts, not mysql");
        assertThatThrownBy(() -> StudyFile.read(write(STUDY + "target: cores=8\n")))
                .hasMessageContaining("target: a target knows cpus and rate, not 'cores'");
        assertThatThrownBy(() -> StudyFile.read(write(STUDY + "downstreams:\n  quotes:\n    latency-ms: 5\n")))
                .hasMessageContaining("downstreams.quotes.property: a text");
        assertThatThrownBy(() -> StudyFile.read(write(
                        STUDY + "downstreams:\n  quotes:\n    property: a.b\n    latency-ms: 5\n    jitter: 1\n")))
                .hasMessageContaining("downstreams.quotes.jitter: not a key of a downstream");
        assertThatThrownBy(() -> StudyFile.read(write(STUDY
                        + "downstreams:\n  quotes:\n    property: a.b\n    latency-ms: 5\n    body: '{not json'\n")))
                .hasMessageStartingWith("study.yaml: downstreams.quotes: downstream quotes: its body is what the "
                        + "stand-in answers as application/json, so JSON")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> StudyFile.read(write(STUDY.replace(
                        "spring.datasource.hikari.maximum-pool-size: 8",
                        "spring.datasource.hikari.maximum-pool-size: 8\n    downstream.quotes.latency-ms: 9"))))
                .hasMessageContaining(
                        "sets downstream.quotes.latency-ms, but the study declares no downstream 'quotes'");
    }

    @Test
    void jvmOptionsAreReadInTheirOrderAndWrittenBack() throws IOException {
        Study study = StudyFile.read(write(STUDY + "jvm-options: [-Xmx2g, -XX:TieredStopAtLevel=1]\n"));
        assertThat(study.jvmOptions()).containsExactly("-Xmx2g", "-XX:TieredStopAtLevel=1");
        assertThat(StudyFile.read(write(StudyFile.write(study)))).isEqualTo(study);
    }

    @Test
    void aJvmOptionThatIsNotOneOrIsTheLabsOwnIsRefused() throws IOException {
        assertThatThrownBy(() -> StudyFile.read(write(STUDY + "jvm-options: -Xmx2g\n")))
                .hasMessageContaining("jvm-options: a list of the JVM's options");
        assertThatThrownBy(() -> StudyFile.read(write(STUDY + "jvm-options: [Xmx2g]\n")))
                .hasMessageContaining("'Xmx2g' is not");
        assertThatThrownBy(() -> StudyFile.read(write(STUDY + "jvm-options: [-javaagent:other.jar]\n")))
                .hasMessageContaining("not one the lab sets itself")
                .hasMessageContaining("'-javaagent:other.jar' is not");
        assertThatThrownBy(() -> StudyFile.read(write(STUDY + "jvm-options: [-jar]\n")))
                .hasMessageContaining("'-jar' is not");
    }

    @Test
    void aTypoIsOneLineNamingIt() throws IOException {
        assertThatThrownBy(() -> StudyFile.read(write(STUDY.replace("step-seconds", "step-second"))))
                .hasMessageStartingWith("study.yaml: unknown key 'step-second'");
        assertThatThrownBy(() -> StudyFile.read(write(STUDY.replace("p95-at-most-ms", "p95-below"))))
                .hasMessageStartingWith("study.yaml: unknown key 'checks[1].p95-below'");
        assertThatThrownBy(() -> StudyFile.read(write(STUDY.replace("path: /orders/1", "path: orders/1"))))
                .hasMessageContaining("starts with '/'");
        assertThatThrownBy(() -> StudyFile.read(write(STUDY.replace("variant: pool-8", "variant: pool-16"))))
                .hasMessageContaining("variant 'pool-16', which the study does not declare");
        assertThatThrownBy(() -> StudyFile.read(write(STUDY.replace("users: [2, 4, 8]", "users: [2, four]"))))
                .hasMessageContaining("users[2]: a whole number");
        assertThatThrownBy(() -> StudyFile.read(write(STUDY.replace("application: app.jar", "application: gone.jar"))))
                .hasMessageContaining("application: no jar at");
        assertThatThrownBy(() -> StudyFile.read(write("users: [\n"))).hasMessageContaining("not readable as YAML");
        assertThatThrownBy(() -> StudyFile.read(write("- a list\n"))).hasMessageContaining("a map of keys");
    }

    @Test
    void aRequestOtherThanAGetIsReadAndWrittenWithoutItsCredentials() throws IOException {
        String post = STUDY.replace("path: /orders/1\n", """
                path: /orders
                method: post
                headers:
                  X-Tenant: acme
                  Authorization: Bearer ${ORDERS_TOKEN}
                  X-Api-Key: literal-key
                body: '{"item": 1}'
                """);
        Study study = StudyFile.read(write(post));
        assertThat(study.requests().parts().getFirst().request().method()).isEqualTo("POST");
        assertThat(study.requests().parts().getFirst().request().headers())
                .containsExactly(
                        Map.entry("X-Tenant", "acme"),
                        Map.entry("Authorization", "Bearer ${ORDERS_TOKEN}"),
                        Map.entry("X-Api-Key", "literal-key"));
        assertThat(study.requests().parts().getFirst().request().body()).contains("{\"item\": 1}");

        String written = StudyFile.write(study);
        assertThat(written).contains("Bearer ${ORDERS_TOKEN}").contains("acme").doesNotContain("literal-key");
        assertThatThrownBy(() -> StudyFile.read(write(written)))
                .hasMessageContaining("headers.X-Api-Key: the lab wrote this file " + "without the header's value");

        Files.writeString(folder.resolve("order.json"), "{\"item\": 2}");
        Study fromFile = StudyFile.read(write(post.replace("body: '{\"item\": 1}'", "body-file: order.json")));
        assertThat(fromFile.requests().parts().getFirst().request().body()).contains("{\"item\": 2}");
        assertThatThrownBy(() -> StudyFile.read(write(post.replace("method: post", "method: get"))))
                .hasMessageContaining("a GET sends no body");
        assertThatThrownBy(() -> StudyFile.read(write(post.replace("X-Tenant: acme", "Host: acme"))))
                .hasMessageContaining("the client's to set");
    }

    @Test
    void severalRequestsAreReadWithTheirWeightsAndTheUsersThinkTime() throws IOException {
        String mix = STUDY.replace("path: /orders/1\n", """
                requests:
                  - path: /orders/1
                    weight: 3
                  - path: /orders
                    method: POST
                    headers: {X-Tenant: acme}
                    body: '{"item": 1}'
                think-seconds: 0.5
                """);
        Study study = StudyFile.read(write(mix));
        assertThat(study.requests().parts())
                .extracting(part -> part.path().orElseThrow(), RequestMix.Part::weight)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("/orders/1", 3),
                        org.assertj.core.groups.Tuple.tuple("/orders", 1));
        assertThat(study.requests().parts().get(1).request().body()).contains("{\"item\": 1}");
        assertThat(study.path()).isEqualTo("/orders/1");
        assertThat(study.thinkTime().toMillis()).isEqualTo(500);
        assertThat(study.steps())
                .allSatisfy(
                        step -> assertThat(((LoadStep.Held) step).thinkTime().toMillis())
                                .isEqualTo(500));
        assertThat(StudyFile.read(write(StudyFile.write(study)))).isEqualTo(study);

        assertThatThrownBy(() -> StudyFile.read(write(mix.replace("weight: 3", "weight: 0"))))
                .hasMessageStartingWith("study.yaml: requests[1]: a request's weight is a whole number of 1 or more");
        assertThatThrownBy(() -> StudyFile.read(write(mix.replace("  - path: /orders\n", "  - route: /orders\n"))))
                .hasMessageStartingWith("study.yaml: unknown key 'requests[2].route'");
        assertThatThrownBy(() -> StudyFile.read(write(mix.replace("  - path: /orders\n", "  - path: orders\n"))))
                .hasMessageContaining("requests[2]: a request's path starts with '/'");
        assertThatThrownBy(() -> StudyFile.read(write(mix.replace("requests:", "method: PUT\nrequests:"))))
                .hasMessageContaining("method and requests: a study sends one request or several");
        assertThatThrownBy(() -> StudyFile.read(write(mix.replace("think-seconds: 0.5", "think-seconds: -1"))))
                .hasMessageContaining("think time is zero or more");
    }

    @Test
    void openStepsAreDeclaredByTheirRatesAndCheckedByThem() throws IOException {
        String open = STUDY.replace("users: [2, 4, 8]", "rates: [50, 100, 200]")
                .replace("- users: 8", "- rate: 200")
                .replace("\n    users: 4\n", "\n    rate: 100\n");
        Study study = StudyFile.read(write(open));
        assertThat(study.open()).isTrue();
        assertThat(study.steps())
                .extracting(LoadStep::label)
                .containsExactly("50/s for 5s", "100/s for 5s", "200/s for 5s");
        assertThat(study.checks()).extracting(check -> check.step().toString()).containsExactly("200/s", "100/s");
        assertThat(StudyFile.read(write(StudyFile.write(study)))).isEqualTo(study);

        assertThatThrownBy(() -> StudyFile.read(write(open.replace("rates:", "users: [1]\nrates:"))))
                .hasMessageContaining(
                        "users and rates: a study's steps are users (closed) or arrivals a second (open)");
        assertThatThrownBy(() -> StudyFile.read(write(open + "think-seconds: 1\n")))
                .hasMessageContaining("a think time is a closed step's");
        assertThatThrownBy(() -> StudyFile.read(write(open.replace("- rate: 200", "- users: 200"))))
                .hasMessageContaining(
                        "a check names the step of 200 users, which the study does not run; its steps are [50/s, 100/s, 200/s]");
        assertThatThrownBy(() -> StudyFile.read(write(open.replace("rates: [50, 100, 200]", "rates: [100, 50]"))))
                .hasMessageContaining("rates rise from step to step");
    }

    @Test
    void aCheckThatSaysNoLimitIsRefused() {
        assertThatThrownBy(() -> new StudyCheck(null, StudyCheck.Step.users(8), null, null, null, null, null))
                .hasMessageContaining("says no limit");
        assertThat(Study.custom(folder.resolve("app.jar"))
                        .check(new StudyCheck(null, StudyCheck.Step.users(8), 60.0, null, null, null, null))
                        .users(List.of(8))
                        .variant("a", Map.of())
                        .build()
                        .checks())
                .hasSize(1);
    }

    @Test
    void aBodyFileThatIsADeviceOrAFifoIsRefusedBeforeItIsRead() throws Exception {
        String study = "application: app.jar\npath: /orders\nmethod: POST\nbody-file: %s\n";
        assertThatThrownBy(() -> StudyFile.read(write(study.formatted("/dev/zero"))))
                .hasMessage("study.yaml: body-file: /dev/zero is not a regular file (a device, a FIFO or a folder)");
        Path fifo = folder.resolve("body.fifo");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo makes a FIFO here");
        // reading it would wait for a writer for ever
        assertThatThrownBy(() -> StudyFile.read(write(study.formatted("body.fifo"))))
                .hasMessageContaining("is not a regular file");
    }

    @Test
    void aBodyFileIsReadNoFurtherThanItsLimit() throws IOException {
        Files.write(folder.resolve("big.json"), new byte[(int) BoundedYaml.MAX_BYTES + 1]);
        assertThatThrownBy(() -> StudyFile.read(write("application: app.jar\npath: /orders\nbody-file: big.json\n")))
                .hasMessageContaining("big.json is larger than 1024 KB");
    }

    @Test
    void anchorsAndAliasesAreRefusedRatherThanReadAsTheirNames() throws IOException {
        assertThatThrownBy(() -> StudyFile.read(write("application: app.jar\np1: &a /orders/1\npath: *a\n")))
                .hasMessage(
                        "study.yaml: line 2: YAML anchors and aliases (&a, *a) are not taken: write each value where it is used");
    }

    @Test
    void usersAndRatesAreBoundedByWhatOneMachinesLabHolds() throws IOException {
        assertThatThrownBy(() -> StudyFile.read(write("application: app.jar\npath: /o\nusers: [1000000000]\n")))
                .hasMessageContaining("users are at most " + Defaults.MAX_USERS);
        assertThat(StudyFile.read(write("application: app.jar\npath: /o\nusers: [" + Defaults.MAX_USERS + "]\n"))
                        .users())
                .containsExactly(Defaults.MAX_USERS);
        // 8 s steps: 625 000 a second is the last rate whose requests' records fit the step's limit
        assertThatThrownBy(() ->
                        StudyFile.read(write("application: app.jar\npath: /o\nrates: [625001]\nstep-seconds: 8\n")))
                .hasMessageContaining("rates are at most 625000 a second with steps of 8 s");
        assertThat(StudyFile.read(write("application: app.jar\npath: /o\nrates: [625000]\nstep-seconds: 8\n"))
                        .rates())
                .containsExactly(625_000);
    }

    private Path write(String text) throws IOException {
        return Files.writeString(folder.resolve("study.yaml"), text);
    }
}
