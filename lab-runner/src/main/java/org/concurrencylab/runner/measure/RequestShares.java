package org.concurrencylab.runner.measure;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.Outcome;
import org.concurrencylab.driver.RequestMix;
import org.concurrencylab.driver.RequestRecord;
import org.concurrencylab.results.step.RequestShare;

/**
 * A load of several requests split back into them: each record's part is its user's and sequence's in the mix.
 * Counted as the step counts them: a request an open load could not send is sent and failed.
 */
public final class RequestShares {

    private RequestShares() {}

    /** Each part of {@code mix} as {@code load} measured it; none where the load sent one request. */
    public static List<RequestShare> of(RequestMix mix, LoadResult load) {
        if (!mix.isMix()) {
            return List.of();
        }
        int parts = mix.parts().size();
        long[] sent = new long[parts];
        long[] failed = new long[parts];
        List<Histogram> answered = new ArrayList<>();
        for (int i = 0; i < parts; i++) {
            answered.add(new Histogram(3));
        }
        for (RequestRecord record : load.requests()) {
            int part = mix.partOf(record.user(), record.sequence());
            sent[part]++;
            if (record.outcome() == Outcome.OK) {
                answered.get(part).recordValue(Math.max(1, record.latencyNanos() / 1000));
            } else {
                failed[part]++;
            }
        }
        int total = mix.parts().stream().mapToInt(RequestMix.Part::weight).sum();
        List<RequestShare> shares = new ArrayList<>();
        for (int i = 0; i < parts; i++) {
            RequestMix.Part part = mix.parts().get(i);
            Histogram ok = answered.get(i);
            boolean any = ok.getTotalCount() > 0;
            shares.add(new RequestShare(
                    part.describe(),
                    part.weight() / (double) total,
                    sent[i],
                    failed[i],
                    any ? ok.getMean() / 1000 : null,
                    any ? ok.getValueAtPercentile(95) / 1000.0 : null));
        }
        return List.copyOf(shares);
    }
}
