"""What the dungeon crawls share as games: their moves' text forms and labels, and the Dealer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from bot.games.contract import Event
from bot.games.crawl.actions import DungeonAction, DungeonState, parse_action
from bot.games.crawl.dealer import Dealer
from bot.games.crawl.text import action_label
from bot.games.definition import Game

CrawlState = TypeVar("CrawlState", bound=DungeonState)


class CrawlGame(Game[CrawlState, DungeonAction]):
    """A dungeon crawl: moves on room cards, told by the Dealer."""

    def parse_action(self, text: str) -> DungeonAction:
        return parse_action(text)

    def label(self, state: CrawlState, seat: int, action: DungeonAction) -> str:
        return action_label(action, state.preview(action))

    reads_before = False  # the Dealer tells a move from its events and the table after it

    def narrate(
        self,
        events: Sequence[Event],
        before: CrawlState | None,
        after: CrawlState,
        names: list[str],
    ) -> list[str]:
        return Dealer(after.seed, names).narrate(events, after.turn)
