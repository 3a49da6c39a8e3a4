"""The game as players see it: the public table, and each player's own hand.

The table shows what everyone at a real table could see: who lives, how many cards each holds
(never which, nor how many hearts: hands are secret), the attack in play, the Long Night as it
nears, and who the game waits for. During the special round it says who has answered, never
what. A hand offers the plays made of exactly the cards picked in it, led by the bot's hint, so
a hand of fifteen cards never floods the message with buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.cards import Card, Suit, standard_deck
from bot.games.rpg.actions import Attack, Bid, Buy, Defend, EndTurn, NoBid, RpgAction
from bot.games.rpg.defences import MAX_LISTED, keeps_heart
from bot.games.rpg.engine import RpgState
from bot.games.rpg.policy import bot_action
from bot.games.rpg.state import Phase
from bot.games.rpg.values import (
    MAX_ROUNDS,
    SUIT_ORDER,
    bid_rank,
    of_suit,
    power,
    spoken,
    tier,
    total,
)
from bot.games.views import (
    CardGroup,
    Control,
    Field,
    HandCard,
    HandView,
    Picture,
    PictureCard,
    Style,
    TableView,
)

TITLE = "Role Playing Card Game"
MAX_CONTROLS = 20
LABEL_LIMIT = 80
PICK_LIMIT = 10
"""Cards a hand's picker takes at once: a defence that needs more is offered as a button of
its own while nothing is picked."""
ARROWS = {1: "↻", -1: "↺"}
Name = Callable[[int], str]


def player(seat: int, names: Sequence[str] = ()) -> str:
    """How a hand or a button names another seat: by name where the caller gave the names,
    else by the number the table shows beside each name."""
    return names[seat] if seat < len(names) else f"player {seat + 1}"


def _cut(text: str) -> str:
    return text if len(text) <= LABEL_LIMIT else text[: LABEL_LIMIT - 1] + "…"


def label(state: RpgState, seat: int, action: RpgAction, names: Sequence[str] = ()) -> str:
    """How a button or the terminal names an action."""
    match action:
        case Buy(card=card):
            count = tier(card)
            return _cut(f"Buy {'a card' if count == 1 else f'{count} cards'} with {card}")
        case Attack(spade=spade, clubs=clubs, target=target):
            return _cut(
                f"Attack {player(target, names)} with {spade} {spoken(clubs)} ({total(clubs)})"
            )
        case Defend(cards=cards):
            return _cut(_defend_label(state, seat, cards))
        case Bid(card=card):
            return f"Bid {card}"
        case NoBid():
            return "No bid"
        case _:
            return "End turn"


def _defend_label(state: RpgState, seat: int, cards: tuple[Card, ...]) -> str:
    text = f"Defend with {spoken(cards)} ({total(cards)})"
    if not keeps_heart(state.hands[seat], cards):
        text += " ☠️ your last heart"
    return text


# ---- the table ---------------------------------------------------------------------------------


def rpg_table(state: RpgState, names: list[str]) -> TableView:
    """The public table: the players, who the game waits for (with the attack to answer) or
    the final places, the Long Night as it nears, the piles, and the cards face up as a
    picture."""

    def name(seat: int) -> str:
        return names[seat] if seat < len(names) else f"Player {seat + 1}"

    standing = [seat for seat in range(state.players) if not _fallen_line(state, seat)]
    seats = [_seat_line(state, seat, name(seat)) for seat in standing]
    fallen = [seat for seat in range(state.players) if _fallen_line(state, seat)]
    if fallen:  # one line for all the fallen: a table of six stays short on a phone
        seats.append("☠️ " + ", ".join(f"`{seat + 1}` ~~{name(seat)}~~" for seat in fallen))
    fields = [Field(name="Players", value="\n".join(seats), inline=False)]
    if state.is_over:
        fields.append(Field(name="🏆 Result", value=_ranking(state, name), inline=False))
    else:
        fields.append(
            Field(name="⏳ Waiting for", value=_waiting(state, name), inline=False, prompt=True)
        )
    night = _night(state)
    if night is not None:
        fields.append(Field(name=night[0], value=night[1], inline=False))
    out = f" · out of the game: {_removed(state.removed)}" if state.removed else ""
    fields.append(
        Field(
            name="🂠 Cards",
            value=f"{len(state.deck)} in the deck · {len(state.discard)} discarded{out}",
            inline=False,
        )
    )
    where = "game over" if state.is_over else f"round {state.round} of {MAX_ROUNDS}"
    if not state.is_over:
        where += f" · {ARROWS[state.direction]}" + (" · 🌙" if state.night_falls() else "")
    return TableView(title=f"{TITLE} · {where}", fields=fields, picture=_table_picture(state, name))


NIGHT_WARNING = 3
"""Rounds ahead that the table warns of the Long Night, and of the last round."""


def _night(state: RpgState) -> tuple[str, str] | None:
    """What the table says of the Long Night as it nears and once it has begun, and of the
    round cap as it nears: nothing the rest of the time, to keep the message short."""
    if state.is_over:
        return None
    wound = "each special round ends with everyone's lowest heart discarded; none left, you fall"
    if state.night_falls():
        return "🌙 The Long Night", f"Since round {state.long_night}, {wound}."
    ahead = state.long_night - state.round
    if state.long_night and ahead <= NIGHT_WARNING:
        when = "next round" if ahead == 1 else f"in {ahead} rounds"
        return f"🌙 The Long Night {when}", f"From round {state.long_night}, {wound}."
    left = MAX_ROUNDS - state.round
    if left < NIGHT_WARNING:
        when = "This is the last round" if not left else f"Round {MAX_ROUNDS} is the last"
        return "⌛ The end", f"{when}: then the most heart value in hand wins."
    return None


def _removed(diamonds: list[Card]) -> str:
    """The diamonds spent on buying, by rank ("♦ 2 7 J A"), or every one of them."""
    if len(diamonds) == len(DIAMOND_RANKS):
        return "every diamond"
    return "♦ " + " ".join(card.rank.label for card in sorted(diamonds, key=bid_rank))


DIAMOND_RANKS = [card for card in standard_deck() if card.suit == Suit.DIAMONDS]


def _fallen_line(state: RpgState, seat: int) -> bool:
    return not state.alive(seat) and seat not in state.winners


def _seat_line(state: RpgState, seat: int, name: str) -> str:
    number = f"`{seat + 1}`"
    if seat in state.winners:
        return f"🏆 {number} **{name}**"
    marks = ""
    if state.phase == Phase.BID:
        marks = "✅ " if seat in state.answered else "⏳ "
    elif not state.is_over and seat in state.acting():
        marks = "▶ "
    return f"{marks}{number} **{name}** · {_count(state.hand_size(seat))}"


def _count(cards: int) -> str:
    return "1 card" if cards == 1 else f"{cards} cards"


def _waiting(state: RpgState, name: Name) -> str:
    match state.phase:
        case Phase.TURN:
            doing = "take a bonus turn" if state.bonus else "take a turn"
            moves = "buy, attack or end it" if not state.attacked else "attack or end it"
            return f"**{name(state.current)}** to {doing}: {moves}"
        case Phase.DEFEND:
            assert state.attack is not None
            attack = state.attack
            return (
                f"**{name(attack.target)}** to defend against **{name(attack.attacker)}**'s "
                f"{attack.spade} + {spoken(attack.clubs)} = **{attack.damage}** damage"
            )
        case _:
            waiting = ", ".join(f"**{name(seat)}**" for seat in state.acting())
            return f"{waiting} to bid a diamond face down or pass (special round)"


def _ranking(state: RpgState, name: Name) -> str:
    """Finishing places, ties sharing one (the round cap can tie)."""
    results = sorted(state.results(), key=lambda result: (-result.score, result.seat))
    lines: list[str] = []
    for result in results:
        place = 1 + sum(other.score > result.score for other in results)
        won = " (won)" if result.outcome == "won" else ""
        hearts = state.final_hearts[result.seat] if result.seat < len(state.final_hearts) else 0
        value = f" · {hearts} in hearts" if state.alive(result.seat) and hearts else ""
        lines.append(f"{place}. {name(result.seat)}{won}{value}")
    return "\n".join(lines)


def _table_picture(state: RpgState, name: Name) -> Picture | None:
    """The cards face up on the table: the attack in play, and the bids revealed for the
    bonus turn they gave."""
    groups: list[CardGroup] = []
    attack = state.attack
    if attack is not None:
        cards = [PictureCard(card=attack.spade.code, caption="stamina")]
        cards += [PictureCard(card=card.code, caption="attack") for card in attack.clubs]
        title = f"{name(attack.attacker)} → {name(attack.target)}: {attack.damage}"
        groups.append(CardGroup(title=title, cards=cards))
    if state.bonus and state.revealed:
        bids = [
            PictureCard(card=card.code, caption=name(seat))
            for seat, card in state.revealed
            if card is not None
        ]
        if bids:
            groups.append(CardGroup(title="Bids", cards=bids))
    return Picture(groups=groups) if groups else None


# ---- a hand ------------------------------------------------------------------------------------


def rpg_hand(state: RpgState, seat: int, picked: list[str], names: Sequence[str] = ()) -> HandView:
    """One seat's cards, the plays of the picked ones, and the hint."""
    hand = state.hands[seat] if 0 <= seat < state.players else []
    chosen = picked_cards(hand, picked)
    acting = seat in state.acting()
    fields: list[Field] = []
    if state.phase == Phase.BID and seat in state.answered:
        sealed = state.bids[seat]
        text = f"{sealed}, face down" if sealed is not None else "you passed"
        fields.append(Field(name="Your sealed bid", value=text, inline=False))
    if acting and state.attack is not None and len(state.defences(seat)) >= MAX_LISTED:
        fields.append(
            Field(
                name="More defences",
                value=f"Only the cheapest {MAX_LISTED} are listed: any other cards worth at least "
                f"{state.attack.damage} defend too (pick them, or type them in the terminal).",
                inline=False,
            )
        )
    return HandView(
        title=f"Your hand · ❤️ {state.heart_count(seat)} · 🂠 {len(hand)}"
        if state.alive(seat)
        else "Your hand",
        description=_describe(hand) if state.alive(seat) else "You have fallen: no cards.",
        fields=fields,
        footer=_footer(state, seat, chosen) if acting else _idle(state, seat, names),
        cards=[
            HandCard(label=str(card), value=f"{index}.{card.code}", picked=card in chosen)
            for index, card in sorted(enumerate(hand), key=lambda pair: _pick_order(state, pair[1]))
        ],
        max_picks=PICK_LIMIT,
        controls=plays(state, seat, chosen, names) if acting else [],
        hint=hint_control(state, seat, chosen, names) if acting else None,
        picture=_hand_picture(hand, chosen),
    )


PICK_ORDER = {
    Phase.TURN: (Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS, Suit.HEARTS),
    Phase.BID: (Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS, Suit.HEARTS),
    Phase.DEFEND: (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS),
}
"""The suits a phase plays first, first in the picker: a picker lists 25 cards, and a long
hand must not push the cards that play now past its end."""


def _pick_order(state: RpgState, card: Card) -> int:
    order = PICK_ORDER.get(state.phase, SUIT_ORDER)
    return order.index(card.suit) if card.suit in order else len(order)


def picked_cards(hand: list[Card], values: list[str]) -> list[Card]:
    """The cards a picker's values name ("3.9C": the fourth card, 9♣), if still held there,
    in hand order."""
    places: set[int] = set()
    for value in values:
        index, _, code = value.partition(".")
        if index.isdigit() and int(index) < len(hand) and hand[int(index)].code == code:
            places.add(int(index))
    return [hand[index] for index in sorted(places)]


def _describe(hand: list[Card]) -> str:
    """The hand by suit, as a player would fan it: "♥ 3 7 · ♠ 5 9 · ♣ 7 · ♦ K"."""
    parts = [
        f"{suit.value} " + " ".join(card.rank.label for card in of_suit(hand, suit))
        for suit in SUIT_ORDER
        if of_suit(hand, suit)
    ]
    return " · ".join(parts) or "No cards."


def _idle(state: RpgState, seat: int, names: Sequence[str] = ()) -> str:
    if state.is_over:
        return "The game is over."
    if not state.alive(seat):
        return "You are out of this game; the table plays on."
    if state.phase == Phase.BID:
        return "You have answered: the bids are revealed when everyone has."
    if state.phase == Phase.DEFEND and state.attack is not None:
        return f"Not your move: {player(state.attack.target, names)} is defending."
    return f"Not your move: it is {player(state.current, names)}'s turn."


def _footer(state: RpgState, seat: int, chosen: list[Card]) -> str:
    """What to do now, in words that follow what has been picked."""
    match state.phase:
        case Phase.DEFEND:
            assert state.attack is not None
            return (
                f"Pick spades, clubs and hearts worth at least {state.attack.damage} (keep a "
                "heart, or you fall), then press Defend."
            )
        case Phase.BID:
            return "Pick a diamond to bid face down, or press No bid."
        case Phase.TURN | Phase.OVER:
            spades = of_suit(chosen, Suit.SPADES)
            if len(spades) == 1:
                allowance = tier(spades[0])
                clubs = "a club" if allowance == 1 else f"up to {allowance} clubs"
                return f"Pick {clubs} with {spades[0]}, then choose whom to attack."
            if state.attacked:
                return "Pick a spade and its clubs to attack again, or press End turn."
            return (
                "Pick a diamond to buy cards, or a spade and its clubs (2-10: 1, J/Q/K: 2, "
                "A: 3) to attack; then End turn."
            )


def plays(
    state: RpgState, seat: int, chosen: list[Card], names: Sequence[str] = ()
) -> list[Control]:
    """Every legal play made of exactly the picked cards, then the moves that need no cards,
    one less than fit: the hint, where the table shows it, leads them."""
    controls: list[Control] = []
    seen: set[str] = set()
    for action in _offered(state, seat, chosen):
        if str(action) in seen:
            continue
        seen.add(str(action))
        style: Style = "secondary" if action.kind in ("end", "nobid") else "primary"
        label = _picked_label(state, seat, action, names)
        controls.append(Control(label=label, action=str(action), style=style))
    return controls[: MAX_CONTROLS - 1]


def hint_control(
    state: RpgState, seat: int, chosen: list[Card], names: Sequence[str] = ()
) -> Control | None:
    """The bot's hint as a button. Where the picked cards make the hint's play, or the hint is
    the special round's pass, the button is that play's, under its own name (a player who
    picked the cards of the hint sees the play they made), so it is offered once."""
    hint = bot_action(state, seat)
    if hint is None:
        return None
    same = next((a for a in _offered(state, seat, chosen) if _same(a, hint)), None)
    if same is not None and (chosen or hint == NoBid()):
        return Control(label=_picked_label(state, seat, same, names), action=str(same))
    return Control(label=_cut(f"💡 {label(state, seat, hint, names)}"), action=str(hint))


def _offered(state: RpgState, seat: int, chosen: list[Card]) -> list[RpgAction]:
    """The plays of the picked cards (or the defences too big to pick), then the free moves."""
    picked: list[RpgAction] = []
    extra: list[RpgAction] = []
    if chosen:
        picked = [a for a in _of_picked(state, seat, chosen) if state.allows(seat, a)]
    elif state.phase == Phase.DEFEND:
        extra = [Defend(cards=cards) for cards in state.defences(seat) if len(cards) > PICK_LIMIT]
    free = FREE_MOVES.get(state.phase, [])
    return [*picked, *extra, *free]


FREE_MOVES: dict[Phase, list[RpgAction]] = {Phase.TURN: [EndTurn()], Phase.BID: [NoBid()]}
"""The moves a phase offers that need no cards picked."""


def _same(action: RpgAction, hint: RpgAction | None) -> bool:
    """The same play, whatever the order its cards were named in."""
    if hint is None or action.kind != hint.kind:
        return False
    same_cards = sorted(map(str, _cards_of(action))) == sorted(map(str, _cards_of(hint)))
    return same_cards and getattr(action, "target", None) == getattr(hint, "target", None)


def _cards_of(action: RpgAction) -> list[Card]:
    match action:
        case Buy(card=card) | Bid(card=card):
            return [card]
        case Attack(spade=spade, clubs=clubs):
            return [spade, *clubs]
        case Defend(cards=cards):
            return list(cards)
        case _:
            return []


def _of_picked(state: RpgState, seat: int, chosen: list[Card]) -> list[RpgAction]:
    """The plays the picked cards could make, before the engine checks them."""
    match state.phase:
        case Phase.DEFEND:
            return [Defend(cards=tuple(chosen))]
        case Phase.BID:
            return [Bid(card=chosen[0])] if len(chosen) == 1 else []
        case Phase.TURN | Phase.OVER:
            if len(chosen) == 1 and chosen[0].suit == Suit.DIAMONDS:
                return [Buy(card=chosen[0])]
            spades, clubs = of_suit(chosen, Suit.SPADES), of_suit(chosen, Suit.CLUBS)
            if len(spades) != 1 or len(spades) + len(clubs) != len(chosen):
                return []
            return [
                Attack(spade=spades[0], clubs=tuple(clubs), target=target)
                for target in state.opponents(seat)
            ]


def _picked_label(state: RpgState, seat: int, action: RpgAction, names: Sequence[str] = ()) -> str:
    if isinstance(action, Attack):
        return f"Attack {player(action.target, names)} ({total(action.clubs)})"
    return label(state, seat, action, names)


def _hand_picture(hand: list[Card], chosen: list[Card]) -> Picture | None:
    """The hand fanned by suit; the picked cards stand out, the rest are dimmed."""
    if not hand:
        return None
    cards = [
        PictureCard(card=card.code, caption=_caption(card), dim=bool(chosen) and card not in chosen)
        for card in hand
    ]
    return Picture(groups=[CardGroup(title="Your hand", cards=cards)], row_cards=HAND_ROW)


HAND_ROW = 5
"""Cards a row of the hand's picture holds: five keep it narrow enough (568 px) that a phone
shows its captions at 11 px or more, where seven a row shrank them under 10 px."""


def _caption(card: Card) -> str:
    """What a card does, in words that fit under it: a diamond buys cards, a spade is worth
    its value and allows clubs ("12 · 2 clubs"), a heart or a club counts its value."""
    if card.suit == Suit.DIAMONDS:
        return f"+{_count(tier(card))}"
    if card.suit == Suit.SPADES:
        clubs = "1 club" if tier(card) == 1 else f"{tier(card)} clubs"
        return f"{power(card)} · {clubs}"
    return str(power(card))
