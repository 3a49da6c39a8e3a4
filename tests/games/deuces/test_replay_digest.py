"""Seeded games played by the hint policy, the timeout policy and the GM, pinned by a digest.

Each digest covers, move by move, the seat and action chosen, every legal action listed for that
seat (in order), and every event the move produced (as saved JSON), then the outcome and score.
The digests were recorded before the engine was tuned for speed: any change to what the policies
choose, what `legal_actions` lists, or what the events say shows up here as a different digest.
The engine's own deck shuffle is pinned to the standard library's, draw for draw.
"""

from __future__ import annotations

import hashlib

import pytest
from pydantic import TypeAdapter

from bot.games.contract import seeded_rng
from bot.games.deuces import DeucesOptions, Mode, default_action, new_game, piles, suggest
from bot.games.deuces.events import DeucesEvent

EVENTS = TypeAdapter(list[DeucesEvent])
SEEDS = range(30)
STEP_LIMIT = 5_000

ENCOUNTERS: dict[tuple[int, int], str] = {
    # (players, level) -> digest of 30 seeded encounters played by `suggest`
    (1, 1): "4f4d374a2abc35c38f97c5ba70d642eb6c5c24433d3595b9243d36f6eec57139",
    (2, 1): "bd896959aed7959363384fe75a687506fa5b55e442aad691905aec6b1a662b22",
    (1, 3): "b400d302df32e6f5c033c66fd5d3f44c7ec01d4e0a55f1c1dc848bc38cc3de37",
    (3, 3): "6cf1b7b4ccf52a8c0b7e586b9c2b743ed869b04c7748b28182d9009fba7115f3",
    (2, 5): "ee93d925534f84c238c7a6277d62c3546f6b716ca690a72cc86eeb1af005d1c1",
    (4, 5): "fc6a5722325b7c6563f65ad1b58a7c787b3ce1dfc9922f87c2ede0c15b4d7eec",
}
QUESTS: dict[tuple[int, Mode], str] = {
    # (players, mode) -> digest of 30 short seeded quests, every third move a timeout's
    (2, Mode.QUEST_BEGINNER): "f817e6cad7056fb72b657d5977eb572494ae69c9ad5fd2600158433ca4128a7f",
    (3, Mode.QUEST_HARDCORE): "4e5b60b03f19882e38481abc531ed429b12d633ac4df58a780d1533da8f819e9",
}


def play_digest(options: DeucesOptions, players: int, timeouts: bool) -> str:
    """The digest of SEEDS games with these options, every seat played by the policies."""
    digest = hashlib.sha256()
    for seed in SEEDS:
        state, events = new_game(seed, options, players)
        digest.update(EVENTS.dump_json(events))
        for step in range(STEP_LIMIT):
            if state.is_over:
                break
            seat = state.waiting_for[-1 if timeouts else 0]
            listed = ",".join(str(action) for action in state.legal_actions(seat))
            use_timeout = timeouts and step % 3 == 0
            move = default_action(state, seat) if use_timeout else suggest(state, seat)
            digest.update(f"|{seat}:{move}|{listed}|".encode())
            digest.update(EVENTS.dump_json(state.apply(seat, move)))
        assert state.is_over, f"seed {seed} did not end"
        digest.update(f"#{state.outcome}:{state.score}:{state.turn}#".encode())
    return digest.hexdigest()


@pytest.mark.parametrize(("players", "level"), list(ENCOUNTERS))
def test_seeded_encounters_play_as_recorded(players: int, level: int) -> None:
    found = play_digest(DeucesOptions(level=level), players, timeouts=False)
    assert found == ENCOUNTERS[(players, level)]


@pytest.mark.parametrize(("players", "mode"), list(QUESTS))
def test_seeded_quests_with_timeouts_play_as_recorded(players: int, mode: Mode) -> None:
    options = DeucesOptions(level=3, mode=mode, level_every_encounter=True, max_encounters=4)
    found = play_digest(options, players, timeouts=True)
    assert found == QUESTS[(players, mode)]


@pytest.mark.parametrize("length", [0, 1, 2, 12, 52, 104])
def test_the_deck_shuffle_deals_what_the_standard_shuffle_deals(length: int) -> None:
    for seed in range(40):
        expected, found = list(range(length)), list(range(length))
        seeded_rng(seed, "deck").shuffle(expected)
        piles.shuffle(seeded_rng(seed, "deck"), found)
        assert found == expected
