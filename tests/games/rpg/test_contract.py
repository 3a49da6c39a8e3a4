"""The bot-wide contract, checked here before the game is registered (tests/games/
test_contract.py checks it for every registered game): one short ASCII text per legal action
that fits a button and no table button's word, labels for all, a hint among the legal moves,
states that read back from JSON, a voice that never needs the table before a move and never
tells a private card."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.contract import Setup
from bot.games.rpg import GAME
from cogs.custom_ids import CustomId, decode
from cogs.router import TABLE_WORDS

PRIVATE = {"turn_started": "cards", "bought": "cards"}
NAMES = [f"player {n}" for n in range(6)]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6))
def test_every_listed_move_fits_a_button_and_the_table_reads_back(seed: int, players: int) -> None:
    match, _ = GAME.start(seed, Setup(variant="classic", seats=players))
    chooser = random.Random(seed)
    for _ in range(150):
        if match.is_over:
            break
        for seat in match.acting():
            texts = match.legal(seat)
            assert texts
            for text in texts:
                assert text.isascii() and " " not in text and len(text) <= 60
                assert text.split(".")[0] not in TABLE_WORDS
                custom = CustomId.for_action(2**40, 10**6, text)
                assert decode(custom.encode()) == custom and custom.action_text == text
            moves, hint = match.labelled(seat)
            assert all(0 < len(label) <= 80 for _, label in moves)
            assert hint is not None and hint in texts
        before = match.snapshot()
        seat = chooser.choice(match.acting())
        events = match.play(seat, chooser.choice(match.legal(seat)))
        assert match.narrate(events, None, NAMES) == match.narrate(events, before, NAMES)
        for event in events:
            field = PRIVATE.get(event.kind)  # type: ignore[attr-defined]
            if field:
                told = " ".join(GAME.narrate([event], None, match.state, NAMES))
                assert not any(str(card) in told for card in getattr(event, field))
        assert GAME.resume(match.dump()).dump() == match.dump()
