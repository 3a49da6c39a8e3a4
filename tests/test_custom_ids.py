import pytest
from hypothesis import given
from hypothesis import strategies as st

from cogs.custom_ids import MAX_LENGTH, CustomId, decode

ids = st.builds(
    CustomId,
    kind=st.from_regex(r"[a-z]{1,8}", fullmatch=True),
    game_id=st.integers(0, 10**18 - 1),
    version=st.integers(0, 10**9 - 1),
    action=st.from_regex(r"[a-z_]{1,16}", fullmatch=True),
    arg=st.none() | st.from_regex(r"[A-Za-z0-9_@.]{1,60}", fullmatch=True),
)


@given(ids)
def test_every_custom_id_round_trips_within_discords_limit(custom: CustomId) -> None:
    text = custom.encode()
    assert len(text) <= MAX_LENGTH
    assert decode(text) == custom


def test_a_game_button() -> None:
    custom = CustomId(game_id=12, version=5, action="weapon", arg="9S")
    assert custom.encode() == "g:12:5:weapon:9S"
    assert decode("g:12:5:run") == CustomId(game_id=12, version=5, action="run")


@given(st.text(max_size=120))
def test_anything_else_is_refused_not_raised(text: str) -> None:
    custom = decode(text)
    assert custom is None or custom.encode() == text


def test_forged_shapes_are_refused() -> None:
    for forged in ["g:12:5", "g:-1:5:run", "g:1:1:run:9S:x", "g:1:1:RUN", "x" * 101, "g:1:1:run:♠"]:
        assert decode(forged) is None


@given(ids)
def test_a_move_built_from_its_text_is_the_id_the_codec_reads(custom: CustomId) -> None:
    text = custom.action if custom.arg is None else f"{custom.action}.{custom.arg}"
    built = CustomId.for_action(custom.game_id, custom.version, text, custom.kind)
    assert built == custom and decode(built.encode()) == custom


def test_a_move_that_does_not_fit_is_refused() -> None:
    for text in ["Run", "weapon.9♠", "x" * 17, "attack." + "9C." * 30]:
        with pytest.raises(ValueError):
            CustomId.for_action(1, 1, text)
