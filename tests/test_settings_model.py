"""The settings' one model: every value in a range is kept, every other one refused with the
range in words, and stored settings that no longer read fall back to the defaults."""

from hypothesis import given
from hypothesis import strategies as st

from bot.settings import (
    PlayerSettings,
    SettingRefused,
    TableSettings,
    TurnPings,
    bounds,
    environment_defaults,
    player_settings,
    range_text,
    server_settings,
    shortest,
    table_settings,
    with_change,
    without_change,
)

NUMBERS = ["turn_seconds", "game_expiry_minutes", "challenge_expiry_minutes"]
DEFAULTS = environment_defaults(turn_seconds=120, game_expiry_minutes=60)


@given(st.sampled_from(NUMBERS), st.integers(-(10**6), 10**6))
def test_a_number_is_kept_within_its_range_and_refused_with_it_outside(
    name: str, value: int
) -> None:
    low, high = bounds(name)
    if low <= value <= high:
        changed = server_settings(DEFAULTS, with_change(None, name, value))
        assert getattr(changed, name) == value
        assert getattr(server_settings(DEFAULTS, without_change(None, name)), name) == getattr(
            DEFAULTS, name
        )
    else:
        try:
            with_change(None, name, value)
        except SettingRefused as refused:
            assert range_text(name) in str(refused)
        else:
            raise AssertionError(f"{name}={value} was kept")


def test_stored_settings_that_no_longer_read_fall_back_to_the_defaults() -> None:
    assert server_settings(DEFAULTS, "not json") == DEFAULTS
    assert (
        server_settings(DEFAULTS, '{"turn_seconds": 5, "hints": false, "gone": 1}').hints is False
    )
    assert server_settings(DEFAULTS, '{"turn_seconds": 5}').turn_seconds == 120
    assert player_settings('{"turn_pings": "loud"}') == PlayerSettings()
    assert player_settings('{"turn_pings": "quiet"}').turn_pings == TurnPings.QUIET


def test_a_game_from_before_settings_plays_with_the_environments() -> None:
    assert table_settings(DEFAULTS, None) is DEFAULTS
    kept = table_settings(DEFAULTS, TableSettings(turn_seconds=45).model_dump_json())
    assert kept.turn_seconds == 45 and kept.game_expiry_minutes == 1440


def test_the_clock_reads_no_game_idle_for_less_than_the_shortest_setting() -> None:
    assert shortest("turn_seconds", DEFAULTS) == 30
    below = environment_defaults(turn_seconds=10)
    assert shortest("turn_seconds", below) == 10
