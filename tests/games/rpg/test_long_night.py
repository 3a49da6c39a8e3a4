"""Scripted decks for the Long Night (the sudden death that ends a game by play), the special
round nobody can bid in, and the table setting that chooses the Night's first round."""

import io
import json

import pytest

from bot.cli import play as play_in_terminal
from bot.games.contract import IllegalAction, SeatResult, Setup
from bot.games.rpg import GAME
from bot.games.rpg.actions import Bid, EndTurn, NoBid
from bot.games.rpg.engine import RpgState, new_game
from bot.games.rpg.events import (
    Fell,
    GameWon,
    RoundClosed,
    RpgEvent,
    SpecialRound,
    TurnEnded,
    Wounded,
)
from bot.games.rpg.rules import RPG_RULES, RPG_RULINGS
from bot.games.rpg.state import Phase
from bot.games.rpg.values import LONG_NIGHT, MAX_ROUNDS

from .scripts import NAMES, build, c, kinds, play

ALL_DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"


def won(seat: int, score: int) -> SeatResult:
    return SeatResult(seat=seat, outcome="won", score=score)


def lost(seat: int, score: int) -> SeatResult:
    return SeatResult(seat=seat, outcome="lost", score=score)


def at_the_bids(hands: list[str], night: int, round: int, deck: str = "2C 3C 4C 5C") -> RpgState:
    """A table whose every player has ended their turn in `round`, the Night from `night`."""
    state, _ = build(hands, deck=deck)
    state.long_night, state.round = night, round
    while state.phase == Phase.TURN:
        play(state, state.current, EndTurn())
    return state


def pass_all(state: RpgState) -> list[RpgEvent]:
    events: list[RpgEvent] = []
    for seat in state.acting():
        events += state.apply(seat, NoBid())
    return events


def test_before_its_round_the_night_wounds_nobody() -> None:
    state = at_the_bids(["3H 5H", "4H 9H"], night=5, round=4)
    events = pass_all(state)
    assert "wounded" not in kinds(events) and state.round == 5
    assert c("3H") in state.hands[0] and c("4H") in state.hands[1], "every heart kept"


def test_with_the_night_off_no_round_wounds() -> None:
    state = at_the_bids(["3H", "4H"], night=0, round=MAX_ROUNDS - 1)
    assert not state.night_falls()
    assert "wounded" not in kinds(pass_all(state))


def test_from_its_round_every_special_round_ends_with_the_lowest_heart_discarded() -> None:
    state = at_the_bids(["3H 5H 9S", "4H 9H KH"], night=5, round=5, deck="2C 3C")
    events = pass_all(state)
    wound = next(event for event in events if isinstance(event, Wounded))
    assert wound == Wounded(round=5, wounds=[(0, c("3H")), (1, c("4H"))])
    assert kinds(events).index("wounded") < kinds(events).index("round_closed")
    closed = next(event for event in events if isinstance(event, RoundClosed))
    assert [len(cards) for _, cards in closed.drawn] == [1, 1], "the extra card comes after"
    assert c("3H") not in state.hands[0] and c("4H") not in state.hands[1]
    assert state.alive(0) and state.alive(1) and state.round == 6
    state.check_cards()
    assert GAME.narrate([wound], None, state, NAMES) == [
        "🌙 The Long Night: everyone standing discards their lowest heart (Ana 3♥, Bo 4♥)."
    ]
    assert "wounded" in kinds(pass_all(at_the_bids(["3H 5H", "4H 9H"], night=5, round=9)))


def test_the_wound_comes_after_the_bonus_turn() -> None:
    state = at_the_bids(["3H 5H QD", "4H 9H"], night=1, round=1)
    events = state.apply(0, Bid(card=c("QD"))) + state.apply(1, NoBid())
    assert "wounded" not in kinds(events) and state.bonus and state.current == 0
    events = state.apply(0, EndTurn())
    assert kinds(events)[:3] == ["turn_ended", "wounded", "round_closed"]


def test_the_night_takes_a_last_heart_before_the_extra_card_could_save_it() -> None:
    state = at_the_bids(["3H 9S", "4H 9H", "5H 6H"], night=3, round=7, deck="2C 3C 4C")
    events = pass_all(state)
    fell = [event for event in events if isinstance(event, Fell)]
    assert fell == [Fell(seat=0, reason="night", cards=2)]
    assert not state.alive(0) and state.alive(1) and state.alive(2) and not state.is_over
    assert state.results() == [lost(0, 0)]
    assert GAME.narrate(fell, None, state, NAMES) == [
        "The Long Night takes **Ana**'s last heart. **Ana** falls: out of the game."
    ]


def test_falls_to_one_wound_rank_by_the_heart_value_held_before_it() -> None:
    state = at_the_bids(["9H 2S", "4H 3S", "8H", "2H 5H 6H"], night=1, round=1)
    events = pass_all(state)
    assert state.fallen == [1, 2, 0], "4 in hearts ranks below 8, 8 below 9"
    assert state.is_over and state.winners == [3] and events[-1] == GameWon(winners=[3])
    assert state.results() == [lost(0, 2), lost(1, 0), lost(2, 1), won(3, 3)]
    assert "round_closed" not in kinds(events), "no extra card once the game is over"


def test_when_the_wound_would_leave_nobody_the_most_hearts_before_it_wins() -> None:
    state = at_the_bids(["9H 2S", "4H 3S", "KH 9D"], night=1, round=1)
    events = pass_all(state)
    assert state.is_over and state.winners == [2] and state.fallen == [1, 0]
    assert state.results() == [lost(0, 1), lost(1, 0), won(2, 2)]
    assert GAME.narrate(events[-1:], None, state, NAMES) == [
        "**Cy** is the last one standing and wins!"
    ]


# ---- the special round nobody can bid in ---------------------------------------------------


def test_no_special_round_once_every_diamond_is_out_of_the_game() -> None:
    state, _ = build(["3H 9S", "4H"], deck="2C 3C", removed=ALL_DIAMONDS)
    play(state, 0, EndTurn())
    events = play(state, 1, EndTurn())
    assert events[:2] == [TurnEnded(seat=1), SpecialRound(round=1, skipped=True)]
    assert kinds(events)[2:] == ["round_closed", "turn_started"]
    assert state.phase == Phase.TURN and state.round == 2
    assert GAME.narrate(events[1:2], None, state, NAMES) == [
        "Round 1 is done. No special round: every diamond is out of the game or discarded, so "
        "nobody can bid."
    ]


def test_diamonds_in_the_discard_pile_cannot_be_bid_either() -> None:
    state, _ = build(
        ["3H", "4H"], deck="2C 3C", removed="2D 3D 4D 5D 6D 7D 8D 9D 10D", discard="JD QD KD AD"
    )
    play(state, 0, EndTurn())
    assert play(state, 1, EndTurn())[1] == SpecialRound(round=1, skipped=True)


def test_a_diamond_nobody_has_seen_still_opens_the_bids() -> None:
    state, _ = build(["3H", "4H"], deck="2C 3C AD", removed="2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    play(state, 0, EndTurn())
    play(state, 1, EndTurn())
    assert state.phase == Phase.BID, "the ace of diamonds may be in a hand: nobody can tell"


def test_the_wound_comes_even_when_the_special_round_is_skipped() -> None:
    state, _ = build(["3H 5H", "4H 9S"], deck="2C 3C", removed=ALL_DIAMONDS)
    state.long_night = 1
    play(state, 0, EndTurn())
    events = play(state, 1, EndTurn())
    assert kinds(events)[1:] == ["special_round", "wounded", "fell", "game_won"]
    assert state.winners == [0]


# ---- the setting ---------------------------------------------------------------------------


def setup(**settings: int) -> Setup:
    return Setup(variant="classic", seats=3, settings=settings)


def test_the_night_is_a_setting_of_the_table_with_its_default() -> None:
    assert GAME.new_game(7, setup())[0].long_night == LONG_NIGHT == 15
    state, events = GAME.new_game(7, setup(long_night=12))
    assert state.long_night == 12 and GAME.settings_of(state) == {"long_night": 12}
    assert GAME.new_game(7, setup(long_night=0))[0].night_falls() is False
    match, _ = GAME.start(7, setup(long_night=20))
    assert match.settings() == {"long_night": 20}, "New game starts the same again"
    with pytest.raises(IllegalAction, match="long_night must be from 0 to 30"):
        GAME.start(7, setup(long_night=31))
    setting = GAME.info.settings[0]
    assert setting.name == "long_night" and setting.default == LONG_NIGHT
    assert ("The Long Night off", 0) in setting.choices
    assert GAME.narrate(events[:1], None, state, NAMES)[-1] == (
        "🌙 The Long Night begins in round 12: from then on, every special round ends with "
        "each player discarding their lowest heart."
    )


def test_a_game_saved_before_the_setting_loads_with_the_night_off() -> None:
    state, _ = new_game(11, 4)
    saved = json.loads(state.model_dump_json())
    del saved["long_night"]
    loaded = GAME.load(json.dumps(saved))
    assert loaded.long_night == 0 and not loaded.night_falls()
    assert GAME.resume(json.dumps(saved)).settings() == {"long_night": 0}


def test_the_round_the_night_begins_is_told() -> None:
    state = at_the_bids(["3H 5H", "4H 9H"], night=5, round=4)
    closed = next(event for event in pass_all(state) if isinstance(event, RoundClosed))
    assert closed.night_begins
    assert GAME.narrate([closed], None, state, NAMES)[-1].startswith("🌙 The Long Night begins:")


# ---- the table -----------------------------------------------------------------------------


def night_field(state: RpgState) -> tuple[str, str] | None:
    view = GAME.table(state, NAMES)
    return next(((f.name, f.value) for f in view.fields if f.name.startswith("🌙")), None)


def test_the_table_warns_three_rounds_ahead_and_shows_the_night_while_it_lasts() -> None:
    state, _ = build(["3H", "4H"], deck="2C")
    state.long_night = 15
    state.round = 11
    assert night_field(state) is None
    state.round = 12
    wound = "each special round ends with everyone's lowest heart discarded; none left, you fall."
    assert night_field(state) == ("🌙 The Long Night in 3 rounds", f"From round 15, {wound}")
    state.round = 14
    assert night_field(state) == ("🌙 The Long Night next round", f"From round 15, {wound}")
    state.round = 16
    assert night_field(state) == ("🌙 The Long Night", f"Since round 15, {wound}")
    assert GAME.table(state, NAMES).title == "Role Playing Card Game · round 16 of 30 · ↻ · 🌙"
    state.long_night = 0
    assert night_field(state) is None


def test_the_table_warns_of_the_last_round() -> None:
    state, _ = build(["3H", "4H"], deck="2C")
    state.round = 28
    fields = {f.name: f.value for f in GAME.table(state, NAMES).fields}
    assert fields["⌛ The end"] == "Round 30 is the last: then the most heart value in hand wins."
    state.round = 30
    fields = {f.name: f.value for f in GAME.table(state, NAMES).fields}
    assert fields["⌛ The end"].startswith("This is the last round")


def test_the_rules_page_records_the_night_and_the_skipped_special_round() -> None:
    rulings = " ".join(RPG_RULINGS)
    assert f"`long_night`: from round {LONG_NIGHT}" in rulings
    assert "lowest heart" in rulings and "asks nobody for a bid" in rulings
    assert "never which, nor how many hearts" in rulings
    assert "warns three rounds ahead" in rulings
    assert "begun before the setting existed plays on without it" in rulings
    assert "does not fall and wins" in rulings
    end = dict(RPG_RULES.sections)["The end"]
    assert f"From round {LONG_NIGHT}" in end


def test_the_terminal_takes_the_setting_and_tells_it_at_the_deal() -> None:
    out = io.StringIO()
    play_in_terminal(
        "rpg", seed=2, players=3, settings={"long_night": 10}, stdin=io.StringIO("q\n"), stdout=out
    )
    assert "🌙 The Long Night begins in round 10" in out.getvalue()
    off = io.StringIO()
    play_in_terminal(
        "rpg", seed=2, players=3, settings={"long_night": 0}, stdin=io.StringIO("q\n"), stdout=off
    )
    assert "Long Night" not in off.getvalue()
