package org.concurrencylab.driver;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;

/** The lab puts load on its own services only: any target off this machine's loopback is refused. */
public final class LoopbackOnly {

    private LoopbackOnly() {
    }

    public static URI check(URI target) {
        try {
            for (InetAddress address : InetAddress.getAllByName(target.getHost())) {
                if (!address.isLoopbackAddress()) {
                    throw new IllegalArgumentException("refusing to load " + target + ": not a loopback address");
                }
            }
            return target;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("refusing to load " + target + ": unknown host", e);
        }
    }
}
