"""Every sentence the bot answers with when it refuses, explains or announces, in one place.

A refusal is always ephemeral and changes nothing; the wording names what to do instead.
"""

from __future__ import annotations

import re

SOMETHING_WENT_WRONG = "Something went wrong on my side. Your game is saved; try again in a moment."

SAY = {
    "game_off": "{title} is turned off in this server. A member with Manage Server can turn it"
    " on with `/settings game`.",
    "busy_no_threads": "A game is already running in this channel, and this server starts no"
    " thread for another: finish it, or start yours in another channel.",
    "unknown_game": "This game no longer exists, so its buttons do nothing."
    " `/help` lists the games.",
    "not_player": "This is {owner}'s game, so its buttons are theirs."
    " Start your own with `/{game} new`.",
    "stale": "That button is out of date: the game has moved on since."
    " Use the buttons as they are now.",
    "finished": "This game is over. Press **New game** or use `/{game} new` to play again.",
    "abandoned": "This game was abandoned. Start a new one with `/{game} new`.",
    "expired": "This game expired after {idle} without a move. Start a new one with `/{game} new`.",
    "pending": "This game hasn't started yet: it is waiting for its players.",
    "declined": "This challenge was declined. Start another with `/{game} challenge`.",
    "illegal": "You can't do that now: {reason}.",
    "lobby_gone": "This lobby has started or closed. Use the game's own message.",
    "answered": "This challenge has already been answered.",
    "not_over": "This game is still going: use its buttons as they are now.",
    "foreign": "That button does not belong to this game, so it does nothing.",
    "no_hand": "There is no hand to show: the game is not running.",
    "stale_hand": "The table has moved on since this hand was shown: here it is as it is now.",
    "timed_out": "⏳ Time ran out for {who}: the table moved for them, as the rules say.",
    "out": "You're out of this game already. Watch the others finish!",
    "out_cannot_abandon": "You're out of this game already, and the others are still playing:"
    " let them finish.",
    "not_your_turn": "It's not your turn yet.",
    "no_game_here": "There is no game running in this channel. Start one with a game's `new`"
    " command: `/help` lists every game.",
    "not_allowed_abandon": "Only the game's players or a member with Manage Server can abandon it.",
    "not_allowed_resume": "Only the game's players or a member with Manage Server can post it"
    " again.",
    "guild_only": "Games are played in server channels, not in direct messages.",
    "no_thread": "A game is already running here and I can't open a thread for yours. Finish it, or"
    " ask a moderator to let me create public threads.",
    "in_thread": "A game is already running in this channel, so yours is in {thread}.",
    "own_thread": "Your game here is still going in {thread}: finish it there, or end it with"
    " `/game abandon` in that thread, before starting another.",
    "not_posted": "I opened a thread for this game but could not post in it, so the game is off."
    " Check my permissions in threads, then try again.",
    "no_thread_permission": "A game is already running here, and a new one would open in a"
    " thread, but I lack these permissions in this channel: {missing}. Ask a moderator to"
    " grant them, or finish the game here first.",
    "cooldown": "You started a game in {where} a moment ago: play it first, or wait a few"
    " seconds to start another.",
    "resumed": "Game #{id} moved to a new message below.",
    "moved": "This game moved to a newer message: play on with the buttons there.",
    "unknown_button": "That button isn't one of mine any more."
    " Use `/game resume` to get fresh buttons.",
    "unloadable": "This game can no longer be loaded (it was saved by an older version, or"
    " damaged), so it cannot be played. End it with `/game abandon`; it also closes when it"
    " expires.",
    "unloadable_closed": "This game could no longer be loaded, so it closed with no result"
    " (game #{id}).",
    "abandoned_notice": "🏳️ Abandoned by {who}.",
    "left_notice": "🏳️ {who} left the game; it goes on without them.",
    "expired_notice": "⌛ Expired after {idle} without a move.",
}


def say(key: str, **values: object) -> str:
    return SAY[key].format(**values)


TABLE_NOTICES = ("timed_out", "left_notice")
"""What the table itself tells its players between the game's own lines (stored with them)."""
_NOTICE_PATTERNS = [
    re.compile(re.sub(r"\\\{\w+\\\}", ".+", re.escape(SAY[key]))) for key in TABLE_NOTICES
]


def is_table_notice(line: str) -> bool:
    """Whether a stored line is one of the table's own notices (a turn that timed out, a
    player who left), which a compact table keeps in sight after the game's lines roll on."""
    return any(pattern.fullmatch(line) for pattern in _NOTICE_PATTERNS)


ECHO_LIMIT = 100
"""The most of a person's own text (an option they typed) a reply quotes back."""
CONTENT_LIMIT = 2000
"""Discord's limit on a message's content."""


def clipped(text: str, limit: int = ECHO_LIMIT) -> str:
    """Text cut to `limit` characters, an ellipsis marking the cut: what a reply quotes of
    someone's input must leave the reply within Discord's limits, however long the input."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def idle_text(minutes: int) -> str:
    return f"{minutes // 60} h" if minutes % 60 == 0 else f"{minutes} min"
