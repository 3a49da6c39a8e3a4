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
Each mode is an object (`modes/`): `state.mode` runs the table between moves with its own steps
(a Duel of the Duos has no GM; a Traditional Quest's map hands each fight to `flow.py`), and
answers whatever else its rules differ on. Each prompt's kind (`prompt_kinds`, and each mode's
own) lists, checks and plays the actions that answer it: `apply` dispatches on the prompt's type.
"""

from __future__ import annotations

import random
from typing import TypeVar

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
)
from bot.games.deuces.actions import (
    DeucesAction,
)
from bot.games.deuces.content import Ability, ClassDef, EnemySet, load_content
from bot.games.deuces.events import (
    DeucesEvent,
)
from bot.games.deuces.modes.quest import flow as quest
from bot.games.deuces.modes.quest.maps import Quest
from bot.games.deuces.modes.registry import mode_of
from bot.games.deuces.state import (
    DeucesOptions,
    DeucesTable,
    Offer,
    PlayerState,
    SeatChoice,
)

Dealt = TypeVar("Dealt")


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
        prompt = self.prompt
        if self.is_over or prompt is None or seat not in prompt.waiting:
            return []
        return self.mode.kind(prompt).legal(self, seat, prompt)

    def apply(self, seat: int, action: DeucesAction) -> list[DeucesEvent]:
        """Play one action, then every GM move up to the next prompt; illegal changes nothing."""
        if self.is_over:
            raise GameOver("the game is over")
        prompt = self.prompt  # `waiting_for`, read off the prompt: the game is not over
        if prompt is None or seat not in prompt.waiting:
            raise NotYourTurn("the game is not waiting for you")
        mode = self.mode
        play = mode.kind(prompt).take(self, seat, prompt, action)
        self.turn += 1
        return play() + mode.advance(self)

    def timeout_action(self, seat: int) -> DeucesAction | None:
        """A seat did not answer in time: what the rules do for it (see `autoplay`)."""
        if self.is_over or seat not in self.waiting_for:
            return None
        return autoplay.default_action(self, seat)

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
