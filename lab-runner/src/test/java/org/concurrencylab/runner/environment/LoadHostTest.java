package org.concurrencylab.runner.environment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LoadHostTest {

    @Test
    void aHostWithoutAPortGetsTheEnginesDefault() {
        assertThat(LoadHost.parse("10.0.0.2", 1099)).hasToString("10.0.0.2:1099");
        assertThat(LoadHost.parse(" load-1:2000 ", 1099)).isEqualTo(new LoadHost("load-1", 2000));
        assertThat(LoadHost.parse("[::1]:1199", 1099)).isEqualTo(new LoadHost("[::1]", 1199));
        assertThat(LoadHost.parse("[fd00::2]", 1099)).hasToString("[fd00::2]:1099");
    }

    @Test
    void anythingButHostOrHostAndPortIsRefused() {
        for (String named :
                new String[] {"load-1:2000/x", "user@load-1", "load-1?x", "", "  ", "load-1:99999", "a b"}) {
            assertThatThrownBy(() -> LoadHost.parse(named, 1099))
                    .as(named)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void loopbackIsReadFromTheNameWithoutALookup() {
        assertThat(LoadHost.parse("127.0.0.2:1199", 1099).isLoopback()).isTrue();
        assertThat(LoadHost.parse("localhost", 1099).isLoopback()).isTrue();
        assertThat(LoadHost.parse("[::1]", 1099).isLoopback()).isTrue();
        assertThat(LoadHost.parse("127.0.0.1.example.com", 1099).isLoopback()).isFalse();
        assertThat(LoadHost.parse("10.200.2.2", 1099).isLoopback()).isFalse();
        assertThat(LoadHost.parse("[fd00::2]", 1099).isLoopback()).isFalse();
    }
}
