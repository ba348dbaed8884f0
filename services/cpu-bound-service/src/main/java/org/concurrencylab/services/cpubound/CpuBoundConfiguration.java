package org.concurrencylab.services.cpubound;

import java.time.Duration;
import org.concurrencylab.probe.SizingContributor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Calibrates the work at start (or takes an earlier variant's) and tells the lab what it got and how the pools are sized. */
@Configuration(proxyBeanMethods = false)
class CpuBoundConfiguration {

    @Bean
    PiCalculator piCalculator(CpuBoundProperties properties) {
        return properties.terms() > 0
                ? PiCalculator.of(properties.terms(), workPerRequest(properties))
                : PiCalculator.calibrate(workPerRequest(properties));
    }

    @Bean
    SizingContributor cpuBoundPoolSizes(CpuBoundProperties properties, PiCalculator calculator) {
        return sizing -> {
            sizing.put("scheduler", properties.scheduler().name());
            sizing.put(
                    "schedulerThreads",
                    switch (properties.scheduler()) {
                        case NONE -> 0;
                        case PARALLEL ->
                            properties.parallelism() > 0 ? properties.parallelism() : properties.realCpus();
                        case VIRTUAL -> -1;
                    });
            sizing.put("machineCpus", properties.realCpus());
            sizing.put("workPerRequestMillis", workPerRequest(properties).toNanos() / 1e6);
            sizing.put("workFactor", properties.workFactor());
            sizing.put("piTermsPerRequest", calculator.termsPerRequest());
            sizing.put("piNanosPerTerm", calculator.nanosPerTerm());
            sizing.put("piNanosPerTermHere", calculator.nanosPerTermHere());
            sizing.put("piCalibratedHere", properties.terms() <= 0);
        };
    }

    /** D per core of the machine: a request's CPU time is D x CPUs, so that 30 of them take 30 D on all cores. */
    private static Duration workPerRequest(CpuBoundProperties properties) {
        return properties.workPerCore().multipliedBy(properties.realCpus());
    }
}
