"""What a line of narration is told with, shared by the game's voice and each mode's own lines
(kept apart so a mode's lines need not import the voice that gathers them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

Pick = Callable[[list[str]], str]
"""Chooses one wording among several (seeded, so a replay tells the same lines)."""


class Scene(Protocol):
    """Who is who: a seat or a fighter's ref, in words."""

    def name(self, who: Any) -> str: ...
