package org.concurrencylab.probe;

import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Stops the service when the lab that started it is gone, even if the lab was killed too hard to
 * stop its services itself: no service outlives its lab.
 */
final class ParentWatch {

    static final String PROPERTY = "lab.parent-pid";

    private ParentWatch() {}

    static void watch(long parentPid, ConfigurableApplicationContext context) {
        ProcessHandle.of(parentPid)
                .ifPresentOrElse(
                        parent -> parent.onExit().thenRun(() -> System.exit(SpringApplication.exit(context, () -> 3))),
                        () -> System.exit(SpringApplication.exit(context, () -> 3)));
    }
}
