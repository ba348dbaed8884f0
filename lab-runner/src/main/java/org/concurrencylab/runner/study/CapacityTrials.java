package org.concurrencylab.runner.study;

import static java.lang.String.format;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.concurrencylab.capacity.CapacityOfForks;
import org.concurrencylab.capacity.CapacityProjector;
import org.concurrencylab.capacity.Saturation;
import org.concurrencylab.capacity.ServiceCapacityModel;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.VariantStatus;
import org.concurrencylab.results.capacity.CapacityCheck;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.capacity.ServiceCapacity;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.runner.process.CoreConfinement;
import org.concurrencylab.statistics.ForkSample;
import org.concurrencylab.statistics.forks.VariantAcrossForks;
import org.concurrencylab.study.Study;

/**
 * The study's capacity model put to the test on this machine: carried from half its cores onto all of them
 * ({@code check-projection}), and where a pool was the limit, its advice measured again at the size it asks for
 * ({@code verify}). Each side is its forks' mean with its interval over them.
 */
final class CapacityTrials {

    /** The variant held to fewer cores, and the confinement (closed: each fork holds it {@link CoreConfinement#again}). */
    record Confined(Variant variant, CoreConfinement confinement) {}

    private CapacityTrials() {}

    /**
     * The first half of testing a projection: the first variant with the application held to half this machine's
     * cores (at least one) and the lab's processes to the rest; none, with the reason as a finding, where it cannot
     * be held.
     */
    static Optional<Confined> confined(StudyRun run, Variant variant) throws InterruptedException {
        int machineCpus = run.machineCpus();
        int cores = Math.max(1, machineCpus / 2);
        String name = variant.name() + "-on-" + cores + (cores == 1 ? "-core" : "-cores");
        Variant confined = StudyRun.variant(
                name,
                variant.summary() + ", held to " + cores + " of this machine's " + machineCpus + " cores",
                variant.properties());
        // the lab is held to its cores only while the confined JVM runs: each of its forks holds it again
        try (CoreConfinement confinement = CoreConfinement.start(
                cores, machineCpus, run.tools().java(), run.study().jvmOptions(), run.directory())) {
            return Optional.of(new Confined(confined, confinement));
        } catch (IllegalArgumentException | IOException e) {
            run.found("The projection was not tested: " + e.getMessage() + ".");
            return Optional.empty();
        }
    }

    /**
     * The second half: the fewer cores' model carried onto all of them, against what the variant measured there. Both
     * sides are the throughput the cores (or a pool) allow, not a step's throughput: a closed step's users also pace
     * it, and their lone request's time is itself slower on fewer cores (two threads that hand a request over share
     * one core). Measured, that is the heaviest step's throughput over the share of its limit it used: its cores'
     * busy share where they were the limit, without what the service's JIT compilers took, as the model reads c.
     */
    static ServiceCapacity projectionChecked(
            ServiceCapacity model, CapacityOfForks fewer, VariantResult measured, int machineCpus) {
        if (measured.status() != VariantStatus.OK || measured.steps().isEmpty()) {
            return model;
        }
        Saturation predicted = fewer.onCores(machineCpus);
        List<Double> allowed = new ArrayList<>();
        String allowedLimit = null;
        for (VariantResult fork : measured.runs()) {
            Optional<ServiceCapacity> there = ServiceCapacityModel.of(fork.name(), fork.steps());
            if (!fork.ok() || there.isEmpty()) {
                continue;
            }
            StepResult heaviest = fork.steps().getLast();
            ResourceDemand limit = Saturation.of(CapacityProjector.onCores(there.get(), machineCpus), Integer.MAX_VALUE)
                    .limit();
            // the cores' busy time per request, as the model of the fewer cores counts it
            OptionalDouble perRequest = ServiceCapacityModel.coresMillisPerRequest(heaviest);
            allowed.add(
                    ResourceDemand.CORES.equals(limit.name()) && perRequest.isPresent() && perRequest.getAsDouble() > 0
                            ? heaviest.machine().cores() * 1000 / perRequest.getAsDouble()
                            : limit.allowsPerSecond());
            allowedLimit = allowedLimit == null ? limit.name() : allowedLimit;
        }
        if (allowed.isEmpty()) {
            return model;
        }
        ForkSample there = ForkSample.of(allowed);
        return model.withCheck(CapacityCheck.custom(measured.name())
                .changed(CapacityCheck.CORES, machineCpus)
                .step(measured.steps().getLast().load())
                .predicted(
                        predicted.limit().allowsPerSecond(), predicted.limit().name())
                .measured(there.mean(), allowedLimit)
                .intervals(
                        predicted.range(), there.interval(Defaults.CONFIDENCE).orElse(null))
                .build());
    }

    /**
     * Where a pool was the limit, the model's advice measured: a second variant with the pool at the size the model
     * asks for, run at the step the limit was found at in as many forks as the study's variants, and the throughput
     * it predicted held against the one measured there; the limit measured is its model's of that step alone. A pool
     * no Spring property sizes is said and not run.
     */
    static ServiceCapacity measuredAgain(
            StudyRun run, Variant variant, ServiceCapacity model, CapacityOfForks capacity, List<VariantResult> results)
            throws IOException, InterruptedException {
        StepResult heaviest = results.getLast().steps().getLast();
        int users = heaviest.usersAtOnce();
        Optional<Integer> size = CapacityProjector.sizeToLift(model, users);
        ResourceDemand pool = model.resource(model.limit()).orElseThrow();
        if (size.isEmpty()) {
            return model;
        }
        if (pool.property() == null) {
            run.found(format(
                    Locale.ROOT,
                    "%s: %s was the limit and needs %d; no Spring property sizes it (the application builds it in its "
                            + "code), so the lab did not measure that size: change it there.",
                    variant.name(),
                    pool.name(),
                    size.get()));
            return model;
        }
        Saturation predicted = capacity.resized(pool.name(), size.get(), users);
        Map<String, String> properties = new LinkedHashMap<>(variant.properties());
        properties.put(pool.property(), Integer.toString(size.get()));
        String name = variant.name() + "-"
                + pool.property().substring(pool.property().lastIndexOf('.') + 1) + "-" + size.get();
        Variant resized = StudyRun.variant(
                name,
                format(
                        Locale.ROOT,
                        "%s with %s=%d, the size its capacity model asked for",
                        variant.name(),
                        pool.property(),
                        size.get()),
                properties);
        // it runs the step compared alone, in as many forks as the study's variants: only there is the advice measured
        VariantResult measured = VariantAcrossForks.of(
                StudyForks.run(run, List.of(resized), Optional.empty(), heaviest.load())
                        .get(name),
                Defaults.CONFIDENCE);
        results.add(measured);
        Optional<StepResult> same = measured.steps().stream()
                .filter(step -> step.load().equals(heaviest.load()))
                .findFirst();
        if (measured.status() != VariantStatus.OK || same.isEmpty()) {
            run.found(name + " did not run " + heaviest.load() + ": the model's advice was not measured.");
            return model;
        }
        String measuredLimit = CapacityOfForks.of(measured, 0, Defaults.CONFIDENCE)
                .map(found -> found.model().limit())
                .orElse("unknown");
        return model.withCheck(CapacityCheck.custom(name)
                .changed(pool.property(), size.get())
                .step(heaviest.load())
                .predicted(
                        predicted.limit().allowsPerSecond(), predicted.limit().name())
                .measured(same.get().client().throughputPerSecond(), measuredLimit)
                .intervals(predicted.range(), same.get().client().throughputPerSecondInterval())
                .build());
    }

    /** The model carried onto the study's target, where it names one. */
    static ServiceCapacity projected(Study study, ServiceCapacity model) {
        return study.target() == null ? model : model.withProjection(CapacityProjector.onto(model, study.target()));
    }
}
