package org.concurrencylab.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class JmeterRemoteLoadTest {

    @Test
    void usersSplitAsEvenlyAsWholeUsersAllow() {
        assertThat(JmeterRemoteLoad.shares(100, 2)).containsExactly(50, 50);
        assertThat(JmeterRemoteLoad.shares(100, 3)).containsExactly(34, 33, 33);
        assertThat(JmeterRemoteLoad.shares(1, 2)).containsExactly(1, 0);
    }

    @Test
    void aHostWithoutAPortGetsJmetersAndOneNamedTwiceIsRefused() {
        // named twice only once JMeter's port is added to the host named without one
        assertThatThrownBy(() -> JmeterRemoteLoad.custom(List.of("[::1]", "[::1]:1099"), "::1"))
                .hasMessageContaining("named twice");
        assertThatThrownBy(() -> JmeterRemoteLoad.custom(List.of("a:2000/x"), "10.0.0.1"))
                .hasMessageContaining("host or host:port");
        assertThatThrownBy(() -> JmeterRemoteLoad.custom(List.of("a", "a:1099"), "10.0.0.1"))
                .hasMessageContaining("named twice");
    }
}
