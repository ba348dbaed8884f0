package org.concurrencylab.runner.measure;

import java.util.List;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.probe.model.MeterWindow;
import org.concurrencylab.results.step.ServiceTimeline;

/** A service's windows of one step, placed on the step's article seconds. */
public final class ServiceTimelines {

    private ServiceTimelines() {}

    /** The windows that lie mostly within the step. */
    public static ServiceTimeline of(String service, List<MeterWindow> windows, LoadResult load, Scaled scaled) {
        long second = scaled.articleSecond().toMillis();
        List<ServiceTimeline.Point> points = windows.stream()
                .filter(window -> window.endEpochMillis() - second / 2 <= load.endEpochMillis())
                .map(window -> new ServiceTimeline.Point(
                        Math.round(Math.max(0, window.endEpochMillis() - second - load.startEpochMillis())
                                        / scaled.scale()
                                        / 10.0)
                                / 100.0,
                        window.requests(),
                        window.serverErrors(),
                        window.meanMillis(),
                        window.p50Millis(),
                        window.p95Millis(),
                        window.gauges()))
                .toList();
        return new ServiceTimeline(service, points);
    }
}
