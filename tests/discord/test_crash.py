"""A bot process killed between two clicks: every committed action survives, the game goes on,
and a table its answer never reached is redrawn at the next start."""

import copy
import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from bot.app import DungeonBot
from tests.discord.test_scoundrel_discord import cautious, moves_left
from tests.harness import User, World

ROOT = Path(__file__).resolve().parents[2]
ALICE_ID = 4242

PLAY_THEN_DIE = textwrap.dedent(
    """
    import asyncio, json, os, signal, sys
    from bot.app import DungeonBot
    from bot.config import Settings
    from tests.harness import Harness, User, World

    async def main():
        world = World()
        alice = User(int(sys.argv[2]), "alice")
        world.users[alice.id] = alice
        world.join(alice, world.guild)
        settings = Settings(_env_file=None, database_url=sys.argv[1])
        harness = Harness(world)
        async with harness.running(lambda: DungeonBot(settings, seeds=lambda: 3)) as discord:
            message = (await discord.slash("scoundrel new", alice)).message
            for label in ["Drink 7♥", "Fight 2♣ barehanded"]:
                button = message.button(label)["custom_id"]
                message = (await discord.click(message, button, alice)).message
            print(json.dumps(message.payload), flush=True)
            os.kill(os.getpid(), signal.SIGKILL)  # no close(), no checkpoint: a crash

    asyncio.run(main())
    """
)


async def test_a_killed_process_loses_no_committed_click(harness, settings, world: World) -> None:
    killed = subprocess.run(
        [sys.executable, "-c", PLAY_THEN_DIE, settings.database_url, str(ALICE_ID)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    last_seen = json.loads(killed.stdout.splitlines()[-1])

    alice = User(ALICE_ID, "alice")
    world.users[alice.id] = alice
    world.join(alice, world.guild)
    # Discord still has the game's message, with the id the dead process stored.
    message = world.create_message(
        world.channel,
        {key: last_seen[key] for key in ("embeds", "components", "flags")},
        id=last_seen["id"],
    )
    async with harness.running(lambda: DungeonBot(settings, seeds=lambda: 3)) as discord:
        result = await discord.click(
            message, message.button("Fight 3♠ barehanded")["custom_id"], alice
        )
        assert result.response_type == 7
        stats = result.message.line("❤️ Health").split(" · ")
        health = next(part for part in stats if "Health" in part)
        assert health.endswith("15/20"), "20, +0 from 7♥ at full health, -2, -3"
        actions = await discord.bot.store.actions(1)
        assert [a.seq for a in actions] == [1, 2, 3]


async def test_a_table_left_behind_its_last_saved_move_is_redrawn_at_the_start(
    harness, make_bot, world: World, alice: User, bob: User
) -> None:
    async with harness.running(make_bot) as discord:
        game = (await discord.slash("scoundrel new", alice)).message
        game = (await discord.click(game, game.button("Drink 7♥")["custom_id"], alice)).message
        before_the_last_move = copy.deepcopy(game.payload)
        game = (await discord.click(game, game.buttons[0]["custom_id"], alice)).message
        other = world.add_channel("other")
        current = (await discord.slash("scoundrel new", bob, channel=other)).message
    # The last move was saved, but its answer never reached Discord (the process was killed).
    del world.messages[game.id]
    shown = {key: before_the_last_move[key] for key in ("components", "flags", "attachments")}
    world.create_message(world.channel, shown, id=game.id)
    edits = world.message(current.id).edits
    async with harness.running(make_bot) as discord:
        game = world.message(game.id)
        versions = {int(custom_id.split(":")[2]) for custom_id in game.custom_ids}
        assert versions == {2}, "the table shows the game as it was saved"
        assert world.message(current.id).edits == edits, "a table up to date is left alone"
        moved = await discord.click(game, game.buttons[0]["custom_id"], alice)
        assert moved.response_type == 7


async def test_a_finished_game_whose_last_move_never_showed_is_redrawn_by_a_click(
    harness, make_bot, world: World, alice: User
) -> None:
    async with harness.running(make_bot) as discord:
        game = (await discord.slash("scoundrel new", alice)).message
        shown = None
        while moves_left(game):
            shown = copy.deepcopy(game.payload)
            game = (await discord.click(game, cautious(game)["custom_id"], alice)).message
        assert shown is not None
        # The finishing move was saved, but its table never reached Discord.
        del world.messages[game.id]
        kept = {key: shown[key] for key in ("components", "flags", "attachments")}
        stale = world.create_message(world.channel, kept, id=game.id)
        late = await discord.click(stale, cautious(stale)["custom_id"], alice)
        assert late.ephemeral and "This game is over" in late.content
        assert not moves_left(world.message(game.id)), "the table shows the game's end"
