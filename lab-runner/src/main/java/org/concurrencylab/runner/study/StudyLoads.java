package org.concurrencylab.runner.study;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import org.HdrHistogram.Histogram;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.driver.ClosedLoopDriver;
import org.concurrencylab.driver.ClosedModel;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.OpenLoopDriver;
import org.concurrencylab.driver.OpenModel;
import org.concurrencylab.driver.Progress;
import org.concurrencylab.study.Study;

/**
 * How a study loads its application: its steps as declared, and users who never think for the warm-up, the lone
 * requests and the agent's cost; and how its findings and files name a step.
 */
final class StudyLoads {

    private final ClosedLoopDriver closedDriver = new ClosedLoopDriver();
    private final OpenLoopDriver openDriver = new OpenLoopDriver();

    /** One of the study's steps: its users, thinking, for the step's length; or its arrivals, for as long. */
    LoadResult step(URI target, Study study, LoadStep step, Progress stepProgress) throws InterruptedException {
        return switch (step) {
            case LoadStep.Held held ->
                closedDriver.run(
                        target,
                        unthinking(study, held.users())
                                .thinkTime(held.thinkTime())
                                .heldFor(held.length())
                                .build(),
                        stepProgress);
            case LoadStep.Open open ->
                openDriver.run(
                        target,
                        new OpenModel(
                                        open.ratePerSecond(),
                                        open.duration(),
                                        study.requestTimeout(),
                                        study.connections())
                                .sending(study.requests()),
                        stepProgress);
            case LoadStep.Closed closed ->
                throw new IllegalArgumentException("a study holds its steps for a time, not " + closed.label());
        };
    }

    /**
     * {@code users} sending the study's requests without a think time for {@code length}: a warm-up is there to run
     * the application's code, and the lone requests to time it, and a user who thinks a second between requests
     * would do both a hundred times less.
     */
    LoadResult unthinking(URI target, Study study, int users, Duration length) throws InterruptedException {
        return closedDriver.run(target, unthinking(study, users).heldFor(length).build(), Progress.NONE);
    }

    /**
     * One user's requests one at a time, window after window of {@link Defaults#STUDY_LONE_WINDOW}, until
     * {@link Defaults#STUDY_LONE_REQUESTS} are answered or {@link Defaults#STUDY_LONE_WINDOWS} windows are spent:
     * the answered requests' latencies, in microseconds. Fails as {@link #answeredAtAll} does where none of the first
     * window's was answered; a later window only adds its answers, none of them failing what the first one timed.
     */
    Histogram alone(URI target, Study study) throws IOException, InterruptedException {
        Histogram answered = null;
        for (int window = 1; window <= Defaults.STUDY_LONE_WINDOWS; window++) {
            LoadResult load = unthinking(target, study, 1, Defaults.STUDY_LONE_WINDOW);
            if (window == 1) {
                answeredAtAll(study, load, "lone requests");
            }
            if (answered == null) {
                answered = load.okLatencyMicros().copy();
            } else {
                answered.add(load.okLatencyMicros());
            }
            if (answered.getTotalCount() >= Defaults.STUDY_LONE_REQUESTS) {
                break;
            }
        }
        return answered;
    }

    private static ClosedModel.Builder unthinking(Study study, int users) {
        return ClosedModel.custom(users, study.requestTimeout())
                .connections(study.connections())
                .requests(study.requests());
    }

    /**
     * Fails the variant where none of a run's requests was answered with 2xx or 3xx: nothing after it would measure
     * the application, only its refusals.
     */
    static void answeredAtAll(Study study, LoadResult load, String what) throws IOException {
        if (load.ok() > 0 || load.sent() == 0) {
            return;
        }
        throw new IOException("none of the " + load.sent() + " " + what + ", "
                + study.requests().describe()
                + ", was answered with 2xx or 3xx (" + load.failuresByKind()
                + "); is that what the application expects?"
                + (!study.requests().isMix()
                                && study.requests().parts().getFirst().request().isPlainGet()
                        ? " (--method, --header and --body say what else to send)"
                        : ""));
    }

    /**
     * How long a step takes, for the budget: an open one also waits for its last arrivals' answers, a second where the
     * application keeps up (up to the request timeout where it does not).
     */
    static Duration length(LoadStep step) {
        return switch (step) {
            case LoadStep.Held held -> held.length();
            case LoadStep.Open open -> open.duration().plusSeconds(1);
            case LoadStep.Closed closed -> Duration.ZERO;
        };
    }

    /** A step's per-request file, without its extension: "8-users", "100-per-s". */
    static String fileName(LoadStep step) {
        return switch (step) {
            case LoadStep.Held held -> held.users() + "-users";
            case LoadStep.Open open -> open.ratePerSecond() + "-per-s";
            case LoadStep.Closed closed -> closed.fileName();
        };
    }

    /** A step as the findings name it: "8 users", "100/s". */
    static String name(LoadStep step) {
        return switch (step) {
            case LoadStep.Held held -> held.users() + (held.users() == 1 ? " user" : " users");
            case LoadStep.Open open -> open.ratePerSecond() + "/s";
            case LoadStep.Closed closed -> closed.label();
        };
    }
}
