"""The Dungeons & Deuces tutorial in the terminal: Enter takes the coached move, and every
step's coaching is on the screen before it."""

from bot.games.deuces.modes.tutorial import script
from bot.games.deuces.modes.tutorial.mode import COACH
from tests.test_terminal import run_cli


def test_the_tutorial_is_played_in_the_terminal_by_pressing_enter() -> None:
    result = run_cli("play", "deuces", "--variant", "tutorial", stdin="\n" * 40)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for number, step in enumerate(script.STEPS, start=1):
        assert f"{COACH} · move {number} of {len(script.STEPS)}: " in out
        assert step.line.replace("**", "") in out, "the coach's words, without Discord's bold"
    assert f"{COACH} · done: " in out and "Epic loot (3♣)" in out
    assert "Game over: you won" in out
