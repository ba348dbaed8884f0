package org.concurrencylab.runner.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceProcessTest {

    @TempDir
    Path directory;

    @Test
    void aFailedStartIsExplainedBySpringBootsDescription() throws Exception {
        Path log = Files.writeString(directory.resolve("service.log"), """
                ***************************
                APPLICATION FAILED TO START
                ***************************

                Description:

                Web server failed to start. Port 8080 was already in use.

                Action:

                Identify and stop the process that's listening on port 8080.
                """);

        assertThat(ServiceProcess.reasonFromLog(log, 1))
                .isEqualTo("Web server failed to start. Port 8080 was already in use.");
    }

    @Test
    void otherwiseTheLastExceptionLineExplainsIt() throws Exception {
        Path log = Files.writeString(
                directory.resolve("service.log"), "starting\njava.lang.IllegalStateException: boom\n\tat x\n");

        assertThat(ServiceProcess.reasonFromLog(log, 1)).startsWith("java.lang.IllegalStateException: boom");
    }
}
