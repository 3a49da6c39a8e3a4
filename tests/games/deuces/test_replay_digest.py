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

from bot.games.deuces import DeucesOptions, Mode, default_action, new_game, suggest
from bot.games.deuces.events import DeucesEvent

EVENTS = TypeAdapter(list[DeucesEvent])
SEEDS = range(30)
STEP_LIMIT = 5_000

ENCOUNTERS: dict[tuple[int, int], str] = {
    # (players, level) -> digest of 30 seeded encounters played by `suggest`
    (1, 1): "db4e017e6b316a9a7a20c09f0d01fcfcdaebff5dc00e6280f17efd947bc68cea",
    (2, 1): "367f6fe4738d542c5318ccb58c6a2584db9de932d9529dfb98a7472769b941df",
    (1, 3): "1cc6110f2baa5215a0ec85106e47a6403c2166514b181807adabe69c91c971d7",
    (3, 3): "0d408e8c71f5333e5292559b0cbfa4344e91ffe2f0b2f50ed48165284b1071cb",
    (2, 5): "9baf9fad06894aeb347b5eeb3963018287602f3205b104176ffda698fb5ac613",
    (4, 5): "e097220e2ce3ea25020e9ae8293fa2ff80bd64b057b8ed8d8ceb2659b4f078b6",
}
QUESTS: dict[tuple[int, Mode], str] = {
    # (players, mode) -> digest of 30 short seeded quests, every third move a timeout's
    (2, Mode.QUEST_BEGINNER): "d1b23a3b6a76dcab6014d96679fd7474f6c82fd4dc83371b058f7c8d811343d3",
    (3, Mode.QUEST_HARDCORE): "8df98ee8a914dc47812121975b299f35039ac9bcd908e432d34edea27f371f18",
}

MODES: dict[tuple[int, Mode], str] = {
    # (players, mode) -> digest of 30 whole tables of each other mode, every third move a
    # timeout's; recorded before the engine's second round of tuning (Quest for Loot's again
    # when wagers lost their caps: the same moves and events, other wagers listed)
    (2, Mode.LOOT): "7d686347d0a49ba7e48ee0bd132dc9f6f6244448fedde9cf45548c9ebd78b334",
    (3, Mode.LOOT): "f6645a579f1ed8c3a276a8b0da984306256340b027190fc01955b5aa80361bb3",
    (4, Mode.DUEL): "40158df2206c0fd43a5832d87bde48fe864a2f6b9a28fe37188e1336ae297089",
    (3, Mode.MASTERS): "1c81eaddae74db872fb0219533bfdfffa6e2b7e446ded9957ca333a7a0ad90f6",
    (4, Mode.MASTERS): "f55a1305635c333acad4dd05148f630afcc8e8922e90fcf609a4ce1ca17b241d",
    (1, Mode.QUEST): "1c80b5b76e82841a02dc83d98c465c77033c9ab409607013070a3f9c700ea24c",
    (3, Mode.QUEST): "cbc9156c183971b2a162ece6feca7cccdc8dd1fa3cc9b79645065579121ecc71",
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


@pytest.mark.parametrize(("players", "mode"), list(MODES))
def test_seeded_tables_of_every_other_mode_play_as_recorded(players: int, mode: Mode) -> None:
    found = play_digest(DeucesOptions(mode=mode), players, timeouts=True)
    assert found == MODES[(players, mode)]
