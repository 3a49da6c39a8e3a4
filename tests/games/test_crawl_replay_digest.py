"""Seeded random games of Scoundrel and Diamonds & Dragons, pinned by a digest.

Each digest covers, move by move, the seat and action chosen, every legal action listed for that
seat (in order) with its preview, every event the move produced (its type and saved JSON), the
Dealer's lines for them, and the state as saved after the move; every seventh move the game goes
on from its saved JSON, as a bot restarted between clicks would. The digests were recorded before
the engines were tuned for speed: any change to what `legal_actions` lists, what a move does, what
the events or the narration say, or the stored shape of a state shows up as a different digest.

Random play seldom lives long on a full deck, so gentle decks (low monsters, many potions) are
played too: they reach the end of the deck, the last rooms and the wins.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence

import pytest

from bot.games.cards import Card, cards
from bot.games.contract import Event, Setup
from bot.games.crawl.actions import DungeonState
from bot.games.crawl.dealer import Dealer
from bot.games.dragons.engine import DragonsState
from bot.games.registry import GAMES
from bot.games.scoundrel.engine import ScoundrelState, Variant

SEEDS = range(120)
RELOAD_EVERY = 7
SCOUNDREL_GENTLE = cards("2♠ 3♠ 4♠ 5♠ 2♣ 3♣ 4♣ 6♣ 2♥ 3♥ 5♥ 7♥ 9♥ 10♥ 3♦ 5♦ 8♦ 10♦ 2♠ 7♣")
DRAGONS_GENTLE = cards("2♠ 3♠ 4♠ 2♣ 3♣ 4♣ 5♣ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ JK")

Deal = Callable[[int], tuple[DungeonState, Sequence[Event]]]


def registered(key: str, variant: str) -> Deal:
    game = GAMES[key]
    setup = Setup(variant=variant, seats=game.info.variant(variant).seats.min)

    def deal(seed: int) -> tuple[DungeonState, Sequence[Event]]:
        match, events = game.start(seed, setup)
        return match.state, events

    return deal


def shuffled(deck: list[Card], seed: int) -> list[Card]:
    order = list(deck)
    random.Random(f"gentle:{seed}").shuffle(order)
    return order


DEALS: dict[str, tuple[Deal, int, str]] = {
    # name -> (how a seed is dealt, seats, digest of the seeded random games of SEEDS)
    "scoundrel classic": (
        registered("scoundrel", "classic"),
        1,
        "a40b0119fd5dad893d864707130ca0a3b9783eaee3403ebe2be7773c6d3b7316",
    ),
    "scoundrel easy": (
        registered("scoundrel", "easy"),
        1,
        "f55089aa82b21746de1b554aad37d7092a86fc5d8baf9880bb322941040d7bab",
    ),
    "scoundrel hard": (
        registered("scoundrel", "hard"),
        1,
        "3ee0d53ce2dbc9eeba8da65393620dea6749b67e1cfd5354bbdbc26999797667",
    ),
    "scoundrel gentle": (
        lambda seed: ScoundrelState.scripted(
            shuffled(SCOUNDREL_GENTLE, seed), Variant.CLASSIC, seed
        ),
        1,
        "c7d354e0ea0032fb5258a02eba990cd3d75bdd497e0a87e5264461bcb0635512",
    ),
    "dragons solo": (
        registered("dragons", "solo"),
        1,
        "adc1970a22420be893908973d96360124e085f26f65e349ea289e1d4314b8c21",
    ),
    "dragons duel": (
        registered("dragons", "duel"),
        2,
        "cdfd82a9bb2f43992885932e5e7dc5200cfa5a0794926d0e0af8c04c2aa11254",
    ),
    "dragons gentle solo": (
        lambda seed: DragonsState.scripted(shuffled(DRAGONS_GENTLE, seed), seed=seed),
        1,
        "c6aef84ba6a94b10b95708b0456746cb19975dc532a5a70e79292f5b5be4d747",
    ),
    "dragons gentle duel": (
        lambda seed: DragonsState.scripted(
            shuffled(DRAGONS_GENTLE * 2, seed), players=2, first=seed % 2, seed=seed
        ),
        2,
        "21e539bb4479b4d0e964f9fd9a7cc0707e3aa3b7c78c59490d19e1ea0410e4fe",
    ),
}


def told(events: Sequence[Event], dealer: Dealer, turn: int) -> bytes:
    """The events as saved, with their types, and what the Dealer says of them."""
    parts = [f"{type(event).__name__}{event.model_dump_json()}" for event in events]
    return "|".join([*parts, *dealer.narrate(events, turn)]).encode()


def play_digest(deal: Deal, seats: int) -> str:
    digest = hashlib.sha256()
    for seed in SEEDS:
        chooser = random.Random(f"digest:{seed}")
        state, events = deal(seed)
        dealer = Dealer(seed, ["Ann", "Bo"][:seats])
        digest.update(told(events, dealer, state.turn))
        while not state.is_over:
            seat = state.acting()[0]
            legal = state.legal_actions(seat)
            listed = ",".join(f"{action}:{state.preview(action)}" for action in legal)
            action = chooser.choice(legal)
            digest.update(f"#{seat}:{action}|{listed}#".encode())
            digest.update(told(state.apply(seat, action), dealer, state.turn))
            saved = state.model_dump_json()
            digest.update(saved.encode())
            if state.turn % RELOAD_EVERY == 0:
                state = type(state).model_validate_json(saved)
        digest.update(repr(state.results()).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("name", list(DEALS))
def test_seeded_random_games_play_as_recorded(name: str) -> None:
    deal, seats, recorded = DEALS[name]
    assert play_digest(deal, seats) == recorded
