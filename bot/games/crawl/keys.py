"""The keys a player types for a dungeon crawl's moves in the terminal: a letter for each place
of the room, so a card keeps its letter while it stays there, whatever is played around it."""

from __future__ import annotations

from bot.games.crawl.actions import ActionKind, DungeonAction, DungeonState

PLACE_LETTERS = "abcdefgijklmnop"
"""A room's places in order; h is the terminal's hint, and r and s are run and face."""
BAREHANDED = "!"
"""Marks a card's second move, the barehanded fight, beside the fight with the weapon: the
same letter with a different meaning would be a trap."""
CARDLESS_KEYS: dict[ActionKind, str] = {ActionKind.RUN: "r", ActionKind.FACE: "s"}
"""Run from the room; face it, that is stay (f would be a room letter in a duel)."""


def move_key(state: DungeonState, action: DungeonAction) -> str:
    """The key of a legal move: its card's letter (with "!" when barehanded by choice), or
    the key of run or face."""
    if action.card is None:
        return CARDLESS_KEYS[action.kind]
    letter = PLACE_LETTERS[state.place(action.card)]
    return letter + BAREHANDED if action.kind == ActionKind.FIGHT_BAREHANDED else letter
