"""The estimate of how far this machine's clock runs ahead of Discord's."""

from cogs.clock_offset import BUCKET_SECONDS, BUCKETS, TOLERATED, ClockOffset
from tests.clock import Clock


def test_a_clock_in_step_with_discords_takes_nothing_off() -> None:
    offset = ClockOffset(Clock())
    assert offset.ahead() == 0.0
    for age in (0.05, 0.3, 0.12):
        offset.arrived(age)
    assert offset.ahead() == 0.0


def test_a_clock_ahead_is_measured_by_the_freshest_arrival() -> None:
    offset = ClockOffset(Clock())
    offset.arrived(2.6)
    offset.arrived(2.45)
    assert offset.ahead() == 2.45


def test_a_burst_of_late_arrivals_does_not_move_the_estimate() -> None:
    """The clicks at the back of a burst arrive old; the fresh ones before them still count."""
    clock = Clock()
    offset = ClockOffset(clock)
    offset.arrived(0.04)
    for second in range(120):
        clock.now += 1
        offset.arrived(1.0 + second / 100)
    assert offset.ahead() == 0.0


def test_the_estimate_forgets_arrivals_older_than_its_window() -> None:
    """A clock corrected by NTP is followed within the window."""
    clock = Clock()
    offset = ClockOffset(clock)
    offset.arrived(3.0)
    clock.now += BUCKET_SECONDS * BUCKETS + 1
    offset.arrived(TOLERATED / 2)
    assert offset.ahead() == 0.0
    clock.now += BUCKET_SECONDS * BUCKETS + 1
    offset.arrived(1.5)
    assert offset.ahead() == 1.5
