package org.concurrencylab.agent;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import jdk.jfr.consumer.RecordingStream;
import org.concurrencylab.probe.model.PinsSince;

/**
 * Counts JFR's {@code VirtualThreadPinned}: a virtual thread that blocked while it could not leave its
 * carrier (a native frame, a class initialiser, and before JDK 24 a {@code synchronized} block), so that the
 * carrier, one of a pool as small as the CPUs, waited with it. JFR reports those of 20 ms or more by default;
 * the lab keeps that threshold, below which a pin costs a carrier little.
 */
final class VirtualThreadPins implements AutoCloseable {

    static final Duration THRESHOLD = Duration.ofMillis(20);

    private final AtomicLong pins = new AtomicLong();
    private final PinTimeline timeline = new PinTimeline();
    private final RecordingStream stream;

    private VirtualThreadPins(RecordingStream stream) {
        this.stream = stream;
    }

    static VirtualThreadPins start() {
        RecordingStream stream = new RecordingStream();
        VirtualThreadPins counter = new VirtualThreadPins(stream);
        stream.enable("jdk.VirtualThreadPinned").withThreshold(THRESHOLD);
        stream.onEvent("jdk.VirtualThreadPinned", event -> {
            counter.pins.incrementAndGet();
            counter.timeline.ended(event.getEndTime().toEpochMilli());
        });
        stream.onFlush(() -> counter.timeline.handedOver(System.currentTimeMillis()));
        // the stream's own blocking start, on a daemon thread: startAsync's thread is never a daemon, and would
        // keep alive an application whose main has returned
        Thread.ofPlatform().daemon().name("lab-agent-pins").start(stream::start);
        return counter;
    }

    long count() {
        return pins.get();
    }

    /** The pins that ended at or after {@code sinceEpochMillis}, by when each ended. */
    PinsSince since(long sinceEpochMillis) {
        return timeline.since(sinceEpochMillis);
    }

    @Override
    public void close() {
        stream.close();
    }
}
