package org.concurrencylab.runner.process;

import java.nio.file.Files;
import java.nio.file.Path;

/** The lab's checkout: where the built services are. The launcher passes it as {@code lab.home}. */
public record LabHome(Path root) {

    public static LabHome locate() {
        String configured = System.getProperty("lab.home");
        return new LabHome(
                Path.of(configured == null ? "." : configured).toAbsolutePath().normalize());
    }

    public Path serviceJar(String service) {
        Path jar = serviceTarget(service).resolve(service + ".jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(
                    "service " + service + " is not built: " + jar + " is missing (run ./lab build)");
        }
        return jar;
    }

    /** The probe as a Java agent, for applications the lab did not build. */
    public Path agentJar() {
        Path jar = root.resolve("lab-agent").resolve("target").resolve("lab-agent.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the lab's agent is not built: " + jar + " is missing (run ./lab build)");
        }
        return jar;
    }

    /** Where the users' application jars are extracted for their starts ({@link ExtractedApplications}). */
    Path extractedApplications() {
        return root.resolve("target").resolve("applications");
    }

    Path serviceTarget(String service) {
        return root.resolve("services").resolve(service).resolve("target");
    }
}
