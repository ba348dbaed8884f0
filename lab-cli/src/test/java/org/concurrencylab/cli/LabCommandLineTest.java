package org.concurrencylab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Bad input ends with exit code 2 and one line that says what is wrong and what is valid. */
class LabCommandLineTest {

    private final StringWriter err = new StringWriter();

    private int execute(String... args) {
        CommandLine lab = Lab.commandLine();
        lab.setErr(new PrintWriter(err, true));
        return lab.execute(args);
    }

    @Test
    void aControlCharacterTypedInAValueIsShownEscapedOnOneLine() {
        assertThat(Lab.printable("the path /a\r\nX-Injected: 1\u0007"))
                .isEqualTo("the path /a\\r\\nX-Injected: 1\\u0007");
        assertThat(execute("export", "hyperfoil", "blocking-io", "--target", "http://127.0.0.1:8080/a\r\nX: 1"))
                .isEqualTo(2);
        assertThat(err.toString().strip()).doesNotContain("\n").contains("\\r\\n");
    }

    @Test
    void aFileThatJavaCannotStartIsRefusedInOneLineBeforeAnythingStarts(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path folder) throws Exception {
        java.nio.file.Path notAJar = java.nio.file.Files.writeString(folder.resolve("not.jar"), "hello");
        java.nio.file.Path empty = java.nio.file.Files.createFile(folder.resolve("empty.jar"));
        java.nio.file.Path noMain = folder.resolve("no-main.jar");
        try (var jar = new java.util.jar.JarOutputStream(java.nio.file.Files.newOutputStream(noMain))) {
            jar.putNextEntry(new java.util.zip.ZipEntry("a.txt"));
            jar.write('a');
        }
        for (java.nio.file.Path jar : List.of(notAJar, empty, noMain)) {
            err.getBuffer().setLength(0);
            assertThat(execute(
                            "run",
                            jar.toString(),
                            "--path",
                            "/",
                            "--out",
                            folder.resolve("results").toString()))
                    .as(jar.toString())
                    .isEqualTo(2);
            assertThat(err.toString().strip())
                    .as(jar.toString())
                    .doesNotContain("\n")
                    .contains(jar.toString())
                    .containsAnyOf("is not a jar", "names no Main-Class");
        }
        assertThat(folder.resolve("results"))
                .as("nothing ran, nothing was written")
                .satisfiesAnyOf(
                        results -> assertThat(results).doesNotExist(),
                        results -> assertThat(results).isEmptyDirectory());
    }

    @Test
    void anAgentBoundToNothingIsRefusedInPlainWords() {
        assertThat(execute("agent", "--bind", "")).isEqualTo(2);
        assertThat(err.toString().strip())
                .isEqualTo("lab: --bind names one address of this host; it was empty: JMeter tells "
                        + "the client to call back at it (see ./lab agent --help)");
    }

    @Test
    void everyCommandTheHintsPointToAnswersHelpWithItsUsage() {
        for (List<String> command : List.of(
                List.of("list"),
                List.of("run"),
                List.of("serve"),
                List.of("report"),
                List.of("compare"),
                List.of("bench"),
                List.of("overload"),
                List.of("sweep"),
                List.of("export"),
                List.of("export", "hyperfoil"),
                List.of("import"),
                List.of("import", "hyperfoil"))) {
            CommandLine lab = Lab.commandLine();
            StringWriter out = new StringWriter();
            lab.setOut(new PrintWriter(out, true));
            lab.setErr(new PrintWriter(err, true));
            List<String> args = new java.util.ArrayList<>(command);
            args.add("--help");

            assertThat(lab.execute(args.toArray(String[]::new)))
                    .as(String.join(" ", args))
                    .isZero();
            assertThat(out.toString()).as(String.join(" ", args)).startsWith("Usage: lab " + String.join(" ", command));
        }
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void listClaimsGivesEveryClaimOneLineThatBeginsWithItsIdAndSaysWhatItIsCheckedAt() {
        CommandLine lab = Lab.commandLine();
        StringWriter out = new StringWriter();
        lab.setOut(new PrintWriter(out, true));
        lab.setErr(new PrintWriter(err, true));

        assertThat(lab.execute("list", "--claims", "servlet-async")).isZero();

        List<String> lines = out.toString().lines().toList();
        org.concurrencylab.catalog.Catalog.experiment("servlet-async")
                .orElseThrow()
                .claims()
                .forEach(claim -> assertThat(lines)
                        .as(claim.id())
                        .filteredOn(line -> line.strip().startsWith(claim.id() + " "))
                        .singleElement()
                        .asString()
                        .contains("checked at: " + claim.threshold()));
        assertThat(out.toString())
                .contains("callable-costs-threads")
                .contains("article: 29 more threads")
                .doesNotContain("blocking-io");
    }

    @Test
    void anArticleItemNoClaimChecksIsListedWithWhatCheckingItNeeds() {
        CommandLine lab = Lab.commandLine();
        StringWriter out = new StringWriter();
        lab.setOut(new PrintWriter(out, true));

        assertThat(lab.execute("list", "--claims", "legacy-chain")).isZero();

        org.concurrencylab.catalog.claim.NotChecked item = org.concurrencylab.catalog.Catalog.experiment("legacy-chain")
                .orElseThrow()
                .notChecked()
                .getFirst();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.getFirst()).endsWith("by ./lab sweep, 1 of the article's items not checked");
        assertThat(lines)
                .filteredOn(line -> line.startsWith("  (not checked) "))
                .singleElement()
                .asString()
                .endsWith(" article: " + item.articleSaid() + " | needs: " + item.needs());
    }

    /** The launcher sets lab.tty where standard output is a terminal: the claims are then read, not grepped. */
    @Test
    void onATerminalEachClaimIsItsIdThenAWrappedLineForWhatItSays() {
        CommandLine lab = Lab.commandLine();
        StringWriter out = new StringWriter();
        lab.setOut(new PrintWriter(out, true));
        String before = System.getProperty("lab.tty");
        System.setProperty("lab.tty", "true");
        try {
            assertThat(lab.execute("list", "--claims", "cpu-bound")).isZero();
        } finally {
            if (before == null) {
                System.clearProperty("lab.tty");
            } else {
                System.setProperty("lab.tty", before);
            }
        }

        List<String> lines = out.toString().lines().toList();
        assertThat(lines).contains("  parallel-2-beats-4", "  parallelism-knee (./lab sweep)");
        assertThat(lines)
                .as("the claim's fields, each under its id")
                .containsSubsequence(
                        "  cpus-kept-busy",
                        "      article      none: the lab's own check",
                        "      checked at   90 % to 110 % of CPUs / the CPU per request");
        assertThat(lines).filteredOn(line -> line.startsWith("      here ")).isNotEmpty();
        assertThat(lines)
                .filteredOn(line -> line.startsWith("      "))
                .allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(110));
        assertThat(out.toString()).doesNotContain(" | checked at: ");
        assertThat(lines)
                .as("a figure and its unit on one line")
                .noneMatch(line -> line.matches(" {19}(%|D|x|ms|s)( .*)?"));
    }

    @Test
    void anUnknownExperimentListsTheKnownOnes() {
        assertThat(execute("run", "no-such-experiment")).isEqualTo(2);
        assertThat(err.toString())
                .contains("unknown experiment 'no-such-experiment'")
                .contains("blocking-io");
        assertThat(err.toString().strip().lines()).hasSize(1);
    }

    @Test
    void aStudyFileWithATypoIsOneLineAndStartsNothing(@TempDir Path folder) throws Exception {
        Files.writeString(folder.resolve("app.jar"), "only has to exist");
        Path study = Files.writeString(
                folder.resolve("study.yaml"), "application: app.jar\npath: /orders/1\nuser: [1, 2]\n");
        long jvmsBefore = ProcessHandle.current().descendants().count();
        assertThat(execute("run", study.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("study.yaml: unknown key 'user'");
        assertThat(err.toString().strip().lines()).hasSize(1);
        assertThat(ProcessHandle.current().descendants().count()).isEqualTo(jvmsBefore);
    }

    @Test
    void anApplicationJarTakesNoneOfTheExperimentsOptions(@TempDir Path folder) throws Exception {
        Path jar = Files.writeString(folder.resolve("app.jar"), "only has to exist");
        assertThat(execute("run", jar.toString(), "--scale", "0.5")).isEqualTo(2);
        assertThat(err.toString()).contains("--scale applies to an experiment");
        assertThat(execute("run", jar.toString(), "--path", "orders")).isEqualTo(2);
        assertThat(err.toString()).contains("starts with '/'");
        assertThat(execute("run", folder.resolve("missing.jar").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("no application jar at");
    }

    @Test
    void aTargetADatabaseAndTheProjectionCheckAreCheckedBeforeAnythingStarts(@TempDir Path folder) throws Exception {
        long jvmsBefore = ProcessHandle.current().descendants().count();
        Path jar = Files.writeString(folder.resolve("app.jar"), "only has to exist");
        assertThat(execute("run", jar.toString(), "--target", "cores=8")).isEqualTo(2);
        assertThat(err.toString()).contains("a target knows cpus and rate, not 'cores'");
        assertThat(execute("run", jar.toString(), "--target", "cpus=8,rate=0")).isEqualTo(2);
        assertThat(err.toString()).contains("a target's rate is a number of requests a second above 0");
        assertThat(execute("run", jar.toString(), "--database", "mysql")).isEqualTo(2);
        assertThat(err.toString()).contains("the database a study can ask for is postgresql, not 'mysql'");
        assertThat(execute("run", "blocking-io", "--check-projection")).isEqualTo(2);
        assertThat(err.toString())
                .contains("--check-projection applies to a study of an application jar, not to an experiment");
        assertThat(ProcessHandle.current().descendants().count()).isEqualTo(jvmsBefore);
    }

    @Test
    void openStepsAndThinkTimeAreCheckedBeforeTheApplicationStarts(@TempDir Path folder) throws Exception {
        long jvmsBefore = ProcessHandle.current().descendants().count();
        Path jar = Files.writeString(folder.resolve("app.jar"), "only has to exist");
        assertThat(execute("run", jar.toString(), "--users", "1,2", "--rates", "10,20"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("users (closed) or rates (open), one or the other");
        assertThat(execute("run", jar.toString(), "--rates", "10,20", "--think", "1"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("a think time is a closed step's");
        assertThat(execute("run", jar.toString(), "--rates", "20,10")).isEqualTo(2);
        assertThat(err.toString()).contains("rates rise from step to step");
        assertThat(execute("run", jar.toString(), "--think", "-1")).isEqualTo(2);
        assertThat(err.toString()).contains("--think is a time in seconds");
        assertThat(execute("run", "blocking-io", "--rates", "10")).isEqualTo(2);
        assertThat(err.toString()).contains("--rates applies to a study of an application jar");
        assertThat(ProcessHandle.current().descendants().count()).isEqualTo(jvmsBefore);
    }

    @Test
    void aRequestThatCannotBeSentIsRefusedBeforeTheApplicationStarts(@TempDir Path folder) throws Exception {
        long jvmsBefore = ProcessHandle.current().descendants().count();
        Path jar = Files.writeString(folder.resolve("app.jar"), "only has to exist");
        assertThat(execute("run", jar.toString(), "--body", "{}")).isEqualTo(2);
        assertThat(err.toString()).contains("a GET sends no body");
        assertThat(execute("run", jar.toString(), "--method", "POST", "--header", "X-Tenant: ${LAB_TEST_SURELY_UNSET}"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("${LAB_TEST_SURELY_UNSET}, which is not set");
        assertThat(execute(
                        "run",
                        jar.toString(),
                        "--method",
                        "POST",
                        "--body-file",
                        folder.resolve("none.json").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--body-file: no file at");
        assertThat(execute("run", "blocking-io", "--method", "POST")).isEqualTo(2);
        assertThat(err.toString()).contains("--method applies to a study of an application jar");
        assertThat(ProcessHandle.current().descendants().count()).isEqualTo(jvmsBefore);
    }

    @Test
    void aSweepThatCannotBeRunSaysWhyInOneLineAndStartsNothing() {
        long jvmsBefore = ProcessHandle.current().descendants().count();
        assertThat(execute("sweep", "blocking-io", "--knob", "users=5..200")).isEqualTo(2);
        assertThat(err.toString())
                .contains("name the variant to vary with --variant")
                .contains("mvc-tomcat-20");
        err.getBuffer().setLength(0);
        assertThat(execute("sweep", "blocking-io", "--variant", "mvc-tomcat-20", "--knob", "users=20,10"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("rising");
        err.getBuffer().setLength(0);
        // blocking-io's loads are closed: a rate has nothing to vary
        assertThat(execute("sweep", "blocking-io", "--variant", "mvc-tomcat-20", "--knob", "rate=10,20"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("load 100x10 is closed");
        err.getBuffer().setLength(0);
        assertThat(execute("sweep", "blocking-io", "--variant", "mvc-tomcat-20", "--knob", "users=1,2", "--users", "4"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--users, --path and the request's options apply to an application");
        assertThat(ProcessHandle.current().descendants().count()).isEqualTo(jvmsBefore);
    }

    @Test
    void loadHostsThatCannotBeUsedAreRefusedInOneLineBeforeAnythingStarts() {
        long jvmsBefore = ProcessHandle.current().descendants().count();
        assertThat(execute("run", "blocking-io", "--variant", "mvc-tomcat-20", "--load-from", "user@10.0.0.2"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--load-from: a load host is host or host:port, not user@10.0.0.2");
        err.getBuffer().setLength(0);
        // 127.0.0.1.example.com is a name, not this machine: the agents need to know where to send
        assertThat(execute("run", "blocking-io", "--variant", "mvc-tomcat-20", "--load-from", "127.0.0.1.example.com"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("say with --reachable-at");
        assertThat(ProcessHandle.current().descendants().count()).isEqualTo(jvmsBefore);
    }

    @Test
    void anUnknownVariantListsTheValidOnes() {
        assertThat(execute("run", "blocking-io", "--variant", "mvc-tomcat-20,nope"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("unknown variant 'nope'").contains("mvc-tomcat-200");
    }

    @Test
    void badNumbersAreRefused() {
        assertThat(execute("run", "blocking-io", "--scale", "fast")).isEqualTo(2);
        assertThat(execute("run", "blocking-io", "--scale", "0")).isEqualTo(2);
        assertThat(execute("run", "blocking-io", "--cpus", "0")).isEqualTo(2);
        assertThat(execute("run", "blocking-io", "--warm-up", "0")).isEqualTo(2);
        assertThat(execute("run", "blocking-io", "--warm-up", "long")).isEqualTo(2);
        assertThat(execute("serve", "blocking-io", "mvc-tomcat-20", "--port", "70000"))
                .isEqualTo(2);
    }

    @Test
    void unknownClientAndCompilerChoicesNameTheValidOnes() {
        assertThat(execute("run", "blocking-io", "--connections", "pooled")).isEqualTo(2);
        assertThat(err.toString()).contains("new-per-request or keep-alive");
        assertThat(execute("run", "blocking-io", "--jit", "c2")).isEqualTo(2);
        assertThat(err.toString()).contains("c1 or full");
        assertThat(execute("run", "blocking-io", "--fail-on", "flaky")).isEqualTo(2);
        assertThat(err.toString()).contains("--fail-on takes not-reproduced, not-decided, not-applicable");
        assertThat(execute("bench", "blocking-io", "--runs", "0")).isEqualTo(2);
        assertThat(execute("bench", "--summarize", "/no/such/run")).isEqualTo(2);
    }

    @Test
    void aPortInUseIsRefusedBeforeAnythingStarts() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThat(execute(
                            "serve", "blocking-io", "mvc-tomcat-20", "--port", Integer.toString(taken.getLocalPort())))
                    .isEqualTo(2);
            assertThat(err.toString()).contains("is in use");
        }
    }

    @Test
    void aVariantListThatNamesNothingIsRefusedRatherThanRunningEverything() {
        assertThat(execute("run", "blocking-io", "--variant", ",")).isEqualTo(2);
        assertThat(err.toString()).contains("--variant needs variant names");
        assertThat(err.toString().strip().lines()).hasSize(1);
    }

    @Test
    void anOutDirectoryThatCannotTakeResultsIsRefusedBeforeAnythingRuns(@TempDir Path directory) throws Exception {
        assertThat(execute("run", "blocking-io", "--out", "")).isEqualTo(2);
        Path file = Files.writeString(directory.resolve("a-file"), "x");
        assertThat(execute("run", "blocking-io", "--out", file.toString())).isEqualTo(2);
        assertThat(execute(
                        "run",
                        "blocking-io",
                        "--out",
                        file.resolve("below-a-file").toString()))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("--out needs a directory")
                .contains("is a file, not a directory")
                .contains("cannot write results into");
        assertThat(err.toString().strip().lines()).hasSize(3);
    }

    @Test
    void reportOfSomethingThatIsNotARunSaysSoInOneLine(@TempDir Path directory) throws Exception {
        for (String content : List.of("", "{}", "[]", "{\"run\": {")) {
            Files.writeString(directory.resolve("results.json"), content);
            assertThat(execute("report", directory.toString())).as(content).isEqualTo(2);
        }
        assertThat(execute("report", directory.resolve("nowhere").toString())).isEqualTo(2);
        assertThat(err.toString().strip().lines())
                .hasSize(5)
                .allSatisfy(line -> assertThat(line).startsWith("lab: "));
    }
}
