"""The table and its events assign and build themselves the cheaper, unvalidated way (see
`bot.games.crawl.plain`): what they hold must be what pydantic would have made of it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from pydantic import BaseModel, TypeAdapter

from bot.games.deuces import (
    DeucesOptions,
    DeucesState,
    Mode,
    new_game,
)
from bot.games.deuces.events import DeucesEvent

TABLES = [
    (DeucesOptions(level=1), 1),
    (DeucesOptions(level=3), 3),
    (DeucesOptions(level=5), 4),
    (DeucesOptions(mode=Mode.LOOT, max_encounters=3), 2),
    (DeucesOptions(mode=Mode.QUEST_BEGINNER, level_every_encounter=True, max_encounters=3), 2),
    (DeucesOptions(mode=Mode.MASTERS, max_encounters=3), 3),
    (DeucesOptions(mode=Mode.DUEL), 4),
    (DeucesOptions(mode=Mode.QUEST, max_encounters=3), 2),
]
STEP_LIMIT = 400
Moves = Iterator[tuple[DeucesState, list[DeucesEvent]]]


def played(options: DeucesOptions, players: int, seed: int) -> Moves:
    """A game of random legal moves: the state and the events after each move."""
    chooser = random.Random(seed)
    state, events = new_game(seed, options, players)
    yield state, events
    for _ in range(STEP_LIMIT):
        if state.is_over:
            return
        seat = chooser.choice(state.waiting_for)
        yield state, state.apply(seat, chooser.choice(state.legal_actions(seat)))


def parts(state: DeucesState) -> Iterator[BaseModel]:
    """The table and every model in it that the engine assigns to or builds."""
    yield state
    yield from (*state.players, *state.enemies, *state.pets)
    yield from (item for who in state.players for item in who.loot)
    for part in (state.prompt, state.held, state.paused, state.clash):
        if part is not None:
            yield part


@pytest.mark.parametrize(("options", "players"), TABLES)
def test_events_built_unvalidated_are_what_validation_would_build(
    options: DeucesOptions, players: int
) -> None:
    for seed in range(6):
        for _, events in played(options, players, seed):
            for event in events:
                assert set(vars(event)) == set(type(event).model_fields)
                assert type(event).model_validate_json(event.model_dump_json()) == event


@pytest.mark.parametrize(("options", "players"), TABLES)
def test_the_table_holds_its_fields_and_nothing_else(options: DeucesOptions, players: int) -> None:
    """An assignment to a misspelt field would be stored beside the fields, and never saved;
    a saved table loads as it was."""
    for seed in range(4):
        for state, _ in played(options, players, seed):
            for part in parts(state):
                assert set(vars(part)) == set(type(part).model_fields), type(part).__name__
            assert DeucesState.model_validate_json(state.model_dump_json()) == state


def test_events_of_every_kind_load_as_saved() -> None:
    """The union of events still validates what is saved."""
    adapter = TypeAdapter(list[DeucesEvent])
    for options, players in TABLES:
        _, events = new_game(1, options, players)
        assert adapter.validate_json(adapter.dump_json(events)) == events
