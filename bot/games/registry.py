"""Every game the bot hosts, by key: how to start one and how to read a stored state back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.games import deuces, dragons, scoundrel

Start = Callable[[int, str], tuple[Any, list[Any]]]


@dataclass(frozen=True)
class GameEntry:
    key: str
    title: str
    state_type: type[BaseModel]
    start: Start
    variants: list[str]
    default_variant: str
    seats: dict[str, int] = field(default_factory=dict)

    def new_game(self, seed: int, variant: str | None = None) -> tuple[Any, list[Any]]:
        """Start a game; an unknown variant is a ValueError the caller can show as it is."""
        chosen = variant or self.default_variant
        if chosen not in self.variants:
            raise ValueError(f"{self.title} has no variant {variant!r}: {', '.join(self.variants)}")
        return self.start(seed, chosen)

    def seats_for(self, variant: str | None) -> int:
        return self.seats.get(variant or self.default_variant, 1)

    def load(self, state_json: str | bytes) -> Any:
        return self.state_type.model_validate_json(state_json)


def _start_scoundrel(seed: int, variant: str) -> tuple[Any, list[Any]]:
    return scoundrel.new_game(seed, scoundrel.ScoundrelOptions(variant=variant))


def _start_dragons(seed: int, variant: str) -> tuple[Any, list[Any]]:
    return dragons.new_game(seed, dragons.DragonsOptions(players=2 if variant == "duel" else 1))


def _start_deuces(seed: int, variant: str) -> tuple[Any, list[Any]]:
    return deuces.new_game(seed, deuces.DeucesOptions(mode=deuces.Mode(variant)), players=1)


GAMES: dict[str, GameEntry] = {
    "scoundrel": GameEntry(
        key="scoundrel",
        title="Scoundrel",
        state_type=scoundrel.ScoundrelState,
        start=_start_scoundrel,
        variants=[v.value for v in scoundrel.Variant],
        default_variant=scoundrel.Variant.CLASSIC.value,
    ),
    "dragons": GameEntry(
        key="dragons",
        title="Diamonds & Dragons",
        state_type=dragons.DragonsState,
        start=_start_dragons,
        variants=["solo", "duel"],
        default_variant="solo",
        seats={"duel": 2},
    ),
    "deuces": GameEntry(
        key="deuces",
        title="Dungeons & Deuces",
        state_type=deuces.DeucesState,
        start=_start_deuces,
        variants=[mode.value for mode in deuces.Mode],
        default_variant=deuces.Mode.ENCOUNTER.value,
    ),
}
