"""The periods a board can cover, as keys a result is filed under when it is recorded.

A result counts towards all time and towards the month, week (Monday to Sunday) and day it
finished in, all in UTC; a daily-dungeon result only towards its own day's board, which is "all
time" for that deal. The keys are plain text so the store can index them, and SQL writes the same
keys when it rebuilds the tables from old results (migration 2).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

PERIODS = ("all", "month", "week", "daily")
"""What a board can show: all time, this month, this week, today."""


def period_key(period: str, at: float) -> str:
    """The key of the period of that kind containing the moment `at`."""
    day = datetime.fromtimestamp(at, UTC).date()
    if period == "all":
        return "all"
    if period == "month":
        return f"month:{day:%Y-%m}"
    if period == "week":
        return f"week:{day - timedelta(days=day.weekday())}"
    if period == "daily":
        return f"day:{day}"
    raise ValueError(f"unknown period {period!r}")


def period_keys(at: float, daily: bool) -> list[str]:
    """Every key a result finished at `at` is filed under."""
    return ["all"] if daily else [period_key(period, at) for period in PERIODS]
