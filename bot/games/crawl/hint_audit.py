"""A crawl's hint held to what it says, by the engine itself: the move must not end the game when
another move would not, and its reason must be true of the position.

The hint reasons with its own model of a room; this module trusts none of it. Each reason the
hint can give is read back (a pattern per wording) and its claim played out on copies of the
real game: the damage a fight costs, what a potion heals, whether every way through the room
leaves the player dead, with and without the move. A reason no pattern reads is a claim nobody
checked, and is reported as such. The deck's order is the engine's business here: a claim about
"the monsters still to come" is checked against the cards left, wherever they lie.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from bot.games.cards import Card
from bot.games.contract import Outcome
from bot.games.crawl.actions import (
    CARDLESS,
    ActionKind,
    DungeonAction,
    DungeonState,
    Role,
    role_of,
)
from bot.games.crawl.solving import Advice
from bot.games.dragons.engine import SOLO, DragonsState
from bot.games.scoundrel.engine import ScoundrelState

Crawl = ScoundrelState | DragonsState
"""The solo crawls with a hint."""

FRESH_REACH = 99
"""The reach of a weapon that has killed nothing yet: it fights anything."""


@dataclass(frozen=True, slots=True)
class Audit:
    """What the engine found wrong with one hint, if anything."""

    deadly_when_safe: bool
    """The move ends the game in a loss, and another legal move does not."""
    false_reason: str | None
    """Why the reason is not true of the position (None: it is)."""

    @property
    def sound(self) -> bool:
        return not self.deadly_when_safe and self.false_reason is None


@dataclass(frozen=True, slots=True)
class Side:
    """The player's side of a crawl, read from either engine."""

    hp: int
    weapon: Card | None
    reach: int
    """The weapon fights monsters under this (0 without one)."""


def side(state: Crawl) -> Side:
    """Health, weapon and reach of the solo player, whichever crawl it is."""
    if isinstance(state, ScoundrelState):
        return Side(state.hp, state.weapon, state.weapon_reach())
    assert isinstance(state, DragonsState)
    party = state.parties[SOLO]
    kill = party.last_kill
    reach = 0 if party.weapon is None else kill.value if kill else FRESH_REACH
    return Side(party.hp, party.weapon, reach)


def lost(state: Crawl) -> bool:
    results = state.results()
    return bool(results) and results[0].outcome == Outcome.LOST.value


def after(state: Crawl, action: DungeonAction) -> Crawl:
    """The game after one move, on a copy."""
    copy = state.model_copy(deep=True)
    copy.apply(SOLO, action)
    return copy


Step = tuple[DungeonAction, int]
"""A move of a way through a room, and the health it cost (negative: healed)."""


def ways(
    state: Crawl, plays: int | None = None, skipping: Card | None = None
) -> Iterator[tuple[tuple[Step, ...], Crawl]]:
    """Every way to play the room's remaining plays (or `plays` of them, never the card
    `skipping`), each with where it ends: a fall ends it early."""
    count = state.plays_left if plays is None else plays
    yield from _walk(state, count, skipping, ())


def _walk(
    state: Crawl, count: int, skipping: Card | None, path: tuple[Step, ...]
) -> Iterator[tuple[tuple[Step, ...], Crawl]]:
    if count == 0 or state.is_over:
        yield path, state
        return
    hp = side(state).hp
    for action in state.legal_actions(SOLO):
        if action.kind in CARDLESS or action.card == skipping:
            continue
        later = after(state, action)
        yield from _walk(later, count - 1, skipping, (*path, (action, hp - side(later).hp)))


def cost(state: Crawl, action: DungeonAction) -> int:
    return side(state).hp - side(after(state, action)).hp


def fights(state: Crawl, monster: Card) -> list[DungeonAction]:
    legal = state.legal_actions(SOLO)
    return [a for a in legal if a.card == monster and a.kind != ActionKind.DRINK]


def room_card(state: Crawl, text: str) -> Card | None:
    return next((card for card in state.room if str(card) == text), None)


def said_cost(text: str) -> int:
    """ "−4 HP" or "no damage", as a number."""
    return 0 if text == "no damage" else int(text.removeprefix("−").removesuffix(" HP"))


# ---- the claims, one per wording -----------------------------------------------------------

Check = Callable[[Crawl, Advice, re.Match[str]], bool]
COST = r"(−\d+ HP|no damage)"
CARD = r"(\S+)"


def _standing_hps(state: Crawl) -> list[int]:
    return [side(end).hp for _, end in ways(state) if not lost(end)]


def _run_hopeless(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    return int(found[1]) == side(state).hp and not _standing_hps(state)


def _run_costly(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    hp, standing = side(state).hp, _standing_hps(state)
    return int(found[2]) == hp and bool(standing) and max(standing) == hp - int(found[1]) < hp


def _run_at_most(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    standing = _standing_hps(state)
    return bool(standing) and max(standing) == int(found[1])


def _heals(state: Crawl, advice: Advice, healed: int) -> bool:
    return advice.action.kind == ActionKind.DRINK and -cost(state, advice.action) == healed


def _drink_wasted(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    return (state.preview(advice.action) or "").startswith("wasted")


def _drink_saves(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    potion = advice.action.card
    if potion is None or len(state.room) < 2:
        return False
    plays = min(state.plays_left, len(state.room) - 1)
    if any(not lost(end) for _, end in ways(state, plays, skipping=potion)):
        return False
    drunk = after(state, advice.action)
    return not lost(drunk) and any(not lost(end) for _, end in ways(drunk, plays - 1))


def _drink_before_fight(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    if not _heals(state, advice, int(found[2])):
        return False
    drunk = after(state, advice.action)
    monster, damage = found[3], int(found[4])
    return any(
        str(action.card) == monster and role_of(action.card) == Role.MONSTER and hp == damage
        for path, _ in ways(drunk, state.plays_left - 1)
        for action, hp in path
        if action.card is not None
    )


def _drink_heals(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    healed = int(found[2])
    return _heals(state, advice, healed) and side(state).hp + healed == int(found[3])


def _drink_full(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    return _heals(state, advice, 0) and not (state.preview(advice.action) or "").startswith(
        "wasted"
    )


def _equip_last(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    return not any(role_of(card) == Role.MONSTER for card in state.deck + state.room)


def _equip_before(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    target = room_card(state, found[2])
    if target is None or advice.action.kind != ActionKind.EQUIP:
        return False
    now = min(cost(state, fight) for fight in fights(state, target))
    armed = after(state, advice.action)
    then = min(cost(armed, fight) for fight in fights(armed, target))
    return then == said_cost(found[3]) < now == int(found[4])


def _equip_unarmed(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    return side(state).weapon is None


def _equip_blunted(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    held = side(state)
    return held.weapon is not None and held.reach == int(found[2])


def _equip_fresh(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    left = state.deck + state.room
    return advice.action.kind == ActionKind.EQUIP and any(
        role_of(card) == Role.MONSTER for card in left
    )


def _held(state: Crawl, name: str) -> bool:
    return str(side(state).weapon) == name


def _bare_unarmed(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    return side(state).weapon is None and cost(state, advice.action) == int(found[2])


def _bare_out_of_reach(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    monster = advice.action.card
    held = side(state)
    reach = int(found[3])
    return (
        _held(state, found[2])
        and held.reach == reach
        and monster is not None
        and monster.value >= reach
    )


def _bare_keeps_for(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    monster, target = advice.action.card, room_card(state, found[3])
    reach = side(state).reach
    return (
        _held(state, found[2])
        and monster is not None
        and target is not None
        and target != monster
        and monster.value <= target.value < reach
    )


def _bare_keeps_for_bigger(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    monster = advice.action.card
    if monster is None or not _held(state, found[3]):
        return False
    reach = side(state).reach
    left = list(state.deck + state.room)
    left.remove(monster)
    bigger = any(role_of(c) == Role.MONSTER and monster.value <= c.value < reach for c in left)
    return cost(state, advice.action) == int(found[2]) and bigger


def _bare_plain(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    return cost(state, advice.action) == int(found[2])


def _fight_unarmed(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    return side(state).weapon is None and cost(state, advice.action) == said_cost(found[2])


def _fight_breaks(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    monster = advice.action.card
    held = side(state)
    return (
        _held(state, found[2])
        and monster is not None
        and held.reach <= monster.value
        and side(after(state, advice.action)).weapon is None
        and cost(state, advice.action) == said_cost(found[3])
    )


def _fight_first(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    monster, smaller = advice.action.card, room_card(state, found[4])
    return (
        _held(state, found[2])
        and monster is not None
        and smaller is not None
        and smaller.value < monster.value < side(state).reach
        and cost(state, advice.action) == said_cost(found[3])
    )


def _fight_armed(state: Crawl, advice: Advice, found: re.Match[str]) -> bool:
    return _held(state, found[2]) and cost(state, advice.action) == said_cost(found[3])


CLAIMS: list[tuple[re.Pattern[str], Check]] = [
    (re.compile(pattern), check)
    for pattern, check in [
        (r"Run: no way through this room leaves you standing \(you have (\d+) HP\)", _run_hopeless),
        (r"Run: this room would cost you (\d+) HP at best, and you have (\d+)", _run_costly),
        (r"Run: facing it would leave you at most (\d+) HP; .+", _run_at_most),
        (rf"Drink the {CARD} to clear it from the room: it won't heal \(.+\)", _drink_wasted),
        (rf"Drink the {CARD} first: without it, this room would leave you dead", _drink_saves),
        (
            rf"Drink the {CARD} first \(\+(\d+) HP\): the {CARD} will cost you (\d+)",
            _drink_before_fight,
        ),
        (rf"Drink the {CARD}: \+(\d+) HP, up to (\d+)", _drink_heals),
        (rf"Drink the {CARD} to clear it from the room: your health is full", _drink_full),
        (rf"Equip the {CARD} before the {CARD}: {COST} instead of −(\d+)", _equip_before),
        (rf"Equip the {CARD}: no monster is left for any weapon", _equip_last),
        (rf"Equip the {CARD}: any weapon beats bare hands", _equip_unarmed),
        (rf"Equip the {CARD}: your weapon now only fights monsters under (\d+)", _equip_blunted),
        (rf"Equip the {CARD}: a fresh weapon for the monsters still to come", _equip_fresh),
        (rf"Fight the {CARD} barehanded: −(\d+) HP, you have no weapon", _bare_unarmed),
        (
            rf"Fight the {CARD} barehanded: your {CARD} only fights monsters under (\d+)",
            _bare_out_of_reach,
        ),
        (rf"Fight the {CARD} barehanded to keep your {CARD} for the {CARD}", _bare_keeps_for),
        (
            rf"Fight the {CARD} barehanded \(−(\d+) HP\) to keep your {CARD} for bigger monsters",
            _bare_keeps_for_bigger,
        ),
        (rf"Fight the {CARD} barehanded: −(\d+) HP", _bare_plain),
        (rf"Fight the {CARD}: {COST}, nothing better to face it with", _fight_unarmed),
        (rf"Fight the {CARD}: your {CARD} breaks on it \({COST}\)", _fight_breaks),
        (
            rf"Fight the {CARD} with your {CARD} first \({COST}\): "
            rf"then it can still take the {CARD}",
            _fight_first,
        ),
        (rf"Fight the {CARD} with your {CARD}: {COST}", _fight_armed),
    ]
]


def crawl(state: DungeonState) -> Crawl:
    """A solo crawl's state, as the checks read it."""
    assert isinstance(state, ScoundrelState | DragonsState), "a crawl with a hint"
    return state


def reason_fault(position: DungeonState, advice: Advice) -> str | None:
    """Why the advice's reason is not true of the position, or None when it is."""
    state = crawl(position)
    card = advice.action.card
    for pattern, check in CLAIMS:
        found = pattern.fullmatch(advice.reason)
        if found is None:
            continue
        names_card = card is None or found.lastindex is None or found[1] == str(card)
        if advice.action.kind != ActionKind.RUN and card is not None and not names_card:
            return f"names another card than the move's {card}"
        if not check(state, advice, found):
            return f"false: {check.__name__.lstrip('_')}"
        return None
    return "a reason no check reads"


def deadly_when_safe(position: DungeonState, action: DungeonAction) -> bool:
    """The move loses the game at once while some other legal move does not."""
    state = crawl(position)
    if not lost(after(state, action)):
        return False
    return any(not lost(after(state, other)) for other in state.legal_actions(SOLO))


def audit(state: DungeonState, advice: Advice) -> Audit:
    """The engine's verdict on one hint for a solo crawl's position."""
    return Audit(deadly_when_safe(state, advice.action), reason_fault(state, advice))
