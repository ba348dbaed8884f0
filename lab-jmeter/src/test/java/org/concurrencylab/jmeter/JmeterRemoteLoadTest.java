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
    void aHostWithoutAPortGetsJmetersAndAMalformedOneIsRefused() {
        assertThat(JmeterRemoteLoad.withPort("10.0.0.2")).isEqualTo("10.0.0.2:1099");
        assertThat(JmeterRemoteLoad.withPort("load-1:2000")).isEqualTo("load-1:2000");
        assertThatThrownBy(() -> JmeterRemoteLoad.withPort("load-1:2000/x")).hasMessageContaining("host or host:port");
        assertThatThrownBy(() -> JmeterRemoteLoad.custom(List.of("a", "a:1099"), "10.0.0.1"))
                .hasMessageContaining("named twice");
    }
}
