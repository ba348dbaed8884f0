package org.concurrencylab.driver;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;

/**
 * The lab puts load on its own services only: any target off this machine's loopback is refused.
 * Checking the name once is not enough, because the client resolves it again to connect (a name can
 * answer differently the second time); so the drivers' clients also resolve through
 * {@link #RESOLVER}, which refuses any address off loopback at the moment of connecting.
 */
public final class LoopbackOnly {

    /** The resolver every connection of the drivers goes through. */
    public static final DnsResolver RESOLVER = new DnsResolver() {
        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            InetAddress[] addresses = SystemDefaultDnsResolver.INSTANCE.resolve(host);
            for (InetAddress address : addresses) {
                if (!address.isLoopbackAddress()) {
                    throw new UnknownHostException(host + " resolves to " + address.getHostAddress()
                            + ", not a loopback address: the lab loads its own services only");
                }
            }
            return addresses;
        }

        @Override
        public String resolveCanonicalHostname(String host) throws UnknownHostException {
            return SystemDefaultDnsResolver.INSTANCE.resolveCanonicalHostname(host);
        }
    };

    private LoopbackOnly() {}

    /**
     * By name, not by a DNS lookup that could stall or be answered by someone else: localhost, or an IP
     * literal in the loopback range, IPv6 ones with or without brackets. A name that only begins like one
     * (127.0.0.1.example.com) is a name.
     */
    public static boolean isLoopbackName(String host) {
        if (host.equalsIgnoreCase("localhost")) {
            return true;
        }
        String literal = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (literal.matches("(\\d{1,3}\\.){3}\\d{1,3}")) {
            String[] octets = literal.split("\\.");
            return Arrays.stream(octets).allMatch(octet -> Integer.parseInt(octet) <= 255) && octets[0].equals("127");
        }
        if (!literal.contains(":") || !literal.matches("[0-9a-fA-F:.]+")) {
            return false;
        }
        try {
            // a string with a colon is parsed as an IPv6 literal, never looked up
            return InetAddress.getByName(literal).isLoopbackAddress();
        } catch (UnknownHostException notALiteral) {
            return false;
        }
    }

    public static URI check(URI target) {
        // a URI that URI cannot split into a host (evil_host.example.com, say) has none to check
        if (target.getHost() == null || target.getHost().isEmpty()) {
            throw new IllegalArgumentException("refusing to load " + target + ": no host that can be checked");
        }
        try {
            RESOLVER.resolve(target.getHost());
            return target;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(
                    "refusing to load " + target + ": "
                            + (e.getMessage().contains("loopback") ? "not a loopback address" : "unknown host"),
                    e);
        }
    }
}
