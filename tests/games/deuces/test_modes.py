"""Each mode is one typed object, and each prompt kind one class: the tables that tie them to
stored values are whole, so no stored mode, prompt or action lacks its rules or its words."""

from typing import Any, get_args

import pytest

from bot.games.contract import IllegalAction
from bot.games.deuces import new_game, parse_action
from bot.games.deuces.actions import ACTION_TYPES, Bid, DeucesAction, Vote
from bot.games.deuces.modes.base import DeucesMode
from bot.games.deuces.modes.catalogue import (
    DuelOfTheDuos,
    HardcoreQuestForPower,
    MastersAndMonsters,
    QuestForLoot,
    QuestForPower,
    SingleEncounter,
    TraditionalQuest,
    Tutorial,
)
from bot.games.deuces.modes.registry import mode_of, registered
from bot.games.deuces.prompt_kinds import CORE_KINDS
from bot.games.deuces.state import DeucesOptions, Mode, Prompt, VotePrompt, WagerPrompt
from bot.games.deuces.table import button_words, label

PROMPT_TYPES: tuple[type[Any], ...] = get_args(get_args(Prompt)[0])
MODES = {
    Mode.ENCOUNTER: SingleEncounter,
    Mode.QUEST_BEGINNER: QuestForPower,
    Mode.QUEST_HARDCORE: HardcoreQuestForPower,
    Mode.LOOT: QuestForLoot,
    Mode.DUEL: DuelOfTheDuos,
    Mode.MASTERS: MastersAndMonsters,
    Mode.QUEST: TraditionalQuest,
    Mode.TUTORIAL: Tutorial,
}


@pytest.mark.parametrize("key", list(Mode))
def test_every_stored_mode_value_has_its_own_mode_object(key: Mode) -> None:
    assert type(mode_of(key)) is MODES[key]


def test_the_modes_are_one_object_each() -> None:
    assert len(registered()) == len(MODES)


@pytest.mark.parametrize("mode", registered(), ids=lambda m: type(m).__name__)
def test_every_mode_answers_the_prompts_every_table_asks(mode: DeucesMode) -> None:
    for kind in CORE_KINDS:
        assert kind.prompt in mode.by_prompt


def test_every_prompt_is_answered_by_some_mode() -> None:
    answered = {prompt for mode in registered() for prompt in mode.by_prompt}
    assert answered == set(PROMPT_TYPES)


def test_a_mode_asks_only_its_own_prompts() -> None:
    assert WagerPrompt in mode_of(Mode.LOOT).by_prompt
    assert WagerPrompt not in mode_of(Mode.ENCOUNTER).by_prompt


def test_every_action_has_its_text_word_and_its_button_words() -> None:
    members = set(get_args(get_args(DeucesAction)[0]))
    assert set(ACTION_TYPES.values()) == members
    assert members <= set(button_words.registry)
    state, _ = new_game(1, DeucesOptions(), players=1)
    assert isinstance(state.prompt, VotePrompt)
    assert label(state, 0, Vote(hit=True)) == "Vote hit"


def test_an_action_the_prompt_does_not_take_is_refused_by_name() -> None:
    state, _ = new_game(1, DeucesOptions(), players=1)
    assert isinstance(state.prompt, VotePrompt)
    with pytest.raises(IllegalAction, match="you cannot bid now: the table waits for a vote"):
        state.apply(0, Bid(chips=1))
    assert parse_action("vote.stay") in state.legal_actions(0)
