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
        "ecb552716e3cef854d6ab7983fa27c2d2f0b41befdcb1877a47ebb44d46524dc",
    ),
    "scoundrel easy": (
        registered("scoundrel", "easy"),
        1,
        "1488ebc399dd305771cb1cf9517cb7e76bb2385d0f8d98efae1087c938d7ea8b",
    ),
    "scoundrel hard": (
        registered("scoundrel", "hard"),
        1,
        "6652a687b38e84b4a0f20bafbefe514e8f01fa2afcf1b1284b12974afed0e59b",
    ),
    "scoundrel gentle": (
        lambda seed: ScoundrelState.scripted(
            shuffled(SCOUNDREL_GENTLE, seed), Variant.CLASSIC, seed
        ),
        1,
        "c9ace24b914bd6e994ac7e0d7fe457dd06dc7a65bd1f4b1259ed39ec975b3db7",
    ),
    "dragons solo": (
        registered("dragons", "solo"),
        1,
        "f1ace0e4812de79cad6bd74b585bcd3a5f66a78db4cbe679ae7779c96e7414ee",
    ),
    "dragons duel": (
        registered("dragons", "duel"),
        2,
        "fcb5e1102282b108d129b3854abaca77d6806b385ebf89abf5f6bb6f89264d5f",
    ),
    "dragons gentle solo": (
        lambda seed: DragonsState.scripted(shuffled(DRAGONS_GENTLE, seed), seed=seed),
        1,
        "a21c17a9196f9279cb93c9199ea51889481413761d67619e2daa77fd104409e5",
    ),
    "dragons gentle duel": (
        lambda seed: DragonsState.scripted(
            shuffled(DRAGONS_GENTLE * 2, seed), players=2, first=seed % 2, seed=seed
        ),
        2,
        "2cc2beb3081d12981588f3fbae131f1b84b2d0913d9680a7ace5933746537441",
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
