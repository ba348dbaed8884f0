package org.concurrencylab.runner.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.load.JitPolicy;
import org.junit.jupiter.api.Test;

/** What keeps a service on loopback and its Actuator small, whatever the environment says. */
class ServiceCommandTest {

    @Test
    void aServiceInheritsOnlyTheAllowedNamesWhateverTheirSpelling() {
        Map<String, String> environment = new HashMap<>(Map.of(
                "SERVER_ADDRESS",
                "0.0.0.0",
                "MANAGEMENT_ENDPOINTS_WEB_EXPOSURE_INCLUDE",
                "*",
                "management.server.port",
                "9999",
                "management_server_port",
                "9999",
                "SPRING_APPLICATION_JSON",
                "{\"server\":{\"address\":\"0.0.0.0\"}}",
                "spring_profiles_active",
                "x",
                "JAVA_TOOL_OPTIONS",
                "-javaagent:x.jar",
                "PATH",
                "/usr/bin",
                "HOME",
                "/root"));
        environment.put("LAB_DATABASE_PASSWORD", "planted");

        Map<String, String> confined =
                ConfinedEnvironment.of(environment, Map.of("PORTFILE", "/tmp/p", "LAB_DATABASE_PASSWORD", "the run's"));

        assertThat(confined)
                .containsOnlyKeys("PATH", "HOME", "PORTFILE", "LAB_DATABASE_PASSWORD")
                .containsEntry("LAB_DATABASE_PASSWORD", "the run's");
    }

    @Test
    void theLabsSafetyPropertiesComeLastSoTheyOutrankAVariantsOwn() {
        ServiceCommand command = ServiceCommand.custom(JavaRuntime.current(), Path.of("service.jar"))
                .cpus(8)
                .jit(JitPolicy.C1_ONLY)
                .properties(Map.of("server.address", "0.0.0.0", "management.endpoints.web.exposure.include", "*"))
                .build();

        List<String> arguments = command.toArguments();

        assertThat(arguments.subList(arguments.size() - ServiceCommand.SAFETY_PROPERTIES.size(), arguments.size()))
                .isEqualTo(ServiceCommand.SAFETY_PROPERTIES);
        assertThat(arguments)
                .contains("--server.address=127.0.0.1", "-XX:TieredStopAtLevel=1", "-XX:ActiveProcessorCount=8");
        // a system property of the JVM, so before the jar: after it, it would be one of the application's arguments
        assertThat(arguments.indexOf("-Dreactor.netty.ioShutdownQuietPeriod=0"))
                .isBetween(1, arguments.indexOf("-jar"));
    }

    @Test
    void onlyAnExplicitBindWidensTheAddressAndNeverTheActuator() {
        ServiceCommand everywhere = ServiceCommand.custom(JavaRuntime.current(), Path.of("service.jar"))
                .cpus(8)
                .jit(JitPolicy.C1_ONLY)
                .properties(Map.of("management.endpoints.web.exposure.include", "*"))
                .bind("0.0.0.0")
                .build();

        List<String> arguments = everywhere.toArguments();

        assertThat(arguments.subList(arguments.size() - ServiceCommand.SAFETY_PROPERTIES.size(), arguments.size()))
                .containsExactly(
                        "--server.address=0.0.0.0",
                        "--management.server.port=",
                        "--spring.config.location=" + ServiceCommand.CONFIG_LOCATION,
                        "--management.endpoints.web.exposure.include=health,info,prometheus,labprobe",
                        "--management.endpoints.jmx.exposure.exclude=*");
        assertThat(arguments).doesNotContain("--server.address=127.0.0.1");
        ServiceCommand.Builder elsewhere = ServiceCommand.custom(JavaRuntime.current(), Path.of("s.jar"))
                .cpus(8)
                .jit(JitPolicy.C1_ONLY)
                .properties(Map.of())
                .bind("192.0.2.7");
        org.assertj.core.api.Assertions.assertThatThrownBy(elsewhere::build)
                .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> everywhere.listeningOn("192.0.2.7"))
                .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ServiceCommand.custom(JavaRuntime.current(), Path.of("s.jar"))
                                .jit(JitPolicy.C1_ONLY)
                                .properties(Map.of())
                                .build())
                .as("a command without its CPUs")
                .isInstanceOf(IllegalStateException.class);
    }
}
