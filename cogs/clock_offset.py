"""How far this machine's clock runs ahead of Discord's, from the interactions themselves.

An interaction's age (now minus the time in its snowflake) decides when it is acknowledged
early. A clock ahead of Discord's by a second or two would make every click look old on
arrival and have every one deferred before its work, which costs a round trip and an extra
edit each. A click's age on arrival is its network delay plus the clock offset plus any
queueing in front of the bot; the smallest of those seen over the last minutes is the offset
(plus a small delay), the way NTP's minimum filter works. A burst does not fool it: its first
clicks arrive fresh, and the minimum keeps them for minutes.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

TOLERATED = 0.5
"""Offsets up to this are ignored: too small to matter, and indistinguishable from delay."""
BUCKET_SECONDS = 60.0
BUCKETS = 10
"""The minimum is kept over the last BUCKETS buckets of BUCKET_SECONDS each (ten minutes)."""


class ClockOffset:
    """The minimum age on arrival over a sliding window, as an estimate of the clock offset."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._buckets: deque[tuple[float, float]] = deque()  # (bucket start, least age)

    def arrived(self, age: float) -> None:
        """Note the age an interaction had when the bot read it."""
        now = self._clock()
        start = now - now % BUCKET_SECONDS
        if self._buckets and self._buckets[-1][0] == start:
            self._buckets[-1] = (start, min(self._buckets[-1][1], age))
        else:
            self._buckets.append((start, age))
        while self._buckets and self._buckets[0][0] <= start - BUCKETS * BUCKET_SECONDS:
            self._buckets.popleft()

    def ahead(self) -> float:
        """Seconds to take off a measured age: 0 unless the clock is clearly ahead."""
        if not self._buckets:
            return 0.0
        least = min(age for _, age in self._buckets)
        return least if least > TOLERATED else 0.0
