"""`python -m bot replay GAME_ID`: a closed game of the store, replayed in the terminal, on both
stores."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.replay_cli import load, show
from cogs.replay_steps import Replay
from storage import open_store
from tests.discord.replayed import Kind, record_game


@pytest.fixture(params=("sqlite", "postgresql"))
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/data/bot.sqlite3"
    return request.getfixturevalue("postgres_url")


async def stored(url: str, kind: Kind, finish: bool = True) -> int:
    store = await open_store(url)
    try:
        record = await record_game(store, kind, [11, 12], guild_id=1, channel_id=2)
        if not finish:
            running = await store.create_game(
                game=kind.game,
                variant=kind.variant,
                guild_id=1,
                channel_id=3,
                owner_id=11,
                players=record.players,
                seed=1,
                state=record.state,
                narration="[]",
            )
            return running.id
        return record.id
    finally:
        await store.close()


async def test_every_step_is_printed_to_the_stored_end(url: str) -> None:
    game_id = await stored(url, Kind("scoundrel", "hard", 1))
    replay = await load(url, game_id)
    assert isinstance(replay, Replay)
    out = io.StringIO()
    assert show(replay, None, out) == 0
    printed = out.getvalue()
    assert printed.startswith(f"Replay of game #{game_id} (Scoundrel): the deal (step 0), then")
    assert printed.count("\n-- step ") == replay.last + 1
    last = list(replay.steps())[-1]
    assert f"-- step {replay.last}/{replay.last} --" in printed
    assert last.lines[-1].split(":")[0] in printed.split(f"-- step {replay.last}/")[1]


async def test_enter_goes_on_b_goes_back_q_quits(url: str) -> None:
    game_id = await stored(url, Kind("rpg", "classic", 2))
    replay = await load(url, game_id)
    assert isinstance(replay, Replay)
    out = io.StringIO()
    assert show(replay, io.StringIO("\n\nb\nq\n"), out) == 0
    shown = [line for line in out.getvalue().splitlines() if line.startswith("-- step")]
    assert [line.split()[2] for line in shown] == [f"{n}/{replay.last}" for n in (0, 1, 2, 1)]


async def test_a_running_or_unknown_game_is_refused_clearly(url: str) -> None:
    running = await stored(url, Kind("scoundrel", "classic", 1), finish=False)
    assert await load(url, running) == (
        f"Game #{running} is still being played: its replay opens once it is over."
    )
    assert await load(url, 999) == "There is no game #999 in this store."


def test_the_entry_point_prints_a_replay_and_names_an_unknown_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio

    url = f"sqlite:///{tmp_path}/bot.sqlite3"
    game_id = asyncio.run(stored(url, Kind("dragons", "solo", 1)))
    assert main(["replay", str(game_id), "--url", url, "--all"]) == 0
    assert f"Replay of game #{game_id} (Diamonds & Dragons)" in capsys.readouterr().out
    assert main(["replay", "404", "--url", url]) == 1
    assert "There is no game #404 in this store." in capsys.readouterr().err
