package org.concurrencylab.driver;

import java.time.Duration;

/**
 * Asked once every {@link #period()} while a closed load's users send, from the thread that runs the load: once it
 * answers true no user sends another request, and the load ends when the requests in flight have. A load held for a
 * time that may end sooner: a warm-up that ends when the service is steady. It is never asked again after true, nor
 * after the load's own sending window closed.
 */
public interface SendingCheck {

    /** A check that never stops a load. */
    SendingCheck NEVER = new SendingCheck() {
        @Override
        public Duration period() {
            return Duration.ofDays(365);
        }

        @Override
        public boolean stopSending() {
            return false;
        }
    };

    /** How long after the load's start, and after each check, the next check comes. */
    Duration period();

    /** Whether the users should send no more. */
    boolean stopSending() throws InterruptedException;
}
