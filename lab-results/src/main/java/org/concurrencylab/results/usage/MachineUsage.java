package org.concurrencylab.results.usage;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import org.concurrencylab.results.interval.Interval;

/**
 * The machine during one step: who used its CPU, and what that leaves of the step's bound.
 *
 * @param cores               the machine's logical processors
 * @param idleShare           the share of all cores' time that was idle during the step; empty where unknown
 * @param processes           the CPU of every process the lab ran during the step
 * @param cpuMillisPerRequest c: the CPU all of them used per completed request, client and services together
 * @param cpuBoundPerSecond   the most this machine's CPU allows for this load and variant, by the lab's
 *                            model (see {@code cpuBoundModel}); empty where the CPU is the subject itself
 * @param cpuBoundModel       how that bound follows from c, the cores and the pool's bound, in words
 * @param machineShare        the share of the step's figure this machine's CPU takes, by that model: the
 *                            throughput a closed load loses, the latency an open load (or a held load's
 *                            requests, whatever its users' think time) gains
 * @param verdict             {@code clean}, or {@code machine-bound} when the machine's share, a busy JIT or cores
 *                            the host slowed are enough to decide the step's figures
 * @param why                 what made it machine-bound, with the numbers; empty when clean
 * @param coreSpeed           how fast the cores ran during the step; null where the meter had no sample in it,
 *                            and in results written before it
 * @param cpuMillisPerRequestInterval c's interval over the forks of a variant run in several, c then their mean; null
 *                            for one fork
 * @param cpuSecondsEveryStep where c is the variant's, fitted over its steps (the slope of their CPU over their
 *                            requests), the fit's intercept: CPU every step of it cost whatever its requests, left out
 *                            of c; empty where c is the step's own
 */
public record MachineUsage(
        int cores,
        OptionalDouble idleShare,
        List<ProcessCpu> processes,
        double cpuMillisPerRequest,
        OptionalDouble cpuBoundPerSecond,
        String cpuBoundModel,
        double machineShare,
        String verdict,
        String why,
        CoreSpeed coreSpeed,
        Interval cpuMillisPerRequestInterval,
        OptionalDouble cpuSecondsEveryStep) {

    public MachineUsage {
        idleShare = idleShare == null ? OptionalDouble.empty() : idleShare;
        cpuSecondsEveryStep = cpuSecondsEveryStep == null ? OptionalDouble.empty() : cpuSecondsEveryStep;
        cpuBoundPerSecond = cpuBoundPerSecond == null ? OptionalDouble.empty() : cpuBoundPerSecond;
    }

    /** A machine's account built by name: clean, nothing measured, until set. */
    public static Builder custom() {
        return new Builder();
    }

    /** Builds a {@link MachineUsage} by name. */
    public static final class Builder {
        private int cores;
        private OptionalDouble idleShare = OptionalDouble.empty();
        private List<ProcessCpu> processes = List.of();
        private double cpuMillisPerRequest;
        private OptionalDouble cpuBoundPerSecond = OptionalDouble.empty();
        private String cpuBoundModel = "";
        private double machineShare;
        private String verdict = CLEAN;
        private String why = "";
        private CoreSpeed coreSpeed;
        private Interval cpuMillisPerRequestInterval;
        private OptionalDouble cpuSecondsEveryStep = OptionalDouble.empty();

        private Builder() {}

        public Builder cores(int cores) {
            this.cores = cores;
            return this;
        }

        public Builder idleShare(OptionalDouble idleShare) {
            this.idleShare = idleShare;
            return this;
        }

        public Builder processes(List<ProcessCpu> processes) {
            this.processes = processes;
            return this;
        }

        public Builder cpuMillisPerRequest(double cpuMillisPerRequest) {
            this.cpuMillisPerRequest = cpuMillisPerRequest;
            return this;
        }

        public Builder cpuBoundPerSecond(OptionalDouble cpuBoundPerSecond) {
            this.cpuBoundPerSecond = cpuBoundPerSecond;
            return this;
        }

        public Builder cpuBoundModel(String cpuBoundModel) {
            this.cpuBoundModel = cpuBoundModel;
            return this;
        }

        public Builder machineShare(double machineShare) {
            this.machineShare = machineShare;
            return this;
        }

        public Builder verdict(String verdict) {
            this.verdict = verdict;
            return this;
        }

        public Builder why(String why) {
            this.why = why;
            return this;
        }

        public Builder coreSpeed(CoreSpeed coreSpeed) {
            this.coreSpeed = coreSpeed;
            return this;
        }

        public Builder cpuMillisPerRequestInterval(Interval cpuMillisPerRequestInterval) {
            this.cpuMillisPerRequestInterval = cpuMillisPerRequestInterval;
            return this;
        }

        /** What every step of the variant cost whatever its requests, where c is the slope over its steps. */
        public Builder cpuSecondsEveryStep(OptionalDouble cpuSecondsEveryStep) {
            this.cpuSecondsEveryStep = cpuSecondsEveryStep;
            return this;
        }

        public MachineUsage build() {
            Objects.requireNonNull(verdict, "verdict");
            Objects.requireNonNull(processes, "processes");
            if (cores < 1) {
                throw new IllegalStateException("a machine has 1 core or more, not " + cores);
            }
            return new MachineUsage(
                    cores,
                    idleShare,
                    processes,
                    cpuMillisPerRequest,
                    cpuBoundPerSecond,
                    cpuBoundModel,
                    machineShare,
                    verdict,
                    why,
                    coreSpeed,
                    cpuMillisPerRequestInterval,
                    cpuSecondsEveryStep);
        }
    }

    public static final String CLEAN = "clean";
    public static final String MACHINE_BOUND = "machine-bound";

    /** The {@code cpuBoundModel} of a step whose work is CPU, where no bound of the machine stands apart. */
    public static final String CPU_WORK = "CPU work is what this step measures: no separate machine bound";

    /** Whether the step's work was CPU itself (cpu-bound), rather than waiting the machine's CPU can stretch. */
    public boolean cpuWork() {
        return CPU_WORK.equals(cpuBoundModel);
    }

    public boolean machineBound() {
        return MACHINE_BOUND.equals(verdict);
    }

    /** Whether the step is machine-bound because its host ran the cores slow (its {@code why} says so). */
    public boolean coresSlowed() {
        return machineBound() && why != null && why.contains(CORES_SLOWED);
    }

    /** How {@code why} begins the reason of a step whose host ran the cores slow. */
    public static final String CORES_SLOWED = "the cores took";

    /** How {@code why} begins the reason of a step whose service's JIT was still busy. */
    public static final String JIT_BUSY = "the service's JIT took";

    /**
     * Whether {@code machineShare} says all the machine may have moved: not so where a compiler still at
     * work or a host that slowed the cores made the step machine-bound, whose effect on the figures no model
     * here bounds.
     */
    public boolean shareBoundsTheMachine() {
        return why == null || !why.contains(JIT_BUSY) && !why.contains(CORES_SLOWED);
    }

    /** The CPU the processes of one role used, summed over those that could be read; empty where none could. */
    public OptionalDouble cpuSeconds(String role) {
        double sum = 0;
        boolean any = false;
        for (ProcessCpu process : processes) {
            if (process.role().equals(role) && process.cpuSeconds().isPresent()) {
                sum += process.cpuSeconds().getAsDouble();
                any = true;
            }
        }
        return any ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }
}
