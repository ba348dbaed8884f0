package org.concurrencylab.cli.terminal;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.runner.environment.RunProgress;

/**
 * One live line per variant on a terminal (redrawn at most every 200 ms), plain lines otherwise.
 * The launcher says which through {@code lab.tty}, because the JDK can only tell from version 22 on.
 */
public final class TerminalProgress implements RunProgress {

    private static final long REDRAW_NANOS = 200_000_000L;

    private final boolean terminal = StandardOutput.isTerminal();
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private volatile String variant = "";
    private volatile String phase = "";
    private volatile int total;
    private volatile long stepStartNanos;
    private long lastDrawNanos;
    private long variantStartNanos;

    private volatile int written;
    private volatile int planned;
    private volatile Path directory;
    private volatile boolean finished;

    @Override
    public synchronized void experimentWritten(String experiment, int written, int planned, Path directory) {
        this.written = written;
        this.planned = planned;
        this.directory = directory;
        clearLine();
        System.out.printf("  %s written to %s (%d of %d experiments)%n", experiment, directory, written, planned);
    }

    @Override
    public void variantWritten(Path directory) {
        this.directory = directory;
    }

    /** The run ended as planned, or the lab already said in one line why it did not: nothing to say on the way out. */
    public void finished() {
        finished = true;
    }

    /** Prints {@link #stoppedLine()} on standard error if the lab is stopped before {@link #finished()}. */
    public TerminalProgress sayingWhatStopped() {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(() -> stoppedLine().ifPresent(System.err::println), "lab-stopped-line"));
        return this;
    }

    /** One line for a run stopped before its end (Ctrl-C, SIGTERM): what stopped, and what was kept. */
    Optional<String> stoppedLine() {
        if (finished) {
            return Optional.empty();
        }
        String kept = directory == null
                ? "no variant had finished, so no results were written"
                : written == 0
                        ? String.format(
                                Locale.ROOT,
                                "the variants that had finished are kept in %s (./lab report %s)",
                                directory,
                                directory)
                        : String.format(
                                Locale.ROOT,
                                "the results of %d of %d experiments, and the variants that had finished since,"
                                        + " are kept in %s (./lab report %s)",
                                written,
                                planned,
                                directory,
                                directory);
        return Optional.of("lab: stopped during " + (variant.isEmpty() ? "start-up" : variant)
                + "; its service JVMs are being stopped; " + kept);
    }

    @Override
    public synchronized void note(String message) {
        clearLine();
        System.out.println("  " + message);
    }

    @Override
    public synchronized void variantStarted(String experiment, String variant, int index, int count) {
        this.variant = String.format(Locale.ROOT, "[%d/%d] %s/%s", index, count, experiment, variant);
        variantStartNanos = System.nanoTime();
        phase = "";
    }

    @Override
    public synchronized void phase(String variant, String phase) {
        this.phase = phase;
        total = 0;
        draw(true);
    }

    @Override
    public synchronized void stepStarted(String variant, String load, int requests) {
        phase = "load " + load;
        total = requests;
        done.set(0);
        failed.set(0);
        stepStartNanos = System.nanoTime();
        draw(true);
    }

    @Override
    public void requestDone(boolean requestFailed) {
        done.incrementAndGet();
        if (requestFailed) {
            failed.incrementAndGet();
        }
        long now = System.nanoTime();
        if (terminal && now - lastDrawNanos > REDRAW_NANOS) {
            synchronized (this) {
                draw(false);
            }
        }
    }

    @Override
    public synchronized void variantFinished(VariantResult result) {
        clearLine();
        double seconds = (System.nanoTime() - variantStartNanos) / 1e9;
        if (!result.ok()) {
            System.out.printf(Locale.ROOT, "%s FAILED after %.1f s: %s%n", variant, seconds, result.failure());
            return;
        }
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s done in %.1f s:", variant, seconds));
        for (StepResult step : result.steps()) {
            line.append(String.format(
                    Locale.ROOT,
                    "  %s %.1f TPS (bound %.1f)%s",
                    step.load(),
                    step.client().throughputPerSecond(),
                    step.bound().littlesLawPerSecond(),
                    step.client().requests().failed() > 0
                            ? ", " + step.client().requests().failed() + " failed"
                            : ""));
        }
        System.out.println(line);
    }

    private void draw(boolean phaseChanged) {
        lastDrawNanos = System.nanoTime();
        String status = total > 0
                ? String.format(
                        Locale.ROOT,
                        "%s: %d/%d requests, %d failed, %.1f s",
                        phase,
                        done.get(),
                        total,
                        failed.get(),
                        (lastDrawNanos - stepStartNanos) / 1e9)
                : phase;
        if (terminal) {
            System.out.print("\r\033[K" + variant + "  " + status);
            System.out.flush();
        } else if (phaseChanged) {
            System.out.println(variant + "  " + status);
        }
    }

    private void clearLine() {
        if (terminal) {
            System.out.print("\r\033[K");
        }
    }
}
