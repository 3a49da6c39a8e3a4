"""The custom_id codec: `<kind>:<game_id>:<version>:<action>[:<arg>]`, at most 100 characters.

Everything a button needs to be handled after a restart travels in its custom_id, and nothing in
it is trusted: the click handler re-checks the actor, the game and the version against the store.
A game's move travels as its text form: the first word is the action and the rest the argument
(`weapon.9S` is `g:12:5:weapon:9S`), so the log, the terminal and a button all say the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MAX_LENGTH = 100
GAME_KIND = "g"
FIELDS = (
    r":(?P<game_id>[0-9]{1,18}):(?P<version>[0-9]{1,9})"
    r":(?P<action>[a-z_]{1,16})(?::(?P<arg>[A-Za-z0-9_@.-]{1,60}))?"
)
PATTERN = r"(?P<kind>[a-z]{1,8})" + FIELDS
TABLE_KIND = "t"  # the table's own buttons (New game, Join, Accept, My hand...), never a move
BOARD_KIND = "lb"  # leaderboard pages: game_id carries the page number
SELECT_KIND = "s"  # select menus of a game (a player's hand, a lobby's class choice)
SHARE_KIND = "sh"  # a private answer's Share (/stats, /leaderboard): posts it as it was seen
HINT_KIND = "h"  # a move offered as the game's hint: played like kind g, and counted as a hint
ASK_KIND = "n"  # a move that asks for a number first (cogs/number_asks.py): a box, then kind g
REPLAY_KIND = "rp"  # a replay's step buttons: version carries the step they go to
HISTORY_KIND = "hi"  # /history pages and its replay menu: game_id carries the page
SAME_DEAL_KIND = "sd"  # a challenge to a finished solo deal: play it, then compare the scores


_COMPILED = re.compile(PATTERN)


@dataclass(frozen=True, slots=True)
class CustomId:
    """A component's id, checked whole against the codec's one pattern when it is made: every
    button of every message is built from one, so no field-by-field validation."""

    game_id: int
    version: int
    action: str
    arg: str | None = None
    kind: str = GAME_KIND
    text: str = field(default="", init=False, compare=False, repr=False)
    """The encoded custom_id."""

    def __post_init__(self) -> None:
        parts = [self.kind, str(self.game_id), str(self.version), self.action]
        text = ":".join([*parts, self.arg] if self.arg is not None else parts)
        if len(text) > MAX_LENGTH or _COMPILED.fullmatch(text) is None:
            raise ValueError(f"not a custom_id of this bot: {text!r}")
        object.__setattr__(self, "text", text)

    @classmethod
    def for_action(cls, game_id: int, version: int, text: str, kind: str = GAME_KIND) -> CustomId:
        """The button of a move (or, of kind TABLE_KIND, of a table control) from its text
        form; a ValueError if it does not fit."""
        action, _, arg = text.partition(".")
        try:
            return cls(game_id, version, action, arg or None, kind)
        except ValueError:
            raise ValueError(f"{text!r} does not fit a custom_id") from None

    @property
    def action_text(self) -> str:
        """The move a game button plays, in its text form."""
        return self.action if self.arg is None else f"{self.action}.{self.arg}"

    def encode(self) -> str:
        return self.text


def decode(text: str) -> CustomId | None:
    """The custom_id's parts, or None for anything this bot did not make."""
    match = _COMPILED.fullmatch(text) if len(text) <= MAX_LENGTH else None
    if match is None:
        return None
    return CustomId(
        kind=match["kind"],
        game_id=int(match["game_id"]),
        version=int(match["version"]),
        action=match["action"],
        arg=match["arg"],
    )
