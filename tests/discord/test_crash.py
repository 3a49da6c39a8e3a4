"""A bot process killed between two clicks: every committed action survives, the game goes on."""

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from bot.app import DungeonBot
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
