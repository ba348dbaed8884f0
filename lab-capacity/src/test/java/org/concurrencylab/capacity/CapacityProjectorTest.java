package org.concurrencylab.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.concurrencylab.results.capacity.CapacityProjection;
import org.concurrencylab.results.capacity.CapacityTarget;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.capacity.ServiceCapacity;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

class CapacityProjectorTest {

    /** 16 workers each held 4 ms, 8 connections each held 2 ms, 1 ms of the service's CPU a request. */
    private static ServiceCapacity model() {
        Steps.LONE_MILLIS = 4;
        StepResult step = Steps.closed(
                4,
                1000,
                4,
                2,
                0.8,
                0.3,
                1.0,
                Map.of(
                        "tomcat-workers", Steps.threads(16, 4, 0),
                        "hikari:HikariPool-1", Steps.connections(8, 2, 0, 0.0)));
        return ServiceCapacityModel.of("as-is", List.of(step)).orElseThrow();
    }

    @Test
    void theTargetsCoresSpendTheServicesOwnCpuAndThePoolsKeepTheirSizes() {
        CapacityProjection there = CapacityProjector.onto(model(), CapacityTarget.parse("cpus=8"));

        // 8 cores / 1 ms = 8000/s; 16 workers / 4 ms = 4000/s; 8 connections / 2 ms = 4000/s: the workers, first
        ResourceDemand cores = there.resources().getFirst();
        assertThat(cores.allowsPerSecond()).isCloseTo(8000, within(1e-6));
        assertThat(there.throughputPerSecond()).isCloseTo(4000, within(1e-6));
        assertThat(there.limit()).isIn("tomcat-workers", "hikari:HikariPool-1");
        assertThat(there.sizesForRate()).isEmpty();
        assertThat(there.caveat()).isNull();
        assertThat(there.throughputPerSecondInterval()).as("one fork: no range").isNull();
    }

    @Test
    void aRateIsSizedByLittlesLawForEveryResource() {
        CapacityProjection there = CapacityProjector.onto(model(), CapacityTarget.parse("rate=2500, cpus=2"));

        // 2 cores / 1 ms allow 2000 of the 2500 a second
        assertThat(there.limit()).isEqualTo(ResourceDemand.CORES);
        assertThat(there.throughputPerSecond()).isCloseTo(2000, within(1e-6));
        assertThat(there.sizesForRate())
                .extracting(CapacityProjection.SizeForRate::name, CapacityProjection.SizeForRate::size)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("cores", 3),
                        org.assertj.core.groups.Tuple.tuple("tomcat-workers", 10),
                        org.assertj.core.groups.Tuple.tuple("hikari:HikariPool-1", 5));
    }

    @Test
    void aRateEveryResourceAffordsIsItsOwnLimit() {
        CapacityProjection there = CapacityProjector.onto(model(), CapacityTarget.parse("cpus=8,rate=500"));

        assertThat(there.limit()).isEqualTo(ResourceDemand.ARRIVALS);
        assertThat(there.throughputPerSecond()).isEqualTo(500);
    }

    /**
     * Threads waited on a lock: the model cannot size it, and says so beside the projection, which it still makes
     * from what it has (8 cores / 1 ms, the rate asked for); the projection is never withheld.
     */
    @Test
    void aLockIsACaveatBesideTheProjectionNotARefusal() {
        StepResult step = StepResult.from(Steps.closed(4, 1000, 4, 2, 0.8, 0.3, 1.0, Map.of()))
                .threads(new Threads(20, Map.of(), List.of(), 40, Map.of("app-executor", Map.of("LOCK_WAIT", 3.0))))
                .build();
        ServiceCapacity model = ServiceCapacityModel.of("as-is", List.of(step)).orElseThrow();

        CapacityProjection there = CapacityProjector.onto(model, CapacityTarget.parse("cpus=8,rate=2000"));

        assertThat(there.throughputPerSecond()).isEqualTo(2000);
        assertThat(there.limit()).isEqualTo(ResourceDemand.ARRIVALS);
        assertThat(there.caveat()).contains("waited on a lock");
        assertThat(there.sizesForRate())
                .extracting(CapacityProjection.SizeForRate::name)
                .containsExactly("cores");
    }

    /**
     * A model of three forks whose c read 0.9, 1.0 and 1.1 ms: on 8 cores it allows 8 / c, a range from the
     * interval of c's high end to its low end; 2000/s asks for 2 x c cores busy, each end of c's interval giving its
     * own size. On 2 cores, whose range (2 / c) holds the 2000/s asked, the rate is not told apart from the cores.
     */
    @Test
    void aModelOfForksIsProjectedAsARangeWithSizesForEachEnd() {
        org.concurrencylab.results.interval.Interval c = org.concurrencylab.statistics.ForkSample.of(0.9, 1.0, 1.1)
                .interval(0.95)
                .orElseThrow();
        ServiceCapacity model = ServiceCapacity.from(model())
                .serviceCpuMillis(1.0)
                .acrossForks(3, null, c, List.of())
                .build();

        CapacityProjection there = CapacityProjector.onto(model, CapacityTarget.parse("cpus=8,rate=2000"));

        ResourceDemand cores = there.resources().getFirst();
        assertThat(cores.allowsPerSecondInterval().low()).isCloseTo(8000 / c.high(), within(1e-6));
        assertThat(cores.allowsPerSecondInterval().high()).isCloseTo(8000 / c.low(), within(1e-6));
        assertThat(there.limit()).isEqualTo(ResourceDemand.ARRIVALS);
        assertThat(there.throughputPerSecondInterval().high()).isEqualTo(2000);
        CapacityProjection.SizeForRate coresFor = there.sizesForRate().getFirst();
        assertThat(coresFor.size()).isEqualTo(2);
        assertThat(coresFor.sizeAtMost()).isEqualTo((int) Math.ceil(2 * c.high()));

        CapacityProjection atTheEdge = CapacityProjector.onto(model, CapacityTarget.parse("cpus=2,rate=2000"));
        assertThat(atTheEdge.limit()).isEqualTo(ResourceDemand.ARRIVALS);
        assertThat(atTheEdge.notToldApart()).containsExactly(ResourceDemand.CORES);
    }

    @Test
    void aTargetSaysWhatIsWrongWithIt() {
        assertThatThrownBy(() -> CapacityTarget.parse("cores=8")).hasMessageContaining("cpus and rate, not 'cores'");
        assertThatThrownBy(() -> CapacityTarget.parse("rate=100")).hasMessageContaining("names its cpus");
        assertThatThrownBy(() -> CapacityTarget.parse("cpus=eight")).hasMessageContaining("whole number");
        assertThatThrownBy(() -> CapacityTarget.parse("cpus=0")).hasMessageContaining("1 to 4096");
        assertThatThrownBy(() -> CapacityTarget.parse("cpus=2,rate=-1")).hasMessageContaining("above 0");
        assertThatThrownBy(() -> CapacityTarget.parse("cpus=2,cpus=3")).hasMessageContaining("once");
        assertThat(CapacityTarget.parse("cpus=8,rate=2000")).hasToString("cpus=8,rate=2000");
    }
}
