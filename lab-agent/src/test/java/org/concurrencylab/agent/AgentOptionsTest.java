package org.concurrencylab.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What -javaagent:lab-agent.jar=... accepts; anything else stops the JVM with the reason, before the application starts. */
class AgentOptionsTest {

    @Test
    void noOptionsGiveTheDefaults() {
        AgentOptions options = AgentOptions.parse(null);
        assertThat(options.portFile()).isEmpty();
        assertThat(options.interval()).isEqualTo(AgentOptions.DEFAULT_INTERVAL);
        assertThat(options.parentPid()).isEmpty();
    }

    @Test
    void everyOptionIsRead() {
        AgentOptions options = AgentOptions.parse("port-file=/tmp/x.port,interval-ms=50,capacity=100,parent-pid=42");
        assertThat(options.portFile()).contains(Path.of("/tmp/x.port"));
        assertThat(options.interval().toMillis()).isEqualTo(50);
        assertThat(options.capacity()).isEqualTo(100);
        assertThat(options.parentPid()).hasValue(42);
        assertThat(options.probe()).isTrue();
        assertThat(AgentOptions.parse("probe=off,parent-pid=7").probe()).isFalse();
        assertThat(options.profile()).as("off unless said").isFalse();
        assertThat(AgentOptions.parse("profile=on").profile()).isTrue();
    }

    @Test
    void aWrongOptionIsRefusedWithItsName() {
        assertThatThrownBy(() -> AgentOptions.parse("port=1")).hasMessageContaining("unknown option 'port'");
        assertThatThrownBy(() -> AgentOptions.parse("interval-ms=fast"))
                .hasMessageContaining("interval-ms must be a whole number");
        assertThatThrownBy(() -> AgentOptions.parse("interval-ms=1")).hasMessageContaining("from 10 to 10000");
        assertThatThrownBy(() -> AgentOptions.parse("port-file")).hasMessageContaining("key=value");
        assertThatThrownBy(() -> AgentOptions.parse("probe=maybe")).hasMessageContaining("on or off");
        assertThatThrownBy(() -> AgentOptions.parse("profile=yes")).hasMessageContaining("profile is on or off");
        assertThatThrownBy(() -> AgentOptions.parse("profile=on,probe=off,parent-pid=7"))
                .hasMessageContaining("needs the probe");
        assertThatThrownBy(() -> AgentOptions.parse("probe=off")).hasMessageContaining("parent-pid");
    }
}
