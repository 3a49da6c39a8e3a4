"""Why an ability cannot be used now: the words a player reads beside it ("used this
encounter") always agree with the engine's yes or no, over played-out tables."""

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.deuces import DeucesOptions, Mode, new_game, suggest
from bot.games.deuces.effects import unusable_because, usable
from bot.games.deuces.state import player
from tests.games.deuces.tables import ability


def test_each_reason_names_what_is_missing() -> None:
    state, _ = new_game(3, DeucesOptions(), players=1)
    me = player(0)
    chosen = {"op": "discard", "count": 3, "who": "self", "pick": "chosen"}
    draw = ability("draw", chosen)
    state.players[0].hand = state.players[0].hand[:2]
    instead = ability("swap", {"op": "draw", "count": 1}, timing="instead_of_attack")
    disrupt = ability("peal", {"op": "draw", "count": 1}, timing="disrupt")
    assert unusable_because(state, me, disrupt, None) == "when you are attacked"
    assert unusable_because(state, me, draw, None) == "on your turn"
    assert unusable_because(state, me, disrupt, "turn", 1) == "when you are attacked"
    assert unusable_because(state, me, draw, "defend") == "on your turn"
    assert unusable_because(state, me, instead, "turn", 0) == (
        "instead of attacking: no attack left this turn"
    )
    assert unusable_because(state, me, draw, "turn", 1, True) == (
        "one ability a turn, and one was used"
    )
    assert unusable_because(state, me, draw, "turn", 1) == "needs 3 cards in hand"
    assert unusable_because(state, me, instead, "turn", 1) is None
    state.players[0].used[instead.id] = 1
    assert unusable_because(state, me, instead, "turn", 1) == "used this encounter"
    assert unusable_because(state, me, instead, "turn", 0) == "used this encounter", "it lasts"
    assert unusable_because(state, me, instead, None) == "used this encounter"
    twice = ability("twice", {"op": "draw", "count": 1}, uses={"per": "turn", "times": 2})
    state.players[0].used[twice.id] = 2
    assert unusable_because(state, me, twice, "turn", 1) == "used 2× this turn"


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(1, 4),
    mode=st.sampled_from([Mode.ENCOUNTER, Mode.QUEST_BEGINNER]),
    steps=st.integers(0, 60),
)
def test_the_reason_is_none_exactly_when_the_engine_allows_the_ability(
    seed, players, mode, steps
) -> None:
    state, _ = new_game(seed, DeucesOptions(mode=mode), players=players)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.acting()[0]
        state.apply(seat, suggest(state, seat))
    for index in range(len(state.players)):
        me = player(index)
        for known in state.abilities(me):
            for moment in ("turn", "defend"):
                for attacks in (0, 1):
                    for used in (False, True):
                        said = unusable_because(state, me, known, moment, attacks, used)
                        allowed = usable(state, me, known, moment, attacks, used)
                        assert (said is None) == allowed, (known.id, moment, attacks, used, said)
                        assert said is None or said.strip() == said != ""
            assert unusable_because(state, me, known, None) is not None
