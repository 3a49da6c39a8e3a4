"""Every game the bot hosts, by key: how to start one and how to read a stored state back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.games import scoundrel


@dataclass(frozen=True)
class GameEntry:
    key: str
    title: str
    state_type: type[BaseModel]
    options_type: type[BaseModel]
    start: Callable[..., tuple[Any, list[Any]]]
    variants: list[str] = field(default_factory=list)
    default_variant: str | None = None

    def new_game(self, seed: int, variant: str | None = None, players: int = 1) -> tuple[Any, list]:
        """Start a game; an unknown variant is a ValueError the caller can show as it is."""
        chosen = variant or self.default_variant
        if self.variants and chosen not in self.variants:
            raise ValueError(f"{self.title} has no variant {variant!r}: {', '.join(self.variants)}")
        options = self.options_type(variant=chosen) if chosen else self.options_type()
        return self.start(seed, options, players)

    def load(self, state_json: str | bytes) -> Any:
        return self.state_type.model_validate_json(state_json)


GAMES: dict[str, GameEntry] = {
    "scoundrel": GameEntry(
        key="scoundrel",
        title="Scoundrel",
        state_type=scoundrel.ScoundrelState,
        options_type=scoundrel.ScoundrelOptions,
        start=scoundrel.new_game,
        variants=[v.value for v in scoundrel.Variant],
        default_variant=scoundrel.Variant.CLASSIC.value,
    ),
}
