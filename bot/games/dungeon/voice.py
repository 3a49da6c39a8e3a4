"""The Dungeon Keeper's voice: one short line per thing that happened, from the events alone.

Cells are named as the table after the move names them. Secret cards stay secret: a card played
face down is "a card", and a hand dealt is a number of cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.games.contract import Event, kind_of
from bot.games.dungeon.engine import DungeonState
from bot.games.dungeon.events import (
    BattleBegan,
    BattleLost,
    BattleWon,
    Bounced,
    CardPlaced,
    CardTurned,
    Claimed,
    DuelOver,
    HandDealt,
    JokerPlaced,
    MonsterFaced,
    MonsterHeld,
    MonsterMoved,
    OutOfSight,
    PawnEntered,
    PawnMoved,
    PawnTaken,
    Picked,
    PlaySkipped,
    Reshuffled,
    TurnBegan,
    WallBroken,
)
from bot.games.dungeon.grid import ARROWS, NAMES, Layout
from bot.games.dungeon.naming import card_called, layout_of, monster_called
from bot.games.dungeon.roles import Role, role_of
from bot.words import agree, plural, score_line


class Voice:
    def __init__(self, after: DungeonState, names: Sequence[str]) -> None:
        self.names = list(names) if len(names) >= 2 else ["Player 1", "Player 2"]
        self.layout: Layout = layout_of(after)

    def who(self, seat: int) -> str:
        return f"**{self.names[seat]}**"

    def tell(self, events: Sequence[Event]) -> list[str]:
        lines: list[str] = []
        for event in events:
            teller = _TELLERS.get(kind_of(event))
            line = teller(self, event) if teller is not None else None
            if line:
                lines.append(line)
        return lines

    def at(self, point: tuple[int, int]) -> str:
        """A cell's name on the table as the move left it; a cell the move's end took out of
        sight is no longer on it, so it has no name there."""
        x, y = point
        layout = self.layout
        if not (layout.xs[0] <= x <= layout.xs[-1] and layout.ys[0] <= y <= layout.ys[-1]):
            return "a cell now out of sight"
        return layout.name(point)


def narrate(events: Sequence[Event], after: DungeonState, names: Sequence[str]) -> list[str]:
    return Voice(after, names).tell(events)


def _joker(v: Voice, e: JokerPlaced) -> str:
    return f"🃏 {v.who(e.seat)} sets their Joker on {v.at(e.at)}."


def _turn(v: Voice, e: TurnBegan) -> str:
    return f"— Turn {e.number}: {v.who(e.seat)} —"


def _monster_moved(v: Voice, e: MonsterMoved) -> str:
    return f"👹 The {monster_called(e.card)} lumbers to {v.at(e.at)}."


def _monster_held(v: Voice, e: MonsterHeld) -> str:
    if e.facing is None:
        return f"👹 The {monster_called(e.card)} at {v.at(e.at)} has nowhere to go."
    return f"👹 The {monster_called(e.card)} at {v.at(e.at)} is blocked and stays put."


def _monster_faced(v: Voice, e: MonsterFaced) -> str | None:
    if e.offered:
        return None  # the table's Facing line shows it
    way = f"{NAMES[e.facing]} {ARROWS[e.facing]}"
    return f"👹 {v.who(e.seat)} turns the {monster_called(e.card)} to face {way}."


def _pawn_moved(v: Voice, e: PawnMoved) -> str:
    how = "leaps (Knight's move) to" if e.knight else "moves to"
    return f"{v.who(e.seat)} {how} {v.at(e.at)}."


def _turned(v: Voice, e: CardTurned) -> str | None:
    if e.how == "pick":
        return None  # the pick's own line names the card
    what = card_called(e.card)
    if e.how == "flip":
        return f"{v.who(e.seat)} turns over the card at {v.at(e.at)}: **{what}**."
    return f"The card at {v.at(e.at)} is **{what}**."


def _bounced(v: Voice, e: Bounced) -> str:
    if role_of(e.blocker) == Role.MONSTER:
        return f"A monster! {v.who(e.seat)} falls back to {v.at(e.at)}."
    return f"🧱 A wall: {v.who(e.seat)} bounces back to {v.at(e.at)}."


def _claimed(v: Voice, e: Claimed) -> str:
    if e.points:
        how = "hops on and claims" if e.hop else "claims"
        return f"💰 {v.who(e.seat)} {how} {e.card}: +{e.points} ({plural(e.score, 'point')})."
    return f"{v.who(e.seat)} hops across {e.card}."


def _battle_began(v: Voice, e: BattleBegan) -> str:
    return (
        f"⚔️ {v.who(e.seat)} battles the {monster_called(e.monster)}: "
        f"{e.player_total} against {e.monster_total}."
    )


def _picked(v: Voice, e: Picked) -> str:
    side = "themselves" if e.side == "player" else "the monster"
    return (
        f"{v.who(e.seat)} picks {v.at(e.at)} for {side}: {e.card} +{e.adds} "
        f"({e.player_total} vs {e.monster_total})."
    )


def _won(v: Voice, e: BattleWon) -> str:
    return (
        f"🏆 {v.who(e.seat)} beats the {monster_called(e.monster)}, {e.player_total} to "
        f"{e.monster_total}: +5 ({plural(e.score, 'point')})."
    )


def _lost(v: Voice, e: BattleLost) -> str:
    return (
        f"💀 The {monster_called(e.monster)} wins, {e.monster_total} to {e.player_total}: "
        f"{v.who(e.seat)} loses {e.lost} ({plural(e.score, 'point')})"
        " and their Joker goes back to hand."
    )


def _taken(v: Voice, e: PawnTaken) -> str:
    return f"{v.who(e.seat)} has no move and takes their Joker into hand."


def _entered(v: Voice, e: PawnEntered) -> str:
    return f"🃏 {v.who(e.seat)}'s Joker re-enters the dungeon at {v.at(e.at)}."


def _placed(v: Voice, e: CardPlaced) -> str:
    if e.blind:
        return f"{v.who(e.seat)} plays the pile's top card blind, face down at {v.at(e.at)}."
    return f"{v.who(e.seat)} plays a card face down at {v.at(e.at)}."


def _broken(v: Voice, e: WallBroken) -> str:
    return f"🧱 {v.who(e.seat)} plays {e.card} onto the wall {e.wall}: both are gone."


def _skipped(v: Voice, e: PlaySkipped) -> str:
    return f"{v.who(e.seat)} has no card to play."


def _dealt(v: Voice, e: HandDealt) -> str:
    return f"{v.who(e.seat)} is dealt {plural(e.count, 'card')}."


def _reshuffled(v: Voice, e: Reshuffled) -> str:
    return f"🔄 The discard pile is flipped over as a new pile of {e.count}."


def _faded(v: Voice, e: OutOfSight) -> str:
    cards = " ".join(str(card) for card in e.cards)
    count = len(e.cards)
    fade = agree(count, "fades", "fade")
    return f"🌫️ Out of sight, {plural(count, 'card')} {fade} away: {cards}."


def _over(v: Voice, e: DuelOver) -> str:
    if e.winner is None:
        return f"🏁 The duel ends in a draw, {score_line(*e.scores)}."
    scores = score_line(e.scores[e.winner], e.scores[1 - e.winner])
    if e.reason == "hundred":
        reached = plural(e.scores[e.winner], "point")
        return f"🏁 {v.who(e.winner)} reaches {reached} and wins ({scores})!"
    when = "after 200 turns" if e.reason == "turns" else "with every card played"
    return f"🏁 {v.who(e.winner)} leads {when} and wins ({scores})."


_TELLERS: dict[str, Callable[[Voice, Any], str | None]] = {
    "joker_placed": _joker,
    "turn_began": _turn,
    "monster_moved": _monster_moved,
    "monster_held": _monster_held,
    "monster_faced": _monster_faced,
    "pawn_moved": _pawn_moved,
    "card_turned": _turned,
    "bounced": _bounced,
    "claimed": _claimed,
    "battle_began": _battle_began,
    "picked": _picked,
    "battle_won": _won,
    "battle_lost": _lost,
    "pawn_taken": _taken,
    "pawn_entered": _entered,
    "card_placed": _placed,
    "wall_broken": _broken,
    "play_skipped": _skipped,
    "hand_dealt": _dealt,
    "reshuffled": _reshuffled,
    "out_of_sight": _faded,
    "duel_over": _over,
}
"""Each event kind's line; kinds left out (hops offered, game ended) say nothing."""
