"""How a sensible player wagers in Quest for Loot (hints, and the simulations' players).

Bets are paid at even money, so a bet is worth making only when its player survives more often
than not. Simulated at level 3 with this engine's GM, a player survives about one encounter in
four whatever their hand looks like (see `bench/deuces_winrates.py --mode loot`), because the GM
draws to the target or beyond and every raise lifts it. So a sensible player bets the blind,
matches a raise of one chip (folding costs the blind anyway), never raises after the draw, and
stops the table once ahead of the chips they sat down with.
"""

from __future__ import annotations

from bot.games.deuces.actions import Call, Onward
from bot.games.deuces.state import CallPrompt, DeucesTable

MATCHED_STEP = 1
"""The most chips above one's own bid worth matching rather than folding (and losing the
blind)."""


def suggest_call(state: DeucesTable, seat: int, prompt: CallPrompt) -> Call:
    who = state.players[seat]
    affordable = who.chips >= prompt.highest
    return Call(match=affordable and prompt.highest - who.bet <= MATCHED_STEP)


def suggest_onward(state: DeucesTable, seat: int) -> Onward:
    return Onward(go=state.players[seat].chips <= state.options.chips)
