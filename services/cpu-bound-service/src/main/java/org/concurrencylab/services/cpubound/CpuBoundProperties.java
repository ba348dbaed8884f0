package org.concurrencylab.services.cpubound;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param scheduler    where the work runs: on the Tomcat thread, a parallel scheduler, or virtual threads
 * @param parallelism  threads of the parallel scheduler; 0 means one per CPU of the machine
 * @param workPerCore  the lab's D: one request's CPU time divided by the machine's CPU count, so that
 *                     30 requests on all cores take 30 D whatever the machine
 * @param machineCpus  the machine's real CPU count, which the lab passes because the JVM may have been
 *                     told another (-XX:ActiveProcessorCount)
 * @param terms        terms of the series per request as an earlier variant calibrated them; 0 to
 *                     calibrate at start
 * @param workFactor   a request's work in units of the calibrated one (D x CPUs of CPU): 1 unless a
 *                     variant sizes its requests to another figure, as the article's batch length
 */
@ConfigurationProperties("lab.cpu")
public record CpuBoundProperties(
        @DefaultValue("none") Scheduler scheduler,
        @DefaultValue("0") int parallelism,
        Duration workPerCore,
        int machineCpus,
        @DefaultValue("0") long terms,
        @DefaultValue("1") double workFactor) {

    public CpuBoundProperties {
        if (!(workFactor > 0)) {
            throw new IllegalArgumentException("lab.cpu.work-factor must be above 0, was " + workFactor);
        }
    }

    public enum Scheduler {
        NONE,
        PARALLEL,
        VIRTUAL
    }

    int realCpus() {
        return machineCpus > 0 ? machineCpus : Runtime.getRuntime().availableProcessors();
    }
}
