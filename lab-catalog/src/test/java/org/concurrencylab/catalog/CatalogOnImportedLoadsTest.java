package org.concurrencylab.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.claim.Claim;
import org.concurrencylab.catalog.claim.Finding;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.junit.jupiter.api.Test;

/**
 * Every claim and finding of the catalog on loads another engine drove: every variant, every step,
 * with the client's figures alone, as an import has them. None may fail on a figure that is not there;
 * each is decided on the client's figures or says it is not applicable.
 */
class CatalogOnImportedLoadsTest {

    @Test
    void everyClaimIsDecidedOnTheClientsFiguresOrNotApplicableAndNoneFails() {
        List<String> verdicts = java.util.Arrays.stream(Verdict.Status.values())
                .map(Verdict.Status::label)
                .toList();
        for (Experiment experiment : Catalog.experiments()) {
            Measurements imported = importedRunOf(experiment);
            for (Claim claim : experiment.claims()) {
                // a figure that is not there is "not applicable", saying which; anything else thrown fails here
                ClaimResult result = claim.evaluate(imported);
                assertThat(result.status())
                        .as(experiment.name() + " " + claim.id())
                        .isIn(verdicts);
                assertThat(result.evidence())
                        .as(experiment.name() + " " + claim.id())
                        .isNotBlank();
            }
            for (Finding finding : experiment.findings()) {
                finding.describe(imported)
                        .ifPresent(line -> assertThat(line)
                                .as(experiment.name() + " " + finding.id())
                                .isNotBlank());
            }
        }
    }

    @Test
    void theClaimsOnThroughputLatencyAndFailuresAloneAreDecidedAndThoseOnWhatTheProbeSawAreNot() {
        Map<String, List<String>> decided = new java.util.TreeMap<>();
        for (Experiment experiment : Catalog.experiments()) {
            Measurements imported = importedRunOf(experiment);
            decided.put(
                    experiment.name(),
                    experiment.claims().stream()
                            .map(claim -> claim.evaluate(imported))
                            .filter(result -> !result.status().equals("not applicable"))
                            .map(ClaimResult::id)
                            .toList());
        }
        ClaimResult threads = Catalog.experiment("blocking-io").orElseThrow().claims().stream()
                .filter(claim -> claim.id().equals("virtual-threads-scale"))
                .findFirst()
                .orElseThrow()
                .evaluate(importedRunOf(Catalog.experiment("blocking-io").orElseThrow()));

        assertThat(decided)
                .containsOnly(
                        Map.entry(
                                "blocking-io",
                                List.of(
                                        "ten-users-near-bound",
                                        "tomcat-20-queues",
                                        "tomcat-200-scales",
                                        "netty-elastic-scales",
                                        "deferred-result-scales")),
                        Map.entry("fan-out", List.of("sequential-holds-under-load")),
                        Map.entry("servlet-async", List.of("blocking-10-cannot-keep-up", "callable-serves-all")),
                        Map.entry("cpu-bound", List.of("no-scheduler-last-batch-times-out")),
                        Map.entry("legacy-chain", List.of("legacy-fails")));
        assertThat(threads.status()).isEqualTo("not applicable");
        assertThat(threads.evidence())
                .contains("needs what the lab's probe measures")
                .contains("came from hyperfoil");
    }

    /** Each step as an import writes it: 100 % of the bound, a mean of D, no probe, no timeline, no sizing. */
    private static Measurements importedRunOf(Experiment experiment) {
        double d = experiment.downstreamLatency().toNanos() / 1e6;
        List<VariantResult> variants = new ArrayList<>();
        for (Variant variant : experiment.variants()) {
            List<StepResult> steps = new ArrayList<>();
            for (LoadStep step : experiment.steps()) {
                long requests = step.totalRequests();
                double seconds = switch (step) {
                    case LoadStep.Closed closed -> closed.repetitions() * d / 1e3;
                    case LoadStep.Held held -> held.rampUp().plus(held.hold()).toNanos() / 1e9;
                    case LoadStep.Open open -> open.duration().toNanos() / 1e9;
                };
                LoadPlan plan = new Scaled(1).plan(step, experiment.requestTimeout(), experiment.connections());
                double throughput = requests / seconds;
                steps.add(StepResult.custom(step.label())
                        .plan(plan.drivenBy("hyperfoil"))
                        .client(
                                new Requests(requests, requests, 0, Map.of()),
                                throughput,
                                new LatencyMillis(d, d, d, d, d, d),
                                seconds,
                                throughput * d / 1e3)
                        .littlesLaw(throughput, "imported", throughput)
                        .timeline(new Timeline(1000, List.of()))
                        .build());
            }
            variants.add(VariantResult.custom(variant.name())
                    .summary(variant.summary())
                    .origin(variant.origin().label())
                    .cpus(8)
                    .properties(variant.properties())
                    .steps(steps)
                    .build());
        }
        return Measurements.of(experiment, variants, experiment.downstreamLatency(), 2);
    }
}
