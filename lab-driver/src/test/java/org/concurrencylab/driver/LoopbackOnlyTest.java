package org.concurrencylab.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

class LoopbackOnlyTest {

    @Test
    void aTargetWhoseHostCannotBeParsedIsRefusedRatherThanTakenForLocalhost() {
        // java.net.URI finds no host in a name with an underscore: getAllByName(null) would have answered localhost
        assertThat(URI.create("http://evil_host.example.com:8080/").getHost()).isNull();
        assertThatThrownBy(() -> LoopbackOnly.check(URI.create("http://evil_host.example.com:8080/")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no host that can be checked");
    }

    @Test
    void loopbackTargetsPassAndOthersAreRefused() {
        for (String loopback : new String[] {
            "http://127.0.0.1:8080/value", "http://localhost:8080/value", "http://127.0.0.2/", "http://[::1]:8080/"
        }) {
            // the target itself comes back, unchanged: the drivers load what was checked
            assertThat(LoopbackOnly.check(URI.create(loopback))).isEqualTo(URI.create(loopback));
        }
        for (String elsewhere : new String[] {
            "http://192.0.2.1/", "http://10.0.0.1:8080/", "http://[2001:db8::1]/", "http://0.0.0.0:8080/"
        }) {
            assertThatThrownBy(() -> LoopbackOnly.check(URI.create(elsewhere)))
                    .as(elsewhere)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not a loopback address");
        }
    }

    @Test
    void aLoopbackNameIsReadWithoutALookup() {
        for (String loopback :
                new String[] {"localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "::1", "[::1]", "0:0:0:0:0:0:0:1"}) {
            assertThat(LoopbackOnly.isLoopbackName(loopback)).as(loopback).isTrue();
        }
        for (String other : new String[] {
            "127.0.0.1.example.com", "10.0.0.1", "127.0.0.256", "::2", "[fd00::1]", "example.com", "0.0.0.0"
        }) {
            assertThat(LoopbackOnly.isLoopbackName(other)).as(other).isFalse();
        }
    }

    @Test
    void theResolverTheClientsConnectThroughRefusesAnAddressOffLoopback() throws Exception {
        assertThat(LoopbackOnly.RESOLVER.resolve("127.0.0.1"))
                .allSatisfy(address -> assertThat(address.isLoopbackAddress()).isTrue());
        assertThatThrownBy(() -> LoopbackOnly.RESOLVER.resolve("192.0.2.1"))
                .isInstanceOf(UnknownHostException.class)
                .hasMessageContaining("not a loopback address");
    }
}
