"""Quest for Loot: the chips. Sealed bids, match or fold, the raise after the draw, the pay-out.

Chips never leave a stack until an encounter is settled (a bet is counted in its player's chips
and recorded in `bet`), except the blind a folding player pays at once; so the chips on the
table (players' and the GM's) always add up to what they started with. The rules set no cap on
a wager or a raise: a player may stake any number of the chips they hold. A GM whose stack cannot
pay every survivor in full pays what it holds, in proportion to their bets, and is broken.

This module only wagers; `flow.py` draws the enemies to the target the bets make.
"""

from __future__ import annotations

from typing import Literal

from bot.games.contract import GameEnded, IllegalAction, Outcome
from bot.games.deuces.actions import Bid, Call, DeucesAction, Onward, Raise
from bot.games.deuces.events import (
    BidFolded,
    BidMatched,
    BidsShown,
    ChipsDealt,
    ChipsSettled,
    DeucesEvent,
    OnwardVoted,
    RaisesShown,
    StakesSet,
    TableClosed,
    WagerPlaced,
)
from bot.games.deuces.state import (
    TARGET_PER_PLAYER,
    CallPrompt,
    DeucesTable,
    OnwardPrompt,
    Phase,
    RaisePrompt,
    WagerPrompt,
)
from bot.games.views import Control, NumberAsk

BLIND = 1
"""Every player's least bid: it sets their own target to the standard 5."""
LISTED = (1, 2, 3, 5, 10, 20)
"""The amounts a wager lists (with "all in"): any other amount up to the chips held is
accepted when typed, as a shed of many cards is."""

Closing = Literal["stopped", "broke", "house_broken", "limit"]


# ---- the stacks ----------------------------------------------------------------------------------


def deal_chips(state: DeucesTable) -> list[DeucesEvent]:
    """Equal stacks for the players; the GM's is their sum."""
    for who in state.players:
        who.chips = state.options.chips
    state.gm_chips = state.options.chips * len(state.players)
    return [ChipsDealt(chips=state.options.chips, gm_chips=state.gm_chips)]


def house_share(state: DeucesTable) -> int:
    """The GM's stack shared equally among the players: below one blind each, the house is
    broken."""
    return state.gm_chips // len(state.players)


def bid_cap(state: DeucesTable, seat: int) -> int:
    """The highest sealed bid a seat may make: every chip it holds."""
    return state.players[seat].chips


def raise_cap(state: DeucesTable, seat: int) -> int:
    """The most a seat still in may raise after the draw: every chip it has not yet bet."""
    who = state.players[seat]
    return 0 if who.sat_out else max(0, who.chips - who.bet)


def listed(least: int, cap: int) -> list[int]:
    """The amounts a wager from `least` to `cap` lists: the common ones within it, and all in."""
    return sorted({n for n in (least, *LISTED) if least <= n <= cap} | {cap})


def other_amount(word: str, question: str, least: int, most: int) -> Control | None:
    """A button that asks for any amount from `least` to `most` (`word` played with it), where
    the listed amounts leave some out: every chip held may be staked, a list cannot hold them
    all."""
    if most - least + 1 <= len(listed(least, most)):
        return None
    ask = NumberAsk(question=question, least=least, most=most)
    return Control(label="Another amount…", action=word, ask=ask)


def other_bid(state: DeucesTable, seat: int) -> Control | None:
    return other_amount(
        Bid.model_fields["kind"].default, "Chips to bid", BLIND, bid_cap(state, seat)
    )


def other_raise(state: DeucesTable, seat: int) -> Control | None:
    word = Raise.model_fields["kind"].default
    return other_amount(word, "Chips to raise", 1, raise_cap(state, seat))


def own_target(state: DeucesTable, seat: int) -> int:
    """A playing seat's part of the target: the standard 5 (with the table's modifier), and
    one more for every chip bet above the blind."""
    who = state.players[seat]
    return TARGET_PER_PLAYER + state.options.modifier + who.bet - BLIND


def encounter_target(state: DeucesTable) -> int:
    return sum(own_target(state, seat) for seat in state.in_encounter())


# ---- before the draw: sealed bids, then match or fold -------------------------------------------


def open_wagers(state: DeucesTable) -> None:
    """Hands are drawn: every player bids, sealed, before any enemy is drawn."""
    for who in state.players:
        who.bet, who.sat_out = 0, False
    state.phase = Phase.WAGER
    state.prompt = WagerPrompt(seats=[who.seat for who in state.players])


def legal(state: DeucesTable, seat: int) -> list[DeucesAction]:
    """The wagers a seat may make at the prompt it is asked."""
    prompt = state.prompt
    if isinstance(prompt, WagerPrompt):
        return [Bid(chips=n) for n in listed(BLIND, bid_cap(state, seat))]
    if isinstance(prompt, CallPrompt):
        return [Call(match=True), Call(match=False)]
    if isinstance(prompt, RaisePrompt):
        return [Raise(chips=n) for n in listed(0, raise_cap(state, seat))]
    return [Onward(go=True), Onward(go=False)]


def check_bid(state: DeucesTable, seat: int, action: Bid) -> None:
    cap = bid_cap(state, seat)
    if not BLIND <= action.chips <= cap:
        raise IllegalAction(f"bid from {BLIND} (the blind) to {cap} chips")


def check_raise(state: DeucesTable, seat: int, action: Raise) -> None:
    cap = raise_cap(state, seat)
    if not 0 <= action.chips <= cap:
        raise IllegalAction(f"raise from 0 to {cap} chips")


def bid(state: DeucesTable, seat: int, prompt: WagerPrompt, action: Bid) -> list[DeucesEvent]:
    """A sealed bid; the last one in shows them all."""
    prompt.bids[seat] = action.chips
    events: list[DeucesEvent] = [WagerPlaced(seat=seat)]
    if prompt.waiting:
        return events
    for who in state.players:
        who.bet = prompt.bids[who.seat]
    highest = max(prompt.bids.values())
    events.append(BidsShown(bids=[who.bet for who in state.players], highest=highest))
    below = [who.seat for who in state.players if who.bet < highest]
    if below:
        state.prompt = CallPrompt(seats=below, highest=highest)
        return events
    return events + _stakes_set(state)


def call(state: DeucesTable, seat: int, prompt: CallPrompt, action: Call) -> list[DeucesEvent]:
    """Match the highest bid (all in when it is more than the seat holds), or fold: the GM
    takes the blind and the seat sits the encounter out."""
    prompt.answered.append(seat)
    who = state.players[seat]
    events: list[DeucesEvent]
    if action.match:
        who.bet = min(prompt.highest, who.chips)
        events = [BidMatched(seat=seat, bet=who.bet, all_in=who.chips < prompt.highest)]
    else:
        who.chips -= BLIND
        state.gm_chips += BLIND
        who.bet, who.sat_out, who.defeated = 0, True, True
        events = [BidFolded(seat=seat, blind=BLIND)]
    if prompt.waiting:
        return events
    return events + _stakes_set(state)


def _stakes_set(state: DeucesTable) -> list[DeucesEvent]:
    """Every bet is known: the target is theirs to add up, and the GM draws to it next."""
    state.prompt = None
    state.target = encounter_target(state)
    state.phase = Phase.DRAW
    return [StakesSet(bets=[who.bet for who in state.players], target=state.target)]


# ---- after the draw: one more sealed raise -------------------------------------------------------


def open_raises(state: DeucesTable) -> bool:
    """Ask the seats that can raise (True), or none can and the encounter goes on (False)."""
    seats = [seat for seat in state.in_encounter() if raise_cap(state, seat) > 0]
    if not seats:
        return False
    state.phase = Phase.RAISE
    state.prompt = RaisePrompt(seats=seats)
    return True


def raise_bet(
    state: DeucesTable, seat: int, prompt: RaisePrompt, action: Raise
) -> list[DeucesEvent]:
    """A sealed raise; the last one in shows them all and lifts the target by their sum."""
    prompt.raises[seat] = action.chips
    events: list[DeucesEvent] = [WagerPlaced(seat=seat)]
    if prompt.waiting:
        return events
    for chosen, chips in prompt.raises.items():
        state.players[chosen].bet += chips
    state.target = encounter_target(state)
    state.prompt = None
    raises = [prompt.raises.get(who.seat, 0) for who in state.players]
    return [
        *events,
        RaisesShown(raises=raises, target=state.target, difficulty=state.difficulty),
    ]


# ---- after the encounter ---------------------------------------------------------------------


def settle(state: DeucesTable) -> list[DeucesEvent]:
    """The GM collects each fallen player's bet, then pays each one still standing theirs:
    in full while its stack holds out, else all it has, in proportion to their bets."""
    changes = [0] * len(state.players)
    playing = [state.players[seat] for seat in state.in_encounter()]
    for who in playing:
        if who.defeated:
            changes[who.seat] = -who.bet
    owed = {who.seat: who.bet for who in playing if not who.defeated}
    for seat, paid in payouts(state.gm_chips - sum(changes), owed).items():
        changes[seat] = paid
    for who in playing:
        who.chips += changes[who.seat]
        state.gm_chips -= changes[who.seat]
    for who in state.players:
        who.bet = 0
    return [
        ChipsSettled(
            changes=changes,
            chips=[who.chips for who in state.players],
            gm_chips=state.gm_chips,
        )
    ]


def payouts(stack: int, owed: dict[int, int]) -> dict[int, int]:
    """What a GM holding `stack` pays each seat it owes: every bet in full when it can, else
    each a share of the stack in proportion to its bet, the odd chips to the first seats."""
    total = sum(owed.values())
    if total <= stack:
        return dict(owed)
    paid = {seat: stack * bet // total for seat, bet in owed.items()}
    short = sorted(seat for seat in owed if paid[seat] < owed[seat])
    for seat in short[: stack - sum(paid.values())]:
        paid[seat] += 1
    return paid


def closing(state: DeucesTable) -> Closing | None:
    """Why the table must end after this encounter, if it must: a player broke, a GM that
    cannot cover a blind for everyone, or the encounter limit."""
    if any(who.chips <= 0 for who in state.players):
        return "broke"
    if house_share(state) < BLIND:
        return "house_broken"
    if state.encounter >= state.options.max_encounters:
        return "limit"
    return None


def open_onward(state: DeucesTable) -> None:
    state.prompt = OnwardPrompt(seats=[who.seat for who in state.players])


def onward(
    state: DeucesTable, seat: int, prompt: OnwardPrompt, action: Onward
) -> list[DeucesEvent]:
    """Play on or stop; once all have said, more than half stopping closes the table."""
    (prompt.goes if action.go else prompt.stops).append(seat)
    events: list[DeucesEvent] = [OnwardVoted(seat=seat, go=action.go)]
    if prompt.waiting:
        return events
    state.prompt = None
    if 2 * len(prompt.stops) > len(prompt.seats):
        return events + close_table(state, "stopped")
    state.phase = Phase.SETUP
    return events


def close_table(state: DeucesTable, reason: Closing) -> list[DeucesEvent]:
    """The table ends: the players won, as a table, if they hold more than they sat down with."""
    chips = [who.chips for who in state.players]
    ahead = sum(chips) > state.options.chips * len(state.players)
    state.outcome = Outcome.WON if ahead else Outcome.LOST
    state.phase = Phase.OVER
    broke = [who.seat for who in state.players if who.chips <= 0]
    return [
        TableClosed(reason=reason, chips=chips, gm_chips=state.gm_chips, broke=broke),
        GameEnded(outcome=state.outcome, score=sum(chips), seat=None),
    ]


def seat_outcome(state: DeucesTable, seat: int) -> str:
    """A player ahead of their starting chips won; even or behind, lost."""
    ahead = state.players[seat].chips > state.options.chips
    return (Outcome.WON if ahead else Outcome.LOST).value
