"""Every move says what it does before it is pressed, and says it truly: over played-out games
in every mode, each offered defence's words (holds, ties, falls) match the engine's outcome of
that defence, each attack's words match whether its target could answer, and each ability
that says why it cannot be used now is one the engine refuses."""

import random

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from bot.games.deuces import DeucesOptions, Mode, new_game, suggest
from bot.games.deuces.actions import Attack, Defend, DeucesAction
from bot.games.deuces.effects import unusable_because, usable
from bot.games.deuces.engine import DeucesState
from bot.games.deuces.events import Clashed, Overwhelmed
from bot.games.deuces.previews import Answer
from bot.games.deuces.refs import fighter_ref
from bot.games.deuces.state import DefendPrompt, player
from bot.games.deuces.table import hint_words, label

SEATS = {
    Mode.ENCOUNTER: 1,
    Mode.QUEST_BEGINNER: 2,
    Mode.LOOT: 2,
    Mode.DUEL: 4,
    Mode.MASTERS: 3,
    Mode.QUEST: 2,
}
STEPS = 400
"""Moves looked at per game: enough for several attacks and defences in every mode."""
WORDS = {"defender": Answer.HOLDS, "tie": Answer.TIES, "attacker": Answer.FALLS}


def _after(state: DeucesState, seat: int, action: DeucesAction) -> list[object]:
    copy = state.model_copy(deep=True)
    return list(copy.apply(seat, action))


def _check_defences(state: DeucesState, seat: int, legal: list[DeucesAction]) -> int:
    checked = 0
    for action in legal:
        if not isinstance(action, Defend) or not action.cards:
            continue
        words = label(state, seat, action)
        events = _after(state, seat, action)
        clash = next(event for event in events if isinstance(event, Clashed))
        outcome = WORDS[clash.result]
        assert f"· {outcome.value}" in words, (words, clash.result)
        if "you're out" in words:
            assert any(getattr(e, "kind", "") == "defeated" for e in events)
        checked += 1
    hint = suggest(state, seat)
    if isinstance(hint, Defend) and "none holds" in hint_words(state, seat, hint, legal):
        assert all(
            WORDS[next(e for e in _after(state, seat, a) if isinstance(e, Clashed)).result]
            is Answer.FALLS
            for a in legal
            if isinstance(a, Defend) and a.cards
        )
    return checked


def _check_attacks(state: DeucesState, seat: int, legal: list[DeucesAction]) -> None:
    for action in legal:
        if not isinstance(action, Attack):
            continue
        words = label(state, seat, action)
        foe = fighter_ref(state.mode.foe_side, action.target)
        events = _after(state, seat, action)
        # this attack's own answer: the first clash or overwhelming of its target (the GM's
        # moves that follow in the same apply come after it)
        answer = next(
            (e for e in events if isinstance(e, Clashed | Overwhelmed) and e.defender == foe),
            None,
        )
        if "more than they hold" in words:
            assert answer is None or isinstance(answer, Overwhelmed), words
        else:
            assert "they can answer" in words
            assert not isinstance(answer, Overwhelmed), words


def _check_abilities(state: DeucesState, seat: int) -> None:
    me = player(seat)
    turn = state.turn_of(seat)
    defending = isinstance(state.prompt, DefendPrompt) and seat in state.waiting_for
    moment = "turn" if turn is not None else "defend" if defending else None
    attacks = turn.attacks if turn is not None else 0
    used = turn.ability_used if turn is not None else False
    for ability in state.abilities(me):
        reason = unusable_because(state, me, ability, moment, attacks, used)
        engine_says = moment is not None and usable(state, me, ability, moment, attacks, used)
        assert (reason is None) == engine_says, (ability.id, reason)


@settings(max_examples=6, deadline=None, phases=[Phase.explicit, Phase.generate])
@given(seed=st.integers(min_value=0, max_value=2**31), mode=st.sampled_from(list(SEATS)))
def test_every_offered_move_says_truly_what_it_does(seed: int, mode: Mode) -> None:
    state, _ = new_game(seed, DeucesOptions(mode=mode), players=SEATS[mode])
    rng = random.Random(seed)
    for _ in range(STEPS):
        if state.is_over:
            break
        seat = state.waiting_for[0]
        legal = state.legal_actions(seat)
        _check_abilities(state, seat)
        if isinstance(state.prompt, DefendPrompt) and not state.players[seat].defeated:
            _check_defences(state, seat, legal)
        elif rng.random() < 0.3:
            _check_attacks(state, seat, legal)
        # mostly sensible play (so fights last and defences come up), sometimes random
        move = suggest(state, seat) if rng.random() < 0.8 else rng.choice(legal)
        state.apply(seat, move)
