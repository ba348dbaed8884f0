package org.concurrencylab.results.step;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the entry service's CPU went during a step, from the probe's sampling profiler: every method
 * in at least {@link #KEPT_FROM} of the on-CPU stacks, by that share (a flame graph's width), leaving
 * out the JDK's and the servlet container's own, which every request goes through.
 *
 * @param stacks on-CPU stacks of the service's own work sampled during the step
 * @param shares method ({@code class.method}) to the share of those stacks it was in
 * @param selfShares method to the share of those stacks whose innermost frame outside the JDK it was:
 *                   its own time, the JDK's work on its behalf included (where a flame graph's top is)
 * @param jvmStacks on-CPU stacks of the JVM's own threads over the step (compilers, collector, the
 *                  lab's probe), beside the service's: what the JVM spent besides the requests' code
 */
public record ServiceProfile(int stacks, Map<String, Double> shares, Map<String, Double> selfShares, int jvmStacks) {

    /** The smallest share kept: below it, a method is noise over a step's few hundred stacks. */
    public static final double KEPT_FROM = 0.01;

    /** A method and the share of on-CPU stacks it was in. */
    public record Frame(String method, double share) {}

    public ServiceProfile {
        shares = new TreeMap<>(shares);
        selfShares = selfShares == null ? Map.of() : new TreeMap<>(selfShares);
    }

    /** The methods with the most self time, most first. */
    public List<Frame> hottestSelf(int count) {
        return selfShares.entrySet().stream()
                .map(entry -> new Frame(entry.getKey(), entry.getValue()))
                .sorted(Comparator.comparingDouble(Frame::share).reversed().thenComparing(Frame::method))
                .limit(count)
                .toList();
    }

    /** The share of the widest method whose name contains {@code part}; 0 if none was kept. */
    public double shareOf(String part) {
        return shares.entrySet().stream()
                .filter(entry -> entry.getKey().contains(part))
                .mapToDouble(Map.Entry::getValue)
                .max()
                .orElse(0);
    }

    /**
     * The widest methods, one per plateau: a method called only from one wider method has its width,
     * and a chain of them (a template engine's render, process, parse…) would fill the list with one
     * call path; a method within half a percentage point of a wider one already listed is left out.
     */
    public List<Frame> widest(int count) {
        List<Frame> listed = new ArrayList<>();
        shares.entrySet().stream()
                .map(entry -> new Frame(entry.getKey(), entry.getValue()))
                .sorted(Comparator.comparingDouble(Frame::share).reversed().thenComparing(Frame::method))
                .forEach(frame -> {
                    if (listed.size() < count
                            && listed.stream().noneMatch(kept -> kept.share() - frame.share() < 0.005)) {
                        listed.add(frame);
                    }
                });
        return listed;
    }
}
