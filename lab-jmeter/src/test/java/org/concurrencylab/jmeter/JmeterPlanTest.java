package org.concurrencylab.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.results.step.Connections;
import org.junit.jupiter.api.Test;

class JmeterPlanTest {

    private static final URI TARGET = URI.create("http://10.0.0.1:8080/value");

    @Test
    void aClosedStepIsOneThreadGroupOfItsShareOfUsersLoopingItsRequests() {
        String xml = JmeterPlan.of(new LoadStep.Closed(100, 10))
                .target(TARGET)
                .timeout(Duration.ofMillis(1500))
                .connections(Connections.NEW_PER_REQUEST)
                .users(34)
                .build()
                .xml();

        assertThat(xml)
                .contains("<intProp name=\"ThreadGroup.num_threads\">34</intProp>")
                .contains("<stringProp name=\"LoopController.loops\">10</stringProp>")
                .contains("<intProp name=\"ThreadGroup.ramp_time\">0</intProp>")
                .contains("<stringProp name=\"HTTPSampler.domain\">10.0.0.1</stringProp>")
                .contains("<stringProp name=\"HTTPSampler.port\">8080</stringProp>")
                .contains("<stringProp name=\"HTTPSampler.path\">/value</stringProp>")
                .contains("<boolProp name=\"HTTPSampler.use_keepalive\">false</boolProp>")
                .contains("<stringProp name=\"HTTPSampler.response_timeout\">1500</stringProp>")
                .doesNotContain("ConstantTimer");
    }

    @Test
    void aHeldStepRampsHoldsAndThinksAtTheRunsScale() {
        LoadStep.Held held =
                new LoadStep.Held(250, Duration.ofSeconds(10), Duration.ofSeconds(50), Duration.ofSeconds(1));
        String xml = JmeterPlan.of(held)
                .target(TARGET)
                .scale(new Scaled(0.5))
                .timeout(Duration.ofSeconds(2))
                .connections(Connections.KEEP_ALIVE)
                .build()
                .xml();

        assertThat(xml)
                .contains("<intProp name=\"ThreadGroup.num_threads\">250</intProp>")
                .contains("<intProp name=\"ThreadGroup.ramp_time\">5</intProp>")
                .contains("<stringProp name=\"ThreadGroup.duration\">30</stringProp>")
                .contains("<stringProp name=\"ConstantTimer.delay\">500</stringProp>")
                .contains("<boolProp name=\"HTTPSampler.use_keepalive\">true</boolProp>");
    }

    @Test
    void anOpenStepIsAnOpenModelThreadGroupOfItsShareOfTheArrivalsThenAPauseToDrain() {
        JmeterPlan plan = JmeterPlan.of(new LoadStep.Open(20, Duration.ofSeconds(60)))
                .target(TARGET)
                .scale(new Scaled(0.3))
                .timeout(Duration.ofSeconds(18))
                .rate(66.666667 / 2)
                .build();

        assertThat(plan.users()).isZero();
        assertThat(plan.ratePerSecond()).isEqualTo(66.666667 / 2);
        assertThat(plan.xml())
                .contains(
                        "guiclass=\"OpenModelThreadGroupGui\" testclass=\"OpenModelThreadGroup\" testname=\"lab users\"")
                .contains(
                        "<elementProp elementType=\"OpenModelThreadGroupController\" name=\"ThreadGroup.main_controller\"/>")
                .contains(
                        "<stringProp name=\"OpenModelThreadGroup.schedule\">rate(33.333334/sec) even_arrivals(18.000 sec) "
                                + "rate(33.333334/sec) pause(18.000 sec)</stringProp>")
                .doesNotContain("ThreadGroup.num_threads");
        // without a share: the whole rate, as the run scales it
        assertThat(JmeterPlan.of(new LoadStep.Open(20, Duration.ofSeconds(60)))
                        .target(TARGET)
                        .scale(new Scaled(0.5))
                        .timeout(Duration.ofSeconds(1))
                        .build()
                        .ratePerSecond())
                .isEqualTo(40);
    }

    @Test
    void theSamplerKeepsTheTargetsQueryWithOrWithoutAPath() {
        assertThat(JmeterPlan.pathAndQuery(URI.create("http://127.0.0.1:8080?id=7")))
                .isEqualTo("/?id=7");
        assertThat(JmeterPlan.pathAndQuery(URI.create("http://127.0.0.1:8080/orders/1?id=7")))
                .isEqualTo("/orders/1?id=7");
        assertThat(JmeterPlan.pathAndQuery(URI.create("http://127.0.0.1:8080"))).isEqualTo("/");
        assertThat(JmeterPlan.of(new LoadStep.Closed(10, 10))
                        .target(URI.create("http://127.0.0.1:8080?id=7"))
                        .timeout(Duration.ofSeconds(1))
                        .connections(Connections.KEEP_ALIVE)
                        .users(10)
                        .build()
                        .xml())
                .contains("<stringProp name=\"HTTPSampler.path\">/?id=7</stringProp>");
    }

    @Test
    void aShareThatIsNotOneIsRefused() {
        assertThatThrownBy(() -> JmeterPlan.of(new LoadStep.Closed(10, 10)).users(11))
                .hasMessageContaining("1 to 10 users");
        assertThatThrownBy(() -> JmeterPlan.of(new LoadStep.Closed(10, 10)).rate(5))
                .hasMessageContaining("of an open step");
        assertThatThrownBy(() -> JmeterPlan.of(new LoadStep.Open(20, Duration.ofSeconds(60)))
                        .rate(0))
                .hasMessageContaining("positive");
        assertThatThrownBy(() -> JmeterPlan.of(new LoadStep.Closed(10, 10)).target(URI.create("https://a:1/")))
                .hasMessageContaining("http://host:port/path");
    }
}
