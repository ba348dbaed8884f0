package org.concurrencylab.probe;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.concurrencylab.probe.core.CpuProfiler;
import org.concurrencylab.probe.core.ProbeSampler;
import org.concurrencylab.probe.model.CpuProfile;
import org.concurrencylab.probe.model.ProbeReport;
import org.concurrencylab.probe.model.ProbeSample;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/** {@code GET /actuator/labprobe?since=<epoch ms>}: sizing, counters and the samples since then. */
@Endpoint(id = "labprobe")
public class ProbeEndpoint {

    private final ProbeSampler sampler;
    private final List<SizingContributor> contributors;

    private final ServiceTimers timers;
    /** Null where the service runs without a profiler. */
    private final @Nullable CpuProfiler profiler;

    private final ServiceMeters meters;

    ProbeEndpoint(
            ProbeSampler sampler,
            List<SizingContributor> contributors,
            ServiceTimers timers,
            @Nullable CpuProfiler profiler,
            ServiceMeters meters) {
        this.meters = meters;
        this.sampler = sampler;
        this.contributors = contributors;
        this.timers = timers;
        this.profiler = profiler;
    }

    @ReadOperation
    public ProbeReport report(@Nullable Long since) {
        Map<String, Object> sizing = new TreeMap<>();
        contributors.forEach(contributor -> contributor.contribute(sizing));
        List<ProbeSample> samples = since == null ? List.of() : sampler.samplesSince(since);
        return new ProbeReport(
                sizing,
                sampler.counters().withTimers(timers.served(), timers.held()),
                samples,
                since == null || profiler == null ? CpuProfile.EMPTY : profiler.since(since),
                since == null ? List.of() : meters.since(since),
                null);
    }
}
