"""The game as the bot hosts it: its facts, its rules page, its voice, and a match played by
text forms only."""

from bot.games.contract import Setup
from bot.games.definition import Match
from bot.games.dungeon import DUNGEON_RULES, GAME, HOUSE_RULINGS, INFO, RULINGS, new_game
from bot.games.dungeon.events import DungeonEvent
from bot.games.dungeon.policy import choose
from bot.games.dungeon.voice import _TELLERS

NAMES = ["Ann", "Bob"]


def test_the_game_facts() -> None:
    assert INFO.key == "dungeon" and INFO.title == "Dungeon of Cards"
    assert len(INFO.description) <= 100
    assert (INFO.seats.min, INFO.seats.max) == (2, 2)
    assert [v.key for v in INFO.variants] == ["duel"] and INFO.variants[0].rated
    assert INFO.challenge is not None and INFO.challenge.variant == "duel"
    assert INFO.turn_timer and INFO.private_hands
    assert [(b.key, b.game, b.rated, b.unit) for b in INFO.boards] == [
        ("dungeon", "dungeon-duel", True, "rating")
    ]
    assert INFO.rating_pool("duel") == "dungeon-duel"


def test_a_match_is_played_by_text_forms_to_the_end() -> None:
    match, events = GAME.start(21, Setup(variant="duel", seats=2))
    assert isinstance(match, Match)
    lines = match.narrate(events, None, NAMES)
    assert lines and all(isinstance(line, str) for line in lines)
    while not match.is_over:
        seat = match.acting()[0]
        text = match.bot_move(seat)
        assert text is not None and text in match.legal(seat)
        match.play(seat, text)
        copy = match.snapshot()
        assert copy.dump() == match.dump()
    assert {r.outcome for r in match.results()} <= {"won", "lost", "draw"}


def test_the_voice_tells_every_event_and_keeps_secrets() -> None:
    state, _ = new_game(8)
    told: set[str] = set()
    while not state.is_over:
        seat = state.acting()[0]
        hand = set(state.hand(seat))
        events = state.apply(seat, choose(state, seat))
        for event in events:
            lines = GAME.narrate([event], None, state, NAMES)
            kind = getattr(event, "kind", "")
            if kind in _TELLERS and lines:
                told.add(kind)
            if kind == "card_placed" and not getattr(event, "blind", False):
                assert not any(str(card) in " ".join(lines) for card in hand)
    assert {"turn_began", "pawn_moved", "card_turned", "claimed", "card_placed"} <= told
    assert "duel_over" in told


def test_events_are_a_tagged_union() -> None:
    from pydantic import TypeAdapter

    state, events = new_game(2)
    adapter = TypeAdapter(list[DungeonEvent])
    while not state.is_over and len(events) < 400:
        seat = state.acting()[0]
        events += state.apply(seat, choose(state, seat))
    assert adapter.validate_json(adapter.dump_json(events)) == events  # type: ignore[arg-type]


def test_the_rules_page_holds_every_ruling() -> None:
    assert DUNGEON_RULES.title == "Dungeon of Cards"
    headings = [heading for heading, _ in DUNGEON_RULES.sections]
    rulings = dict(DUNGEON_RULES.sections)["Rulings"]
    for ruling in HOUSE_RULINGS + RULINGS:
        assert ruling in rulings and len(ruling) < 1000
    assert "Your turn" in headings and "The cards" in headings
    assert len(RULINGS) >= 15


def test_new_plays_the_duel_against_the_bot() -> None:
    assert INFO.challenge is not None and INFO.challenge.against_bot
    assert [v.key for v in INFO.new_variants] == ["duel"]
