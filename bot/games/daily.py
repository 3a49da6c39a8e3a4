"""The daily dungeon: one deal for everyone on a UTC day."""

from __future__ import annotations

import hashlib
from datetime import date


def daily_seed(day: date) -> int:
    """The same seed everywhere for a day, and no way to guess tomorrow's from today's."""
    digest = hashlib.sha256(f"daily-dungeon:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1
