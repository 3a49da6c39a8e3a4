"""The finished table's "Challenge a friend to this deal" button, and which tables show it
(cogs/same_deal.py answers it): apart, so the table's messages need none of what it starts."""

from __future__ import annotations

from bot.games.views import Control
from storage import GameRecord

SAME_DEAL = "samedeal"
"""The finished table's word (kind t) that issues the challenge."""
SAME_DEAL_BUTTON = Control(label="🤝 Challenge a friend to this deal", action=SAME_DEAL)


def same_deal_offered(record: GameRecord) -> bool:
    """A finished deal of one person, not a daily's: one a friend can be challenged to."""
    return len(record.players) == 1 and not record.players[0].is_bot and record.daily is None
