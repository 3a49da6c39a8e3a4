"""Nothing the bot sends stays in its memory: clicks are routed by custom_id, so discord.py's
view store keeps no view of a sent message, and a hand shown privately leaves no timeout task
behind. (bench/memory_soak.py plays a thousand games to show the process stays flat.)"""

from __future__ import annotations

import asyncio

from bench.memory_soak import view_items
from tests.discord.test_rpg_discord import open_table
from tests.discord.test_scoundrel_discord import cautious, moves_left


def view_timeouts() -> list[asyncio.Task]:
    return [
        task
        for task in asyncio.all_tasks()
        if "timeout_task" in getattr(task.get_coro(), "__qualname__", "")
    ]


async def test_played_games_and_shown_hands_leave_no_view_behind(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        message = (await discord.slash("scoundrel new", alice)).message
        for _ in range(3):
            message = (await discord.click(message, cautious(message)["custom_id"], alice)).message
        assert moves_left(message)
        await discord.slash("game resume", alice)
        await discord.slash("leaderboard", alice)
        await discord.slash("game abandon", alice)
        lobby = await open_table(discord, alice, bob, bots=1)
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)
        assert hand.ephemeral and hand.message.custom_ids, "a hand with its own controls"
        assert view_items(discord.bot) == 0, "discord.py keeps no view of a sent message"
        assert view_timeouts() == [], "a private hand leaves no timeout task"
        # Its buttons still work: the listener routes them by their custom_id.
        again = await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)
        assert again.ephemeral and again.message.custom_ids
