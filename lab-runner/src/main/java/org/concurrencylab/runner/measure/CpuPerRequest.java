package org.concurrencylab.runner.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.MachineUsage;

/**
 * c, the CPU one request costs every process of the request path, as the utilization law fitted over a variant's
 * steps: each step's CPU (beyond the processes' background and their JIT compilers') against its requests, a
 * straight line whose slope is what a request costs and whose intercept is what every step cost whatever its
 * requests (the driver's and the probe's own work around a step). A step's own c divides that fixed cost by its
 * requests: blocking-io's mvc-tomcat-20 read 3.65 ms at 100 requests and 1.50 ms at 1,000 in one run, and a light
 * step then read as machine-bound for a CPU its requests never cost.
 *
 * <p>Fitted where the variant ran two steps or more of different request counts whose line rises and meets the
 * axis above zero (a fixed cost to take out); where c grows with the load (contention) or the steps are too few,
 * each step keeps its own. A step whose work is CPU itself (cpu-bound's) keeps its own too: there c is the subject.
 *
 * @param millisPerRequest the slope, in milliseconds a request
 * @param secondsEveryStep the intercept: CPU seconds every step cost whatever its requests
 * @param steps            how many steps it was fitted over
 */
public record CpuPerRequest(double millisPerRequest, double secondsEveryStep, int steps) {

    /** The fit over the steps that measured their CPU; empty where it gives no fixed cost to take out. */
    public static Optional<CpuPerRequest> of(List<StepResult> steps) {
        List<double[]> points = new ArrayList<>();
        for (StepResult step : steps) {
            MachineUsage machine = step.machine();
            long requests = step.client().requests().sent();
            if (machine != null
                    && !machine.cpuWork()
                    && machine.cpuMillisPerRequest() > 0
                    && requests >= Defaults.REQUESTS_TO_MEASURE_C) {
                points.add(new double[] {requests, machine.cpuMillisPerRequest() * requests / 1e3});
            }
        }
        if (points.stream().mapToDouble(point -> point[0]).distinct().count() < 2) {
            return Optional.empty();
        }
        double meanX = points.stream().mapToDouble(point -> point[0]).average().orElseThrow();
        double meanY = points.stream().mapToDouble(point -> point[1]).average().orElseThrow();
        double covariance = 0;
        double variance = 0;
        for (double[] point : points) {
            covariance += (point[0] - meanX) * (point[1] - meanY);
            variance += (point[0] - meanX) * (point[0] - meanX);
        }
        double slope = covariance / variance;
        double intercept = meanY - slope * meanX;
        return slope > 0 && intercept > 0
                ? Optional.of(new CpuPerRequest(slope * 1e3, intercept, points.size()))
                : Optional.empty();
    }

    /**
     * The variant's steps judged again at the fitted c, each with the fixed cost it leaves out; the steps as they were
     * where there is no fit.
     *
     * @param contexts each step's context, in the same order
     */
    public static List<StepResult> fitted(List<StepResult> steps, List<StepResults.Context> contexts) {
        if (steps.size() != contexts.size()) {
            throw new IllegalArgumentException(steps.size() + " steps and " + contexts.size() + " contexts");
        }
        Optional<CpuPerRequest> fit = of(steps);
        if (fit.isEmpty()) {
            return steps;
        }
        List<StepResult> judged = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            StepResult step = steps.get(i);
            if (step.machine() == null || step.machine().cpuWork()) {
                judged.add(step);
                continue;
            }
            judged.add(MachineAccount.withCpuPerRequest(contexts.get(i), step, fit.get()));
        }
        return judged;
    }
}
