"""A clock for tests: time moves only when the test says so."""


class Clock:
    def __init__(self, now: float = 1_795_000_000.0) -> None:  # 2026-11-18, a Wednesday
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += minutes * 60
