"""The finished table's buttons about its past: Replay (cogs/replays.py) and "Challenge a
friend to this deal" (cogs/same_deal.py), and which tables show them: apart, so the table's
messages need none of what those start."""

from __future__ import annotations

from bot.games.views import Control
from storage import GameRecord

REPLAY = "replay"
"""The finished table's word (kind t) that opens its replay, privately."""
REPLAY_BUTTON = Control(label="⏯ Replay", action=REPLAY)
SAME_DEAL = "samedeal"
"""The finished table's word (kind t) that issues the challenge."""
SAME_DEAL_BUTTON = Control(label="🤝 Challenge a friend to this deal", action=SAME_DEAL)


def same_deal_offered(record: GameRecord) -> bool:
    """A finished deal of one person, not a daily's: one a friend can be challenged to."""
    return len(record.players) == 1 and not record.players[0].is_bot and record.daily is None


def history_buttons(record: GameRecord) -> list[Control]:
    """What a finished table (not a daily attempt, whose replay waits for the day's end)
    offers about its past."""
    return [REPLAY_BUTTON, *([SAME_DEAL_BUTTON] if same_deal_offered(record) else [])]
