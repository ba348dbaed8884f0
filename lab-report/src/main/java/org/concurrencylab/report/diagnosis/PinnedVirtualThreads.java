package org.concurrencylab.report.diagnosis;

import static java.lang.String.format;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.concurrencylab.results.step.StepResult;

/**
 * Virtual threads that blocked while pinned to their carrier, as the lab's agent counts them from JFR
 * ({@code VirtualThreadPinned}, 20 ms or more): a pinned thread keeps its carrier while it waits, so
 * the carriers, one per core by default, cap how many such requests run at once, whatever the users.
 */
final class PinnedVirtualThreads {

    /** The JDK's scheduler names its carriers so; the probe groups them under this pool. */
    static final String CARRIERS = "fork-join-workers";
    /** Throughput this close to what the carriers allow: they, not the users, set it. */
    private static final double LIMIT = 0.9;

    private PinnedVirtualThreads() {}

    /** The sentence for step {@code index} of one variant's steps (lightest first); none where nothing pinned. */
    static Optional<String> sentence(List<StepResult> steps, int index) {
        StepResult step = steps.get(index);
        long pins = step.service().process() == null
                ? 0
                : step.service().process().virtualThreadPins().orElse(0);
        if (pins <= 0 || step.client().elapsedSeconds() <= 0) {
            return Optional.empty();
        }
        StringBuilder sentence = new StringBuilder(format(
                Locale.ROOT,
                "%d times a virtual thread waited 20 ms or more pinned to "
                        + "its carrier (JFR's jdk.VirtualThreadPinned, %.1f a second, against %.1f requests a second)",
                pins,
                pins / step.client().elapsedSeconds(),
                step.client().throughputPerSecond()));
        Integer carriers = step.service().threads() == null
                ? null
                : step.service().threads().peakByPool().get(CARRIERS);
        double aloneMillis = steps.getFirst().client().latencyMillis().mean();
        if (carriers != null && carriers > 0 && aloneMillis > 0) {
            double carriersAllow = carriers * 1000 / aloneMillis;
            sentence.append(format(
                    Locale.ROOT,
                    ": while it waits it keeps its carrier, so the %d carriers serve at most %d / %.1f ms "
                            + "= %.1f such requests a second, %s",
                    carriers,
                    carriers,
                    aloneMillis,
                    carriersAllow,
                    step.client().throughputPerSecond() >= LIMIT * carriersAllow
                            ? "and they were the limit here"
                            : "more than the users asked for here"));
        }
        sentence.append(
                ". The event's stack shows what pins: a native frame under the wait, a class initializer, or, before "
                        + "Java 24, a synchronized block.");
        return Optional.of(sentence.toString());
    }
}
