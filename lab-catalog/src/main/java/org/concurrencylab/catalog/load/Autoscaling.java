package org.concurrencylab.catalog.load;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * An autoscaler in front of a variant's entry service, by the rule of a Kubernetes
 * HorizontalPodAutoscaler on CPU: every {@code period} it reads each instance's CPU as a share of the CPU
 * the instance requested, and where their mean stayed above {@code targetUtilization} for {@code window}
 * it asks for ceil(instances x utilization / target) instances, up to {@code maxInstances}. A new instance
 * is a real JVM of the entry service, cold, that takes its share of the users once it answers. It is
 * started with the variant, before any load, and joins after its own measured start-up time, in the
 * experiment's time ({@code experimentSecondsPerArticleSecond}): a pod starts on a node of its own, where
 * a JVM started here during the load would take this machine's cores from the services it measures, and an
 * experiment that compresses the article's minutes into seconds would otherwise make a start of seconds
 * last minutes. It does not scale down within a step (a HorizontalPodAutoscaler waits five minutes before it
 * does). Build one with {@link #custom()}.
 *
 * @param requestCores      the CPU each instance requests, in cores: what its utilization is a share of
 * @param targetUtilization the mean utilization the rule keeps the instances at
 * @param period            how often the rule runs, in the experiment's time (a HorizontalPodAutoscaler's 15 s)
 * @param window            how long the utilization must stay above the target before it scales out
 * @param maxInstances      the most instances it runs
 * @param readinessDelay    how long an instance that joined stays out of the mean, in the experiment's time: a
 *                          cold JVM compiles its code on its first requests, and a HorizontalPodAutoscaler
 *                          leaves a pod's CPU out for its first 30 s of readiness for that reason
 * @param experimentSecondsPerArticleSecond how the experiment's time relates to the article's, for a start-up
 *                          time measured in real seconds: 1 where the experiment runs in the article's time
 */
public record Autoscaling(
        double requestCores,
        double targetUtilization,
        Duration period,
        Duration window,
        int maxInstances,
        Duration readinessDelay,
        double experimentSecondsPerArticleSecond) {

    public Autoscaling {
        if (!(requestCores > 0) || !(targetUtilization > 0 && targetUtilization <= 1)) {
            throw new IllegalArgumentException(
                    "an autoscaler's CPU request is above 0 cores and its target a share from 0 to 1; " + requestCores
                            + " and " + targetUtilization + " are not");
        }
        Objects.requireNonNull(period, "period");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(readinessDelay, "readinessDelay");
        if (!period.isPositive() || window.isNegative() || readinessDelay.isNegative()) {
            throw new IllegalArgumentException(
                    "an autoscaler runs every so long (above 0) and waits a window of 0 or more");
        }
        if (!(experimentSecondsPerArticleSecond > 0 && experimentSecondsPerArticleSecond <= 1)) {
            throw new IllegalArgumentException(
                    "an experiment's time is the article's or shorter: " + experimentSecondsPerArticleSecond);
        }
        if (maxInstances < 2) {
            throw new IllegalArgumentException(
                    "an autoscaler that may run " + maxInstances + " instance cannot scale out");
        }
    }

    public static Builder custom() {
        return new Builder();
    }

    /**
     * The instances the rule asks for at this mean utilization: never fewer than now (no scale-down within a
     * step), never more than the maximum.
     */
    public int desired(int instances, double utilization) {
        int wanted = (int) Math.ceil(instances * utilization / targetUtilization - 1e-9);
        return Math.clamp(wanted, instances, maxInstances);
    }

    /** How long an instance that started in this long, in real time, takes to join in the experiment's time. */
    public Duration joiningAfter(Duration startUp) {
        return Duration.ofNanos(Math.round(startUp.toNanos() * experimentSecondsPerArticleSecond));
    }

    /** The rule in words, for reports. */
    public String describe() {
        return String.format(
                Locale.ROOT,
                "CPU above %.0f %% of %.2f cores %s (read every %.2f s): ceil(n x "
                        + "utilization / %.0f %%) instances, at most %d",
                100 * targetUtilization,
                requestCores,
                window.isZero() ? "at a reading" : String.format(Locale.ROOT, "for %.2f s", window.toMillis() / 1e3),
                period.toMillis() / 1e3,
                100 * targetUtilization,
                maxInstances);
    }

    /**
     * A HorizontalPodAutoscaler's defaults where it has them (a 15 s period, no window, 30 s of readiness
     * left out); the request, target and maximum are the variant's.
     */
    public static final class Builder {
        private double requestCores;
        private double targetUtilization;
        private Duration period = Duration.ofSeconds(15);
        private Duration window = Duration.ZERO;
        private int maxInstances;
        private double experimentSecondsPerArticleSecond = 1;
        private Duration readinessDelay = Duration.ofSeconds(30);

        private Builder() {}

        public Builder requestCores(double cores) {
            this.requestCores = cores;
            return this;
        }

        public Builder targetUtilization(double share) {
            this.targetUtilization = share;
            return this;
        }

        public Builder period(Duration period) {
            this.period = period;
            return this;
        }

        public Builder window(Duration window) {
            this.window = window;
            return this;
        }

        public Builder maxInstances(int maxInstances) {
            this.maxInstances = maxInstances;
            return this;
        }

        public Builder readinessDelay(Duration delay) {
            this.readinessDelay = delay;
            return this;
        }

        /** For an experiment that compresses the article's time: 1 / 60 where a minute is a second. */
        public Builder experimentSecondsPerArticleSecond(double ratio) {
            this.experimentSecondsPerArticleSecond = ratio;
            return this;
        }

        public Autoscaling build() {
            return new Autoscaling(
                    requestCores,
                    targetUtilization,
                    period,
                    window,
                    maxInstances,
                    readinessDelay,
                    experimentSecondsPerArticleSecond);
        }
    }
}
