"""A small, ordinary discord.py bot that exercises every path the harness fakes.

Used only by ``tests/test_harness_selftest.py``: subcommands and a subcommand group, a user
option, a persistent DynamicItem button that edits its message in place and counts votes in
SQLite, a select menu, ephemeral and deferred replies, a thread, and edits of channel messages.
"""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from storage.sqlite_thread import SqliteThread

LONG_LABEL = "x" * 81  # Discord's limit for a button label is 80


class VoteButton(discord.ui.DynamicItem[discord.ui.Button], template=r"vote:(?P<count>[0-9]+)"):
    """A counter button whose state lives in its custom_id, so it survives a restart."""

    def __init__(self, count: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Votes: {count}",
                custom_id=f"vote:{count}",
                style=discord.ButtonStyle.primary,
            )
        )
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> VoteButton:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, SelftestBot)
        user_id = interaction.user.id
        await bot.db.transaction(
            lambda db: db.execute("INSERT INTO votes (user_id) VALUES (?)", (user_id,))
        )
        count = self.count + 1
        await interaction.response.edit_message(
            content=f"{count} vote(s), last by {interaction.user.display_name}",
            view=vote_view(count),
        )


def vote_view(count: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(VoteButton(count))
    return view


class FlavourSelect(discord.ui.Select):
    def __init__(self) -> None:
        super().__init__(
            custom_id="flavour",
            placeholder="Pick a flavour",
            options=[discord.SelectOption(label=f, value=f) for f in ("tea", "coffee", "cocoa")],
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"You picked {self.values[0]}", ephemeral=True)


class FlavourView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.add_item(FlavourSelect())


class RefreshView(discord.ui.View):
    """A classic persistent view (``bot.add_view``) that acknowledges first, edits after."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Refresh", custom_id="refresh")
    async def refresh(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()  # type 6: no visible change yet
        await interaction.edit_original_response(
            content=f"refreshed by {interaction.user.display_name}"
        )


class DemoCog(commands.Cog):
    demo = app_commands.Group(name="demo", description="Harness self-test commands")
    admin = app_commands.Group(name="admin", description="Moderator commands", parent=demo)

    def __init__(self, bot: SelftestBot) -> None:
        self.bot = bot

    @demo.command(name="greet", description="Greet someone")
    @app_commands.describe(who="Who to greet", times="How many times")
    async def greet(
        self, interaction: discord.Interaction, who: discord.Member, times: int = 1
    ) -> None:
        await interaction.response.send_message(" ".join([f"Hello {who.display_name}!"] * times))

    @admin.command(name="check", description="Who may manage this server?")
    async def check(self, interaction: discord.Interaction) -> None:
        member = interaction.user
        allowed = isinstance(member, discord.Member) and member.guild_permissions.manage_guild
        reported = interaction.permissions.manage_guild
        await interaction.response.send_message(
            f"manage_guild={allowed} reported={reported}", ephemeral=True
        )

    @app_commands.command(name="poll", description="Start a vote")
    async def poll(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("0 vote(s)", view=vote_view(0))

    @app_commands.command(name="board", description="A message with a Refresh button")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("stale", view=RefreshView())

    @app_commands.command(name="report", description="Reply with a file")
    async def report(self, interaction: discord.Interaction) -> None:
        upload = discord.File(io.BytesIO(b"hello"), filename="report.txt")
        await interaction.response.send_message("see attached", file=upload)

    @app_commands.command(name="secret", description="An ephemeral reply")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you can see this", ephemeral=True)

    @app_commands.command(name="slow", description="A deferred reply and a followup")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0)
        await interaction.followup.send("done thinking")
        await interaction.followup.send("and one more thing", ephemeral=True)

    @app_commands.command(name="late", description="Answers after a delay")
    async def late(self, interaction: discord.Interaction, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await interaction.response.send_message("sorry I'm late")

    @app_commands.command(name="flavour", description="A select menu")
    async def flavour(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Choose:", view=FlavourView())

    @app_commands.command(name="thread", description="Open a thread and post in it")
    async def thread(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        await thread.send(f"Welcome to {name}")
        await interaction.followup.send(f"Opened {thread.mention}", ephemeral=True)

    @app_commands.command(name="announce", description="Post, then edit, a channel message")
    async def announce(self, interaction: discord.Interaction, text: str) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        message = await channel.send(f"Draft: {text}")
        await message.edit(content=f"Final: {text}")
        partial = self.bot.get_partial_messageable(message.channel.id)
        await partial.get_partial_message(message.id).edit(embed=discord.Embed(title=text))
        await interaction.response.send_message("announced", ephemeral=True)

    @app_commands.command(name="forget", description="Edit a message that does not exist")
    async def forget(self, interaction: discord.Interaction) -> None:
        partial = self.bot.get_partial_messageable(interaction.channel_id or 0)
        try:
            await partial.get_partial_message(1).edit(content="gone?")
        except discord.NotFound as error:
            await interaction.response.send_message(f"not found: {error.code}", ephemeral=True)

    @app_commands.command(name="oversized", description="A button Discord would reject")
    async def oversized(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label=LONG_LABEL, custom_id="too-long"))
        await interaction.response.send_message("look", view=view)

    @app_commands.command(name="boom", description="Raises")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    @app_commands.command(name="silent", description="Never answers")
    async def silent(self, interaction: discord.Interaction) -> None:
        return None


class SelftestBot(commands.Bot):
    db: SqliteThread

    def __init__(self, db_path: Path, **options: Any) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), **options)
        self.db_path = db_path

    async def setup_hook(self) -> None:
        self.db = await SqliteThread.open(str(self.db_path))
        await self.db.run(
            lambda db: db.execute("CREATE TABLE IF NOT EXISTS votes (user_id INTEGER NOT NULL)")
        )
        self.add_dynamic_items(VoteButton)
        self.add_view(RefreshView())
        await self.add_cog(DemoCog(self))

    async def votes(self) -> int:
        return await self.db.run(
            lambda db: int(db.execute("SELECT COUNT(*) FROM votes").fetchone()[0])
        )

    async def close(self) -> None:
        await super().close()
        if getattr(self, "db", None) is not None:
            await self.db.close()  # its thread would otherwise outlive the test
