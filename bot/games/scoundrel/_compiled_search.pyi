"""Types of the compiled search (see `_compiled_search.c`)."""

from collections.abc import Sequence

Place = tuple[tuple[int, ...], tuple[int, ...]]

class Searcher:
    expansions: int
    limit: int | None
    def __init__(self, rule: int, too_long: type[Exception], /) -> None: ...
    def node(
        self,
        deck: Sequence[int],
        room: Sequence[int],
        weapon: int,
        ceiling: int,
        drunk: bool,
        played: int,
        ran: bool,
        /,
    ) -> int: ...
    def bound(self, node: int, /) -> tuple[int, int, int]: ...
    def reaches(self, goal: int, node: int, hp: int, /) -> bool: ...
    def line(
        self, goal: int, node: int, hp: int, /
    ) -> tuple[list[tuple[int, int, Place | None]], int]: ...
