"""Dungeons & Deuces: the bot is the GM of a party's encounters, as ruled in the rules page.

A game is a `DeucesState`: players act through `legal_actions` / `apply`, and whenever it is the
GM's move the engine plays it at once with the policy in `gm.py`, so every `apply` returns the
players' move and all the GM did after it, up to the next prompt for a player. `waiting_for` says
which seats the game waits on and `prompt` what it waits for (a vote, a turn, a defence, the loot
step). A seat that lets a prompt time out gets `time_out(seat)`, which applies
`autoplay.default_action`. This module checks and applies the players' moves; `flow.py` runs the
table between them.

The flow of an encounter: hands are drawn and every player without a discard pile flips a Threat
Card; the GM draws enemies until the difficulty is within 3 of the target, and while it is not
above the target the players vote Hit (one more enemy) or Stay; the comparison decides who goes
first and whether there is treasure; the enemies' hands are dealt; then the sides take turns until
one side has no cards, or the GM folds. Loot is counted from the deuces in hand, and the party
levels when a deck ran out. In a quest the next encounter follows until level 6 (won) or the end.
A Duel of the Duos has no GM: `duel.py` runs its table between moves instead of `flow.py`.
A Traditional Quest's table (its map, rooms and secrets) runs in `quest.py`, which hands each
encounter's fight to `flow.py`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from typing import ClassVar, TypeVar

from bot.games.cards import Card, standard_deck
from bot.games.contract import (
    GameOver,
    IllegalAction,
    NotYourTurn,
    SeatResult,
    seeded_rng,
    shuffle,
)
from bot.games.crawl.plain import built
from bot.games.deuces import (
    autoplay,
    combat,
    flow,
    piles,
    turns,
)
from bot.games.deuces.actions import (
    Attack,
    Bid,
    Call,
    Defend,
    DeucesAction,
    DropLoot,
    EndTurn,
    GiveLoot,
    Guard,
    LootDone,
    Onward,
    PetAttack,
    Raise,
    Shed,
    TradeUp,
    UseAbility,
    UseItem,
    Vote,
)
from bot.games.deuces.content import Ability, ClassDef, EnemySet, load_content
from bot.games.deuces.effects import Moment, cast, targets, usable
from bot.games.deuces.events import (
    DeucesEvent,
    Guarded,
    LootDropped,
    LootGiven,
    LootTraded,
    TurnPassed,
    VoteCast,
    VoteTaken,
)
from bot.games.deuces.modes.duel import flow as duel
from bot.games.deuces.modes.loot import wagers
from bot.games.deuces.modes.masters import flow as masters
from bot.games.deuces.modes.quest import flow as quest
from bot.games.deuces.modes.quest import moves as quest_moves
from bot.games.deuces.modes.quest.maps import Quest
from bot.games.deuces.modes.registry import mode_of
from bot.games.deuces.poker import capacity, plays, read
from bot.games.deuces.state import (
    LOOT_LIMIT,
    TIERS,
    DeucesOptions,
    DeucesTable,
    EnemyTurnPrompt,
    Loot,
    LootPrompt,
    Offer,
    OpenTurnPrompt,
    Phase,
    PlayerState,
    Ref,
    SeatChoice,
    ShedPrompt,
    Side,
    Tier,
    TurnPrompt,
    VotePrompt,
    pet,
    player,
)

Dealt = TypeVar("Dealt")
TURN_ACTIONS = {"attack", "pet", "ability", "guard", "end", "item"}
PROMPT_ACTIONS: dict[str, set[str]] = {
    "vote": {"vote"},
    "turn": TURN_ACTIONS,
    "open": TURN_ACTIONS,
    "shed": {"shed"},
    "defend": {"defend", "ability"},
    "loot": {"trade", "give", "drop", "done"},
    "wager": {"bid"},
    "call": {"call"},
    "raise": {"raise"},
    "onward": {"onward"},
    "draft": {"keep"},
    "initiative": {"initiative"},
    "extra": {"extra"},
    "enemies": {"strike", "spell", "end", "auto"},
    "route": {"go", "buy"},
}
SHED_LISTED = 3
"""Above this many cards to shed, the listed sheds are the default one and single swaps of it
(any choice of cards is still accepted when typed or picked)."""


def gm_decks(players: int) -> int:
    """Four or more players need the GM to hold two decks."""
    return 2 if players >= 4 else 1


class DeucesState(DeucesTable):
    """A whole game between two actions, with its rules."""

    @classmethod
    def scripted(
        cls,
        decks: list[list[Card]],
        enemy_deck: list[str],
        gm_deck: list[Card],
        enemy_set: EnemySet | None = None,
        classes: list[ClassDef] | None = None,
        customs: list[Ability | None] | None = None,
        loot_deck: list[Card] | None = None,
        options: DeucesOptions | None = None,
        seed: int = 0,
        offers: list[Offer] | None = None,
        quest_def: Quest | None = None,
    ) -> tuple[DeucesState, list[DeucesEvent]]:
        """A game over explicit card orders (tops first): for scripted tests and replays. A
        duel's heroes are chosen from `offers` (by default drawn from the seed) once it starts."""
        content = load_content()
        options = options or DeucesOptions()
        mode = mode_of(options.mode)
        count = len(decks)
        mode.check_seats(count)
        offers = offers or mode.offers(seed, content, count)
        drafted = mode.drafted(offers, count)
        chosen = (
            drafted
            or classes
            or [content.classes[seat % len(content.classes)] for seat in range(count)]
        )
        picked: list[Ability | None] = list(customs) if customs else [None] * count
        players = [
            built(PlayerState, seat=seat, klass=chosen[seat], custom=picked[seat], deck=list(deck))
            for seat, deck in enumerate(decks)
        ]
        state = built(
            cls,
            seed=seed,
            options=options,
            level=options.level,
            enemy_set=enemy_set or content.sets[0],
            players=players,
            enemy_deck=list(enemy_deck),
            gm_deck=list(gm_deck),
            loot_deck=list(loot_deck if loot_deck is not None else standard_deck()),
            offers=offers,
            wins=mode.side_wins(),
            phase=mode.first_phase(options),
            quest=quest.begin(quest_def, count) if quest_def else None,
        )
        return state, state._advance()

    # ---- what the table waits for --------------------------------------------------------------

    def acting(self) -> list[int]:
        return self.waiting_for

    def results(self) -> list[SeatResult]:
        """Each seat's result once the game is over, as its mode scores it."""
        return self.mode.results(self)

    def forfeits(self, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        """Those who gave up take the outcome; what the others get is their mode's rule."""
        return self.mode.forfeits(self, forfeiters, outcome)

    def legal_actions(self, seat: int) -> list[DeucesAction]:
        """Every legal action for a seat now (empty when the game does not wait on it)."""
        if self.is_over or seat not in self.waiting_for or self.prompt is None:
            return []
        return self._LISTS[self.prompt.kind](self, seat)

    def _list_vote(self, seat: int) -> list[DeucesAction]:
        return [Vote(hit=True), Vote(hit=False)]

    def _list_turn(self, seat: int) -> list[DeucesAction]:
        prompt = self.turn_of(seat)
        assert prompt is not None
        if self.players[seat].defeated:  # fallen, with a pet still fighting
            return [*self._list_pets(seat, prompt), EndTurn()]
        hand = self.players[seat].hand
        actions: list[DeucesAction] = []
        if prompt.attacks:
            actions += [
                Attack(target=foe, cards=cards) for foe, cards in self._attacks_of(player(seat))
            ]
        actions += self._list_pets(seat, prompt)
        actions += self._list_abilities(seat, "turn")
        actions += quest_moves.item_actions(self, seat, prompt)
        if prompt.fresh:
            actions += [Guard(card=card) for card in dict.fromkeys(hand)]
        return [*actions, EndTurn()]

    def _list_pets(self, seat: int, prompt: TurnPrompt) -> list[DeucesAction]:
        """Each of the player's pets that has not attacked this turn may attack once."""
        return [
            PetAttack(pet=index, target=foe, cards=cards)
            for index in self.pets_of(seat)
            if index not in prompt.pets_done
            for foe, cards in self._attacks_of(pet(index))
        ]

    def _foes(self, attacker: Ref) -> list[int]:
        """Whom a fighter may attack, as the mode says."""
        return self.mode.foes(self, attacker)

    def _attacks_of(self, attacker: Ref) -> list[tuple[int, tuple[Card, ...]]]:
        """(foe, cards) of every attack a fighter of the party can make now."""
        sets = {play.cards for play in plays(piles.hand_faces(self, attacker))}
        foes = self._foes(attacker)
        return [
            (foe, cards)
            for cards in sorted(sets, key=lambda c: [card.code for card in c])
            for foe in foes
        ]

    def _list_defend(self, seat: int) -> list[DeucesAction]:
        assert self.clash is not None
        defender = self.clash.defender
        disrupts = self._list_abilities(seat, "defend") if defender.side == Side.PLAYERS else []
        if not combat.can_answer(self):  # too few cards: yield, unless a Disrupt saves them
            return [Defend(cards=()), *disrupts]
        size = self.clash.size
        hand = piles.hand_faces(self, defender)
        answers = {
            tuple(sorted(f.card for f in group))
            for count in range(1, size + 1)
            for group in combinations(hand, count)
            if count <= size <= capacity(group)
        }
        actions: list[DeucesAction] = [Defend(cards=cards) for cards in sorted(answers)]
        return actions + disrupts

    def _list_abilities(self, seat: int, moment: Moment) -> list[DeucesAction]:
        me = player(seat)
        prompt = self.turn_of(seat)
        attacks = prompt.attacks if isinstance(prompt, TurnPrompt) else 0
        used = prompt.ability_used if isinstance(prompt, TurnPrompt) else False
        hand = self.players[seat].hand
        actions: list[DeucesAction] = []
        for ability in self.abilities(me):
            if not usable(self, me, ability, moment, attacks, used):
                continue
            picks = {tuple(sorted(group)) for group in combinations(hand, ability.cards_needed)}
            actions += [
                UseAbility(ability=ability.id, target=aim, cards=cards)
                for aim in targets(self, me, ability)
                for cards in sorted(picks)
            ]
        return actions

    def _list_loot(self, seat: int) -> list[DeucesAction]:
        loot = self.players[seat].loot
        actions: list[DeucesAction] = [
            TradeUp(keep=a.card, give=b.card)
            for a in loot
            for b in loot
            if a.card != b.card and a.tier == b.tier and a.tier != Tier.EPIC
        ]
        actions += [
            GiveLoot(card=item.card, to=other) for item in loot for other in self._has_room(seat)
        ]
        if len(loot) > LOOT_LIMIT:
            return actions + [DropLoot(card=item.card) for item in loot]
        return [*actions, LootDone()]

    def _has_room(self, seat: int) -> list[int]:
        """The other players who can take one more loot card (none in Masters & Monsters,
        where each plays for themselves)."""
        if not self.mode.shares_loot:
            return []
        return [who.seat for who in self.players if who.seat != seat and len(who.loot) < LOOT_LIMIT]

    def _list_shed(self, seat: int) -> list[DeucesAction]:
        """Every way to shed, or (for long sheds, whose choices run into thousands) the
        default and each single swap of it."""
        prompt = self.prompt
        assert isinstance(prompt, ShedPrompt)
        hand = self.players[seat].hand
        if prompt.count <= SHED_LISTED:
            groups = {tuple(sorted(g)) for g in combinations(hand, prompt.count)}
        else:
            base = piles.default_shed(self, seat)
            rest = list(hand)
            for card in base:
                rest.remove(card)
            groups = {tuple(sorted(base))} | {
                tuple(sorted([*base[:i], *base[i + 1 :], other]))
                for i in range(len(base))
                for other in rest
            }
        return [Shed(cards=cards) for cards in sorted(groups)]

    def _list_wager(self, seat: int) -> list[DeucesAction]:
        return wagers.legal(self, seat)

    _LISTS: ClassVar[dict[str, Callable[[DeucesState, int], list[DeucesAction]]]] = {
        "vote": _list_vote,
        "turn": _list_turn,
        "open": _list_turn,
        "shed": _list_shed,
        "defend": _list_defend,
        "loot": _list_loot,
        "wager": _list_wager,
        "call": _list_wager,
        "raise": _list_wager,
        "onward": _list_wager,
        "draft": duel.legal,
        "initiative": duel.legal,
        "extra": duel.legal,
        "enemies": masters.legal,
        "route": quest_moves.legal,
    }

    # ---- applying an action --------------------------------------------------------------------

    def apply(self, seat: int, action: DeucesAction) -> list[DeucesEvent]:
        """Play one action, then every GM move up to the next prompt; illegal changes nothing."""
        if self.is_over:
            raise GameOver("the game is over")
        prompt = self.prompt  # `waiting_for`, read off the prompt: the game is not over
        if prompt is None or seat not in prompt.waiting:
            raise NotYourTurn("the game is not waiting for you")
        if action.kind not in PROMPT_ACTIONS[prompt.kind]:
            raise IllegalAction(
                f"you cannot {action.kind} now: the table waits for a {prompt.kind}"
            )
        self._CHECKS[action.kind](self, seat, action)
        self.turn += 1
        events = flow.begin_turn(self, seat) if isinstance(prompt, OpenTurnPrompt) else []
        events += self._DOES[action.kind](self, seat, action)
        return events + self._advance()

    def timeout_action(self, seat: int) -> DeucesAction | None:
        """A seat did not answer in time: what the rules do for it (see `autoplay`)."""
        if self.is_over or seat not in self.waiting_for:
            return None
        return autoplay.default_action(self, seat)

    # checks: raise IllegalAction, never change anything

    def _check_vote(self, seat: int, action: Vote) -> None:
        assert isinstance(self.prompt, VotePrompt)
        if seat not in self.prompt.waiting:
            raise IllegalAction("you have already voted")

    def _check_attack(self, seat: int, action: Attack) -> None:
        prompt = self.turn_of(seat)
        assert prompt is not None
        self._check_standing(seat)
        if prompt.attacks <= 0:
            raise IllegalAction("you have no attack left this turn")
        self._check_play(seat, player(seat), action.target, action.cards)

    def _check_pet(self, seat: int, action: PetAttack) -> None:
        prompt = self.turn_of(seat)
        assert prompt is not None
        if action.pet not in self.pets_of(seat):
            raise IllegalAction("you have no pet there")
        if action.pet in prompt.pets_done:
            raise IllegalAction("your pet has attacked this turn")
        self._check_play(seat, pet(action.pet), action.target, action.cards)

    def _check_play(self, seat: int, attacker: Ref, target: int, cards: tuple[Card, ...]) -> None:
        """An attack on a standing enemy with cards the attacker holds that make a play."""
        if target not in self._foes(attacker):
            raise IllegalAction("no foe you may attack stands at that place")
        self._check_held(seat, cards, attacker)
        if read(piles.faces_of(self, attacker, cards)) is None:
            raise IllegalAction("those cards make no single, set or five-card hand")

    def _check_standing(self, seat: int) -> None:
        if self.players[seat].defeated:
            raise IllegalAction("you are out of this fight: only your pet may act")

    def _check_defend(self, seat: int, action: Defend) -> None:
        assert self.clash is not None
        defender = self.clash.defender
        if not combat.can_answer(self):
            if action.cards:
                raise IllegalAction("too few cards to answer: yield, or use a Disrupt")
            return
        self._check_held(seat, action.cards, defender)
        counted = piles.faces_of(self, defender, action.cards)
        if not len(counted) <= self.clash.size <= capacity(counted):
            raise IllegalAction(f"answer with exactly {self.clash.size} cards")

    def _check_ability(self, seat: int, action: UseAbility) -> None:
        me = player(seat)
        ability = self.ability(me, action.ability)
        if ability is None:
            raise IllegalAction(f"you have no ability {action.ability!r} at level {self.level}")
        prompt = self.turn_of(seat)
        turn = prompt is not None
        attacks = prompt.attacks if prompt is not None else 0
        used = prompt.ability_used if prompt is not None else False
        moment: Moment = "turn" if turn else "defend"
        self._check_standing(seat)
        if not turn and self.clash is not None and self.clash.defender != me:
            raise IllegalAction("a Disrupt answers an attack on you, not on your pet")
        if not usable(self, me, ability, moment, attacks, used):
            raise IllegalAction(f"{ability.name} cannot be used now")
        if action.target not in targets(self, me, ability):
            raise IllegalAction(f"{ability.name} cannot aim there")
        if len(action.cards) != ability.cards_needed:
            raise IllegalAction(f"{ability.name} needs {ability.cards_needed} cards chosen")
        if action.cards:
            self._check_held(seat, action.cards)

    def _check_guard(self, seat: int, action: Guard) -> None:
        prompt = self.turn_of(seat)
        assert prompt is not None
        self._check_standing(seat)
        if not prompt.fresh:
            raise IllegalAction("Guard is instead of attacking or using an ability")
        self._check_held(seat, (action.card,))

    def _check_end(self, seat: int, action: EndTurn) -> None:
        return None

    def _check_trade(self, seat: int, action: TradeUp) -> None:
        loot = self.players[seat]
        keep, give = loot.loot_tier(action.keep), loot.loot_tier(action.give)
        if action.keep == action.give or keep is None or keep != give:
            raise IllegalAction("trade up two loot cards of the same tier")
        if keep == Tier.EPIC:
            raise IllegalAction("Epic is the highest tier")

    def _check_shed(self, seat: int, action: Shed) -> None:
        prompt = self.prompt
        assert isinstance(prompt, ShedPrompt)
        if len(action.cards) != prompt.count:
            raise IllegalAction(f"shed exactly {prompt.count} cards, down to ten")
        self._check_held(seat, action.cards)

    def _check_give(self, seat: int, action: GiveLoot) -> None:
        if self.players[seat].loot_tier(action.card) is None:
            raise IllegalAction("that card is not your loot")
        if action.to == seat or not 0 <= action.to < len(self.players):
            raise IllegalAction("give loot to another player of the party")
        if action.to not in self._has_room(seat):
            raise IllegalAction(f"they already hold {LOOT_LIMIT} loot cards")

    def _check_drop(self, seat: int, action: DropLoot) -> None:
        loot = self.players[seat]
        if len(loot.loot) <= LOOT_LIMIT:
            raise IllegalAction("loot is only given up above the limit of five")
        if loot.loot_tier(action.card) is None:
            raise IllegalAction("that card is not your loot")

    def _check_done(self, seat: int, action: LootDone) -> None:
        if len(self.players[seat].loot) > LOOT_LIMIT:
            raise IllegalAction("trade up or give up loot: you hold more than five")

    def _check_bid(self, seat: int, action: Bid) -> None:
        wagers.check_bid(self, seat, action)

    def _check_raise(self, seat: int, action: Raise) -> None:
        wagers.check_raise(self, seat, action)

    def _check_choice(self, seat: int, action: Call | Onward) -> None:
        return None  # either answer is always open to the seat asked

    def _check_held(self, seat: int, cards: tuple[Card, ...], holder: Ref | None = None) -> None:
        """The cards are in the hand of the seat, or of the fighter it answers for."""
        if not cards:
            raise IllegalAction("choose some cards")
        hand = self.fighter(holder).hand if holder is not None else self.players[seat].hand
        left = [card.text for card in hand]  # a card's text names it: cheap to compare
        for card in cards:
            if card.text not in left:
                raise IllegalAction("those cards are not in that hand")
            left.remove(card.text)

    _CHECKS: ClassVar[dict[str, Callable[..., None]]] = {
        "vote": _check_vote,
        "attack": _check_attack,
        "pet": _check_pet,
        "defend": _check_defend,
        "ability": _check_ability,
        "guard": _check_guard,
        "end": _check_end,
        "shed": _check_shed,
        "trade": _check_trade,
        "give": _check_give,
        "drop": _check_drop,
        "done": _check_done,
        "bid": _check_bid,
        "call": _check_choice,
        "raise": _check_raise,
        "onward": _check_choice,
        "keep": duel.check,
        "initiative": duel.check,
        "extra": duel.check,
        "strike": masters.check,
        "spell": masters.check,
        "auto": masters.check,
        "go": quest_moves.check,
        "buy": quest_moves.check,
        "item": quest_moves.check_item,
    }

    # does: the action was checked; change the state and say what happened

    def _do_vote(self, seat: int, action: Vote) -> list[DeucesEvent]:
        prompt = self.prompt
        assert isinstance(prompt, VotePrompt)
        (prompt.hits if action.hit else prompt.stays).append(seat)
        events: list[DeucesEvent] = [built(VoteCast, seat=seat, hit=action.hit)]
        if prompt.waiting:
            return events
        hit = len(prompt.hits) > len(prompt.stays)
        events.append(built(VoteTaken, hit=hit, hits=len(prompt.hits), stays=len(prompt.stays)))
        self.prompt = None
        self.phase = Phase.START
        if hit:
            events += flow.draw_enemy(self)
            flow.open_vote(self)
        return events

    def _do_attack(self, seat: int, action: Attack) -> list[DeucesEvent]:
        prompt = self.prompt
        assert isinstance(prompt, TurnPrompt)
        prompt.attacks -= 1
        return self._strike(seat, player(seat), action.target, action.cards)

    def _do_pet(self, seat: int, action: PetAttack) -> list[DeucesEvent]:
        prompt = self.prompt
        assert isinstance(prompt, TurnPrompt)
        prompt.pets_done.append(action.pet)
        return self._strike(seat, pet(action.pet), action.target, action.cards)

    def _strike(
        self, seat: int, attacker: Ref, target: int, cards: tuple[Card, ...]
    ) -> list[DeucesEvent]:
        """An attack of the seat's turn (its own or its pet's): declared, answered, and the
        turn ends if nothing is left to do in it."""
        prompt = self.prompt
        assert isinstance(prompt, TurnPrompt)
        prompt.fresh = False
        return self.mode.strike(self, seat, attacker, target, cards)

    def _do_ability(self, seat: int, action: UseAbility) -> list[DeucesEvent]:
        me = player(seat)
        ability = self.ability(me, action.ability)
        assert ability is not None
        prompt = self.prompt
        if isinstance(prompt, TurnPrompt):
            prompt.fresh = False
            if ability.timing == "instead_of_attack":
                prompt.attacks -= 1
            else:
                prompt.ability_used = True
        events = cast(self, me, ability, action.target, list(action.cards))
        if isinstance(prompt, TurnPrompt):
            return events + combat.mark_defeats(self) + turns.after_turn_move(self, seat)
        return events + turns.after_disrupt(self)

    def _do_item(self, seat: int, action: UseItem) -> list[DeucesEvent]:
        return quest_moves.use_item(self, seat, action) + turns.after_turn_move(self, seat)

    def _do_guard(self, seat: int, action: Guard) -> list[DeucesEvent]:
        me = player(seat)
        self.prompt = None
        events: list[DeucesEvent] = [built(Guarded, who=me, card=action.card)]
        return events + piles.discard(self, me, [action.card], "guard") + piles.draw(self, me, 1)

    def _do_end(self, seat: int, action: EndTurn) -> list[DeucesEvent]:
        prompt = self.prompt
        if isinstance(prompt, EnemyTurnPrompt):
            return masters.end_enemies(self)
        assert isinstance(prompt, TurnPrompt)
        self.prompt = None
        return [built(TurnPassed, who=player(seat))] if prompt.fresh else []

    def _do_defend(self, seat: int, action: Defend) -> list[DeucesEvent]:
        self.prompt = None
        if not action.cards:  # a yield: too few cards to answer
            return combat.overwhelm(self) + turns.resume_attacker(self)
        return combat.answer(self, list(action.cards)) + turns.resume_attacker(self)

    def _do_trade(self, seat: int, action: TradeUp) -> list[DeucesEvent]:
        holder = self.players[seat]
        tier = holder.loot_tier(action.keep)
        assert tier is not None
        better = TIERS[TIERS.index(tier) + 1]
        holder.loot = [
            built(Loot, card=item.card, tier=better) if item.card == action.keep else item
            for item in holder.loot
            if item.card != action.give
        ]
        self.loot_deck.append(action.give)
        return [built(LootTraded, seat=seat, keep=action.keep, give=action.give, tier=better)]

    def _do_shed(self, seat: int, action: Shed) -> list[DeucesEvent]:
        """The hand is down to the limit: the interrupted prompt comes back."""
        self.prompt, self.held = self.held, None
        return piles.discard(self, player(seat), list(action.cards), "hand_limit")

    def _do_give(self, seat: int, action: GiveLoot) -> list[DeucesEvent]:
        giver, taker = self.players[seat], self.players[action.to]
        item = next(item for item in giver.loot if item.card == action.card)
        giver.loot.remove(item)
        taker.loot.append(item)
        return [built(LootGiven, seat=seat, to=action.to, card=item.card, tier=item.tier)]

    def _do_drop(self, seat: int, action: DropLoot) -> list[DeucesEvent]:
        holder = self.players[seat]
        holder.loot = [item for item in holder.loot if item.card != action.card]
        self.loot_deck.append(action.card)
        return [built(LootDropped, seat=seat, card=action.card)]

    def _do_done(self, seat: int, action: LootDone) -> list[DeucesEvent]:
        prompt = self.prompt
        assert isinstance(prompt, LootPrompt)
        prompt.seats.remove(seat)
        if not prompt.seats:
            self.prompt = None
            self.phase = flow.between_encounters(self)
        return []

    _DOES: ClassVar[dict[str, Callable[..., list[DeucesEvent]]]] = {
        "vote": _do_vote,
        "attack": _do_attack,
        "pet": _do_pet,
        "defend": _do_defend,
        "ability": _do_ability,
        "guard": _do_guard,
        "end": _do_end,
        "shed": _do_shed,
        "trade": _do_trade,
        "give": _do_give,
        "drop": _do_drop,
        "done": _do_done,
        "bid": wagers.bid,
        "call": wagers.call,
        "raise": wagers.raise_bet,
        "onward": wagers.onward,
        **duel.DOES,
        **masters.DOES,
        "go": quest_moves.go,
        "buy": quest_moves.buy,
        "item": _do_item,
    }

    def _advance(self) -> list[DeucesEvent]:
        return self.mode.advance(self)


# ---- building games -----------------------------------------------------------------------------


def new_game(
    seed: int, options: DeucesOptions | None = None, players: int = 1
) -> tuple[DeucesState, list[DeucesEvent]]:
    """Shuffle every deck from the seed, seat the players, and open the mode's first step."""
    options = options or DeucesOptions()
    mode = mode_of(options.mode)
    return mode.deal(seed, mode.prepare(options, players), players)


def player_decks(seed: int, players: int) -> list[list[Card]]:
    """Each seat's own deck, shuffled from the seed."""
    return [shuffled(standard_deck(), seed, f"deck:{seat}") for seat in range(players)]


def deal_party(
    seed: int, options: DeucesOptions, players: int, quest_def: Quest | None = None
) -> tuple[DeucesState, list[DeucesEvent]]:
    """A party against the GM: classes, enemies, the GM's and the loot deck from the seed."""
    content = load_content()
    rng = seeded_rng(seed, "setup")
    if quest_def is not None and options.enemy_set is None:
        options = options.model_copy(update={"enemy_set": quest_def.enemy_set})
    party = options.party or _draw_party(rng, players)
    if len(party) != players:
        raise IllegalAction("choose one class per player")
    try:
        enemy_set = (
            content.enemy_set(options.enemy_set) if options.enemy_set else rng.choice(content.sets)
        )
        classes = [content.klass(choice.class_id) for choice in party]
        customs = [content.custom(c.custom_id) if c.custom_id else None for c in party]
    except KeyError as error:
        raise IllegalAction(str(error.args[0])) from error
    decks = player_decks(seed, players)
    gm_deck = shuffled(standard_deck() * gm_decks(players), seed, "gm")
    enemy_deck = shuffled([foe.id for foe in enemy_set.enemies] * 2, seed, "enemies")
    return DeucesState.scripted(
        decks,
        enemy_deck,
        gm_deck,
        enemy_set=enemy_set,
        classes=classes,
        customs=customs,
        loot_deck=shuffled(standard_deck(), seed, "loot"),
        options=options,
        seed=seed,
        quest_def=quest_def,
    )


def deal_heroes(
    seed: int, options: DeucesOptions, players: int
) -> tuple[DeucesState, list[DeucesEvent]]:
    """Heroes only: a deck per hero, and no GM, enemies or loot."""
    decks = player_decks(seed, players)
    return DeucesState.scripted(decks, [], [], loot_deck=[], options=options, seed=seed)


def shuffled(cards: list[Dealt], seed: int, purpose: str) -> list[Dealt]:
    """A new pile shuffled from the seed for its purpose (each pile has its own)."""
    shuffle(cards, seeded_rng(seed, purpose))
    return cards


def _draw_party(rng: random.Random, players: int) -> list[SeatChoice]:
    content = load_content()
    classes = rng.sample(content.classes, min(players, len(content.classes)))
    while len(classes) < players:
        classes.append(rng.choice(content.classes))
    return [
        SeatChoice(class_id=klass.id, custom_id=rng.choice(content.customs).id) for klass in classes
    ]
