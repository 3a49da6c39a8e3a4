"""The Role Playing Card Game's rules: turns, fights, the special round and the end.

`RpgState` checks every action in full before it changes anything (an illegal action raises and
leaves the state as it was), then plays it and runs the table on to the next decision: the next
turn's compulsory draw, a defender who cannot answer falling at once, the special round opening
when every living player has had a turn, and closing once every bid is in and any bonus turn is
over. See `rules.py` for the rulings, each tested in tests/games/rpg.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations
from typing import ClassVar

from bot.games.cards import Card, Suit, standard_deck
from bot.games.contract import (
    GameError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Outcome,
    SeatResult,
    seeded_rng,
)
from bot.games.rpg.actions import Attack, Bid, Buy, Defend, EndTurn, NoBid, RpgAction
from bot.games.rpg.defences import can_keep_heart, can_reach, listed_defences
from bot.games.rpg.events import (
    Attacked,
    BidAnswered,
    BidsRevealed,
    Bought,
    Dealt,
    Death,
    Defended,
    Fell,
    GameWon,
    Reshuffled,
    RoundClosed,
    RpgEvent,
    SpecialRound,
    TurnEnded,
    TurnStarted,
    Wounded,
)
from bot.games.rpg.state import InPlay, Phase, RpgTable
from bot.games.rpg.values import (
    HAND_SIZE,
    LONG_NIGHT,
    MAX_ROUNDS,
    bid_rank,
    heart_value,
    hearts,
    of_suit,
    power,
    sorted_hand,
    tier,
    total,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_DEFENCE_CARDS = 26
"""A defence's text must fit a button (26 codes); no minimal defence needs half as many."""
PHASE_ACTIONS: dict[Phase, set[str]] = {
    Phase.TURN: {"buy", "attack", "end"},
    Phase.DEFEND: {"defend"},
    Phase.BID: {"bid", "nobid"},
}
ACTION_WORDS = {
    "buy": "buy",
    "attack": "attack",
    "end": "end a turn",
    "defend": "defend",
    "bid": "bid",
    "nobid": "pass a bid",
}
WAITS = {
    Phase.TURN: "a turn's moves",
    Phase.DEFEND: "a defence",
    Phase.BID: "the special round's bids",
    Phase.OVER: "nothing",
}
"""How a refusal names the move tried and what the table waits for, in words."""
DEAL_ATTEMPTS = 10_000
"""Far more deals than a table ever needs to give every hand a heart (about 1 in 2 succeed)."""


def bonus_winner(bids: list[tuple[int, Card | None]]) -> int | None:
    """The seat of the single highest bid (ace high); None if nobody bid or the highest tie.
    (One deck holds one diamond of each rank, so a tie needs a deck the game never uses.)"""
    placed = [(bid_rank(card), seat) for seat, card in bids if card is not None]
    if not placed:
        return None
    top = max(rank for rank, _ in placed)
    leaders = [seat for rank, seat in placed if rank == top]
    return leaders[0] if len(leaders) == 1 else None


def deal_hands(seed: int, players: int) -> tuple[list[list[Card]], list[Card], int]:
    """Hands of seven and the deck left, dealt from the seed: while any hand holds no heart,
    everything is gathered and shuffled again (shuffle k uses purpose `deal:k`)."""
    for attempt in range(DEAL_ATTEMPTS):
        deck = standard_deck()
        seeded_rng(seed, f"deal:{attempt}").shuffle(deck)
        hands = [deck[seat::players][:HAND_SIZE] for seat in range(players)]
        if all(hearts(hand) for hand in hands):
            dealt = {card for hand in hands for card in hand}
            rest = [card for card in deck if card not in dealt]
            return [sorted_hand(hand) for hand in hands], rest, attempt
    raise RuntimeError("no deal gave every hand a heart")  # pragma: no cover


class RpgState(RpgTable):
    """A whole game between two actions, with its rules."""

    @classmethod
    def scripted(
        cls,
        hands: list[list[Card]],
        deck: list[Card],
        first: int = 0,
        seed: int = 0,
        discard: list[Card] | None = None,
        removed: list[Card] | None = None,
        direction: int = 1,
        long_night: int = 0,
    ) -> tuple[RpgState, list[RpgEvent]]:
        """A game over explicit hands and deck order (top first), with `first`'s turn begun:
        for scripted tests and replays."""
        if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
            raise IllegalAction(f"the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        state = cls(
            seed=seed,
            players=len(hands),
            hands=[sorted_hand(hand) for hand in hands],
            deck=list(deck),
            discard=list(discard or []),
            removed=list(removed or []),
            direction=direction,
            bids=[None] * len(hands),
            long_night=long_night,
        )
        return state, state._start_turn(first)

    # ---- what the table waits for ----------------------------------------------------------

    def acting(self) -> list[int]:
        match self.phase:
            case Phase.TURN:
                return [self.current]
            case Phase.DEFEND:
                assert self.attack is not None
                return [self.attack.target]
            case Phase.BID:
                return [seat for seat in self.living() if seat not in self.answered]
            case _:
                return []

    def legal_actions(self, seat: int) -> list[RpgAction]:
        """Every legal action of a seat now. Attacks use the lowest spade of each allowance
        (a higher spade of the same allowance is accepted too, but never plays better), and
        defences are the minimal ones, cheapest first; apply accepts any valid one."""
        if seat not in self.acting():
            return []
        hand = self.hands[seat]
        match self.phase:
            case Phase.TURN:
                actions: list[RpgAction] = []
                if not self.attacked:
                    actions += [Buy(card=card) for card in of_suit(hand, Suit.DIAMONDS)]
                actions += self._attacks(seat)
                return [*actions, EndTurn()]
            case Phase.DEFEND:
                return [Defend(cards=cards) for cards in self.defences(seat)]
            case _:
                bids: list[RpgAction] = [Bid(card=card) for card in of_suit(hand, Suit.DIAMONDS)]
                return [*bids, NoBid()]

    def _attacks(self, seat: int) -> list[RpgAction]:
        hand = self.hands[seat]
        clubs = of_suit(hand, Suit.CLUBS)
        lowest: dict[int, Card] = {}
        for spade in of_suit(hand, Suit.SPADES):  # hand order: lowest first
            lowest.setdefault(tier(spade), spade)
        return [
            Attack(spade=spade, clubs=chosen, target=target)
            for allowance, spade in sorted(lowest.items())
            for size in range(1, allowance + 1)
            for chosen in combinations(clubs, size)
            for target in self.opponents(seat)
        ]

    def defences(self, seat: int) -> list[tuple[Card, ...]]:
        """The listed answers to the attack in play: the minimal defences (capped, cheapest
        first) and always the cheapest one that keeps a heart, in order of cost."""
        assert self.attack is not None
        return listed_defences(self.hands[seat], self.attack.damage)

    def timeout_action(self, seat: int) -> RpgAction | None:
        """A seat that let its time run out: a turn ends, a defence is the cheapest that keeps
        a heart, a bid passes."""
        if seat not in self.acting():
            return None
        match self.phase:
            case Phase.TURN:
                return EndTurn()
            case Phase.DEFEND:
                return Defend(cards=self.defences(seat)[0])
            case _:
                return NoBid()

    # ---- results ---------------------------------------------------------------------------

    def results(self) -> list[SeatResult]:
        """The dead have their place from the moment they die; everyone once it is over.
        A score is the number of players ranked below the seat."""
        if not self.is_over:
            return [self._fallen_result(seat) for seat in self.fallen_in_seat_order()]
        return [self._final_result(seat) for seat in range(self.players)]

    def fallen_in_seat_order(self) -> list[int]:
        return [seat for seat in range(self.players) if seat in self.fallen]

    def _fallen_result(self, seat: int) -> SeatResult:
        return SeatResult(seat=seat, outcome=Outcome.LOST.value, score=self.fallen.index(seat))

    def _final_result(self, seat: int) -> SeatResult:
        if seat in self.winners:
            below = self.players - len(self.winners)
            return SeatResult(seat=seat, outcome=Outcome.WON.value, score=below)
        if seat in self.fallen:
            return self._fallen_result(seat)
        mine = self.final_hearts[seat]
        below = len(self.fallen) + sum(
            self.final_hearts[other] < mine for other in self.living() if other != seat
        )
        return SeatResult(seat=seat, outcome=Outcome.LOST.value, score=below)

    def forfeits(self, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        """A game closed early: the dead keep their places; a living seat that forfeits gets
        `outcome`, scored as if it died now; a living seat that did not forfeit gets no
        result (its rivals gave up on it)."""
        if self.is_over:
            return self.results()
        gave_up = [
            SeatResult(seat=seat, outcome=outcome, score=len(self.fallen))
            for seat in self.living()
            if seat in forfeiters
        ]
        return sorted(self.results() + gave_up, key=lambda result: result.seat)

    # ---- applying an action ----------------------------------------------------------------

    def apply(self, seat: int, action: RpgAction) -> list[RpgEvent]:
        """Play one action and run the table on; an illegal one raises and changes nothing."""
        self._check(seat, action)
        self.turn += 1
        return self._DOES[action.kind](self, seat, action)

    def allows(self, seat: int, action: RpgAction) -> bool:
        """Whether `apply` would accept the action now (it changes nothing): the hand view
        offers a play of picked cards only if this says yes."""
        try:
            self._check(seat, action)
        except GameError:
            return False
        return True

    def _check(self, seat: int, action: RpgAction) -> None:
        if self.is_over:
            raise GameOver("the game is over")
        if seat not in self.acting():
            raise NotYourTurn("the game is not waiting for you")
        if action.kind not in PHASE_ACTIONS[self.phase]:
            doing = ACTION_WORDS[action.kind]
            raise IllegalAction(f"you cannot {doing} now: the table waits for {WAITS[self.phase]}")
        self._CHECKS[action.kind](self, seat, action)

    # checks: raise IllegalAction, never change anything

    def _held(self, seat: int, cards: list[Card]) -> None:
        if len(set(cards)) != len(cards):
            raise IllegalAction("a card can only be played once")
        if Counter(cards) - Counter(self.hands[seat]):
            raise IllegalAction("you do not hold those cards")

    def _check_buy(self, seat: int, action: Buy) -> None:
        if self.attacked:
            raise IllegalAction("buying comes before attacking: you have attacked this turn")
        if action.card.suit != Suit.DIAMONDS:
            raise IllegalAction("only a diamond buys cards")
        self._held(seat, [action.card])

    def _check_attack(self, seat: int, action: Attack) -> None:
        if action.spade.suit != Suit.SPADES:
            raise IllegalAction("an attack starts with a spade")
        if not action.clubs or any(card.suit != Suit.CLUBS for card in action.clubs):
            raise IllegalAction("an attack plays one or more clubs")
        if len(action.clubs) > tier(action.spade):
            allowed = tier(action.spade)
            clubs = "1 club" if allowed == 1 else f"{allowed} clubs"
            raise IllegalAction(f"{action.spade} allows at most {clubs}")
        if action.target == seat or not self.alive(action.target):
            raise IllegalAction("attack a living opponent")
        self._held(seat, [action.spade, *action.clubs])

    def _check_end(self, seat: int, action: EndTurn) -> None:
        return None

    def _check_defend(self, seat: int, action: Defend) -> None:
        assert self.attack is not None
        if not action.cards or any(card.suit == Suit.DIAMONDS for card in action.cards):
            raise IllegalAction("defend with spades, clubs and hearts (diamonds never defend)")
        if len(action.cards) > MAX_DEFENCE_CARDS:
            raise IllegalAction(f"a defence is at most {MAX_DEFENCE_CARDS} cards")
        self._held(seat, list(action.cards))
        if total(action.cards) < self.attack.damage:
            raise IllegalAction(f"the defence must reach {self.attack.damage}")

    def _check_bid(self, seat: int, action: Bid) -> None:
        if action.card.suit != Suit.DIAMONDS:
            raise IllegalAction("only a diamond bids")
        self._held(seat, [action.card])

    def _check_nobid(self, seat: int, action: NoBid) -> None:
        return None

    _CHECKS: ClassVar[dict[str, Callable[..., None]]] = {
        "buy": _check_buy,
        "attack": _check_attack,
        "end": _check_end,
        "defend": _check_defend,
        "bid": _check_bid,
        "nobid": _check_nobid,
    }

    # does: the action was checked; change the state and say what happened

    def _take(self, seat: int, cards: list[Card]) -> None:
        self.hands[seat] = [card for card in self.hands[seat] if card not in cards]

    def _do_buy(self, seat: int, action: Buy) -> list[RpgEvent]:
        self._take(seat, [action.card])
        self.removed.append(action.card)
        drawn, events = self._draw(seat, tier(action.card))
        return [*events, Bought(seat=seat, diamond=action.card, cards=drawn)]

    def _do_attack(self, seat: int, action: Attack) -> list[RpgEvent]:
        clubs = sorted_hand(action.clubs)
        self._take(seat, [action.spade, *clubs])
        self.attacked = True
        self.attack = InPlay(attacker=seat, target=action.target, spade=action.spade, clubs=clubs)
        damage = self.attack.damage
        events: list[RpgEvent] = [
            Attacked(
                seat=seat, target=action.target, spade=action.spade, clubs=clubs, damage=damage
            )
        ]
        hand = self.hands[action.target]
        if not can_reach(hand, damage):
            return events + self._settle() + self._kill(action.target, "overwhelmed", damage)
        if not can_keep_heart(hand, damage):
            return events + self._settle() + self._kill(action.target, "doomed", damage)
        self.phase = Phase.DEFEND
        return events

    def _settle(self, defence: list[Card] | None = None) -> list[RpgEvent]:
        """The attack is over: its cards, and the defence's, go to the discard pile."""
        assert self.attack is not None
        self.discard += [*self.attack.cards, *(defence or [])]
        self.attack = None
        self.phase = Phase.TURN
        return []

    def _do_defend(self, seat: int, action: Defend) -> list[RpgEvent]:
        cards = sorted_hand(action.cards)
        self._take(seat, cards)
        self._settle(cards)
        events: list[RpgEvent] = [Defended(seat=seat, cards=cards, total=total(cards))]
        if not hearts(self.hands[seat]):
            events += self._kill(seat, "heartless")
        return events

    def _do_end(self, seat: int, action: EndTurn) -> list[RpgEvent]:
        return [TurnEnded(seat=seat, bonus=self.bonus), *self._next()]

    def _do_bid(self, seat: int, action: Bid) -> list[RpgEvent]:
        self._take(seat, [action.card])
        self.bids[seat] = action.card
        return self._answer(seat)

    def _do_nobid(self, seat: int, action: NoBid) -> list[RpgEvent]:
        return self._answer(seat)

    _DOES: ClassVar[dict[str, Callable[..., list[RpgEvent]]]] = {
        "buy": _do_buy,
        "attack": _do_attack,
        "end": _do_end,
        "defend": _do_defend,
        "bid": _do_bid,
        "nobid": _do_nobid,
    }

    # ---- leaving ---------------------------------------------------------------------------

    def leave(self, seat: int) -> list[RpgEvent]:
        """A player gives up: they die at once and rank as dying now. Their turn passes on,
        an attack they made or must answer ends, and a bid of theirs counts as none."""
        if self.is_over:
            raise GameOver("the game is over")
        if not self.alive(seat):
            raise IllegalAction("that seat is already out of the game")
        on_turn = self.phase in (Phase.TURN, Phase.DEFEND) and seat == self.current
        called_off = self.attack is not None and seat in (
            self.attack.attacker,
            self.attack.target,
        )
        if called_off:
            self._settle()
        if self.phase == Phase.BID:
            sealed = self.bids[seat]
            if sealed is not None:
                self.discard.append(sealed)
                self.bids[seat] = None
            self.answered = [other for other in self.answered if other != seat]
        events = self._kill(seat, "left", called_off=called_off)
        if self.is_over:
            return events
        if self.phase == Phase.BID and not self.acting():
            return events + self._reveal()
        if on_turn:
            return events + self._next()
        return events

    # ---- the flow of play ------------------------------------------------------------------

    def _shuffle_in(self) -> None:
        """Shuffle the discard pile into the deck, by the next of the game's shuffles."""
        self.deck += self.discard
        self.discard = []
        seeded_rng(self.seed, f"shuffle:{self.shuffles}").shuffle(self.deck)
        self.shuffles += 1

    def _draw(self, seat: int, count: int) -> tuple[list[Card], list[RpgEvent]]:
        """Up to `count` cards from the deck, refilled from the discard pile when empty; a
        draw with both empty is skipped."""
        drawn: list[Card] = []
        events: list[RpgEvent] = []
        for _ in range(count):
            if not self.deck and self.discard:
                events.append(Reshuffled(cards=len(self.discard)))
                self._shuffle_in()
            if not self.deck:
                break
            drawn.append(self.deck.pop(0))
        self.hands[seat] = sorted_hand(self.hands[seat] + drawn)
        return drawn, events

    def _start_turn(self, seat: int, bonus: bool = False) -> list[RpgEvent]:
        self.phase = Phase.TURN
        self.current = seat
        self.bonus = bonus
        self.attacked = False
        if not bonus:
            self.played.append(seat)
            self.last_normal = seat
            self.revealed = []
        drawn, events = self._draw(seat, 1)
        return [*events, TurnStarted(seat=seat, bonus=bonus, cards=drawn)]

    def _next(self) -> list[RpgEvent]:
        """The turn on has ended (or its player died): a bonus turn closes the round; the
        round's last normal turn opens the special round; else the next living seat plays."""
        if self.bonus:
            self.bonus = False
            return self._close_round()
        if all(seat in self.played for seat in self.living()):
            return self._open_special()
        return self._start_turn(self.following(self.current))

    def _kill(
        self,
        seat: int,
        reason: Death,
        damage: int = 0,
        called_off: bool = False,
        finish: bool = True,
    ) -> list[RpgEvent]:
        """A seat dies: its hand goes to the discard pile; one survivor ends the game (unless
        the caller kills several at once and decides the end itself)."""
        cards = self.hands[seat]
        self.discard += cards
        self.hands[seat] = []
        self.fallen.append(seat)
        fell = Fell(
            seat=seat, reason=reason, cards=len(cards), damage=damage, called_off=called_off
        )
        events: list[RpgEvent] = [fell]
        if finish and len(self.living()) == 1:
            events += self._finish(self.living(), by_hearts=False)
        return events

    def _open_special(self) -> list[RpgEvent]:
        """Every living seat bids or passes; but once no diamond can be in any hand (every one
        is out of the game or discarded, for all to see), nobody is asked and the round
        closes at once."""
        self.bids = [None] * self.players
        self.answered = []
        if not self.diamonds_unseen():
            self.revealed = []
            return [SpecialRound(round=self.round, skipped=True), *self._close_round()]
        self.phase = Phase.BID
        return [SpecialRound(round=self.round)]

    def _answer(self, seat: int) -> list[RpgEvent]:
        self.answered.append(seat)
        events: list[RpgEvent] = [BidAnswered(seat=seat)]
        return events + (self._reveal() if not self.acting() else [])

    def _reveal(self) -> list[RpgEvent]:
        """Every living seat has answered: all bids face up at once; the single highest
        takes a bonus turn now; the bid diamonds go to the discard pile."""
        bids = [(seat, self.bids[seat]) for seat in sorted(self.answered)]
        winner = bonus_winner(bids)
        self.discard += [card for _, card in bids if card is not None]
        self.bids = [None] * self.players
        self.answered = []
        self.revealed = bids
        events: list[RpgEvent] = [BidsRevealed(bids=bids, winner=winner)]
        if winner is not None:
            return events + self._start_turn(winner, bonus=True)
        return events + self._close_round()

    def _close_round(self) -> list[RpgEvent]:
        """The Long Night's wound, if it has begun; then the deck and discard pile are
        shuffled together, each living player draws one, play turns round, and the last
        normal turn's player goes again."""
        self.phase = Phase.TURN
        wound = self._wound() if self.night_falls() else []
        if self.is_over:
            return wound
        return wound + self._new_round()

    def _wound(self) -> list[RpgEvent]:
        """Every living player discards their lowest heart; those left with none fall, the
        lower heart value before the wound first (a player who falls to it holds a single
        heart, and one deck has one heart of each rank, so two never tie). If nobody would be
        left standing, the one who held the most does not fall, and wins."""
        living = self.living()
        before = {seat: heart_value(self.hands[seat]) for seat in living}
        wounds: list[tuple[int, Card]] = []
        for seat in living:
            lowest = min(hearts(self.hands[seat]), key=power)
            self._take(seat, [lowest])
            self.discard.append(lowest)
            wounds.append((seat, lowest))
        events: list[RpgEvent] = [Wounded(round=self.round, wounds=wounds)]
        dying = sorted(
            (seat for seat in living if not hearts(self.hands[seat])), key=before.__getitem__
        )
        if len(dying) == len(living):
            dying.pop()  # the most heart value before the wound: the last one standing
        for seat in dying:
            events += self._kill(seat, "night", finish=False)
        if len(self.living()) == 1:
            events += self._finish(self.living(), by_hearts=False)
        return events

    def _new_round(self) -> list[RpgEvent]:
        self._shuffle_in()
        self.direction = -self.direction
        last = self.last_normal
        first = last if self.alive(last) else self.following(last)
        order = [first]
        while len(order) < len(self.living()):
            order.append(self.following(order[-1]))
        drawn = [(seat, self._draw(seat, 1)[0]) for seat in order]
        self.round += 1
        self.played = []
        closed = RoundClosed(
            round=self.round,
            direction=self.direction,
            first=first,
            drawn=drawn,
            night_begins=self.round == self.long_night and self.round <= MAX_ROUNDS,
        )
        if self.round > MAX_ROUNDS:
            return [closed, *self._finish_by_hearts()]
        return [closed, *self._start_turn(first)]

    def _finish_by_hearts(self) -> list[RpgEvent]:
        self.final_hearts = [
            heart_value(self.hands[seat]) if self.alive(seat) else 0 for seat in range(self.players)
        ]
        best = max(self.final_hearts[seat] for seat in self.living())
        winners = [seat for seat in self.living() if self.final_hearts[seat] == best]
        return self._finish(winners, by_hearts=True)

    def _finish(self, winners: list[int], by_hearts: bool) -> list[RpgEvent]:
        self.phase = Phase.OVER
        self.winners = winners
        self.bonus = False
        return [GameWon(winners=winners, by_hearts=by_hearts, hearts=self.final_hearts)]


def new_game(
    seed: int, players: int = 2, long_night: int = LONG_NIGHT
) -> tuple[RpgState, list[RpgEvent]]:
    """Deal seven each from the seed (again while a hand holds no heart), draw who starts by
    the seed, and begin the first turn; the Long Night from round `long_night` (0: off)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(f"the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    hands, deck, redeals = deal_hands(seed, players)
    first = seeded_rng(seed, "first").randrange(players)
    state, events = RpgState.scripted(hands, deck, first=first, seed=seed, long_night=long_night)
    dealt = Dealt(players=players, redeals=redeals, first=first, long_night=long_night)
    return state, [dealt, *events]
