"""A lobby for group games: players join, leave and choose a class; the host starts.

The lobby is a pending game whose state holds its settings and each player's class, so its
buttons survive restarts like every game's; starting deals the game and makes it the
channel's active game (or moves it to a thread when the channel is busy).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import discord
from pydantic import BaseModel

from bot.games.deuces import DeucesOptions, Mode, SeatChoice, load_content, new_game
from cogs.buttons import GameSelect, build_view
from cogs.custom_ids import SELECT_KIND, CustomId
from cogs.game_ui import ButtonSpec
from storage import GameRecord, GameStatus, PlayerSeat

if TYPE_CHECKING:
    from cogs.table import GameTable

JOIN, LEAVE, START, KLASS = "join", "leave", "start", "klass"
LOBBY_ACTIONS = {JOIN, LEAVE, START}
MAX_PLAYERS = 5

SAY = {
    "joined_already": "You're already at this table.",
    "full": "This table is full (5 players).",
    "not_in": "You're not at this table. Press Join first.",
    "host_only": "Only the host, {host}, can start.",
    "closed": "🚪 **{host}** closed the lobby.",
    "started_thread": "⚔️ The party sets out in {thread}.",
}


class Lobby(BaseModel):
    level: int = 1
    mode: Mode = Mode.ENCOUNTER
    classes: dict[int, str] = {}  # user id -> class id

    def class_of(self, player: PlayerSeat) -> str:
        """The class a player chose, else one by seat, so a party is mixed by default."""
        classes = load_content().classes
        return self.classes.get(player.user_id) or classes[player.seat % len(classes)].id


class LobbyDesk:
    def __init__(self, table: GameTable) -> None:
        self.table = table

    async def open(self, interaction: discord.Interaction, level: int, mode: str) -> None:
        lobby = Lobby(level=level, mode=Mode(mode))
        host = PlayerSeat(
            seat=0, user_id=interaction.user.id, display_name=interaction.user.display_name
        )
        record = await self.table.store.create_game(
            game="deuces",
            variant=lobby.mode.value,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            owner_id=host.user_id,
            players=[host],
            seed=self.table.seeds(),
            state=lobby.model_dump_json(),
            narration="[]",
            status=GameStatus.PENDING,
        )
        sent = await interaction.response.send_message(**self.message(record))
        await self.table.store.set_message(record.id, interaction.channel_id, sent.message_id)

    def message(self, record: GameRecord) -> dict:
        lobby = Lobby.model_validate_json(record.state)
        content = load_content()
        names = {klass.id: klass.name for klass in content.classes}
        seats = [f"**{p.display_name}**: {names[lobby.class_of(p)]}" for p in record.players]
        embed = discord.Embed(
            title=f"Dungeons & Deuces · level {lobby.level} · {lobby.mode.value}",
            description="The GM deals an encounter for your party. Join, choose a class, and the"
            " host starts (1 to 5 players).",
            colour=0x8B5CF6,
        )
        embed.add_field(
            name=f"Party ({len(record.players)}/5)", value="\n".join(seats), inline=False
        )
        view = build_view(
            record.id,
            record.version,
            [
                ButtonSpec(label="Join", action=JOIN, style="success"),
                ButtonSpec(label="Leave", action=LEAVE, style="secondary"),
                ButtonSpec(label="Start", action=START, style="primary"),
            ],
        )
        custom = CustomId(kind=SELECT_KIND, game_id=record.id, version=record.version, action=KLASS)
        select = discord.ui.Select(
            custom_id=custom.encode(),
            placeholder="Choose your class",
            options=[
                discord.SelectOption(label=k.name, value=k.id, description=k.flavour[:100] or None)
                for k in content.classes
            ][:25],
            row=1,
        )
        view.add_item(GameSelect(custom, select))
        return {"embed": embed, "view": view}

    async def press(
        self, interaction: discord.Interaction, record: GameRecord, action: str
    ) -> None:
        """Join, Leave or Start, under the game's lock."""
        user = interaction.user
        seat = record.seat_of(user.id)
        lobby = Lobby.model_validate_json(record.state)
        players = list(record.players)
        if action == JOIN:
            if seat is not None:
                await self.table.refuse(interaction, SAY["joined_already"])
                return
            if len(players) >= MAX_PLAYERS:
                await self.table.refuse(interaction, SAY["full"])
                return
            players.append(
                PlayerSeat(seat=len(players), user_id=user.id, display_name=user.display_name)
            )
        elif seat is None:
            await self.table.refuse(interaction, SAY["not_in"])
            return
        elif action == LEAVE and seat == 0:
            await self.table.store.close_game(
                record.id, record.version, GameStatus.DECLINED, was=GameStatus.PENDING
            )
            await interaction.response.edit_message(
                content=SAY["closed"].format(host=user.display_name), embed=None, view=None
            )
            return
        elif action == LEAVE:
            players = [
                PlayerSeat(seat=n, user_id=p.user_id, display_name=p.display_name)
                for n, p in enumerate(p for p in players if p.user_id != user.id)
            ]
            lobby.classes.pop(user.id, None)
        elif seat != 0:
            await self.table.refuse(
                interaction, SAY["host_only"].format(host=players[0].display_name)
            )
            return
        else:
            await self._start(interaction, record, lobby)
            return
        record = await self.table.store.update_pending(
            record.id, record.version, players, lobby.model_dump_json()
        )
        await interaction.response.edit_message(**self.message(record))

    async def choose(
        self, interaction: discord.Interaction, record: GameRecord, values: list[str]
    ) -> None:
        if record.seat_of(interaction.user.id) is None:
            await self.table.refuse(interaction, SAY["not_in"])
            return
        lobby = Lobby.model_validate_json(record.state)
        known = {klass.id for klass in load_content().classes}
        if values and values[0] in known:
            lobby.classes[interaction.user.id] = values[0]
        record = await self.table.store.update_pending(
            record.id, record.version, record.players, lobby.model_dump_json()
        )
        await interaction.response.edit_message(**self.message(record))

    async def _start(
        self, interaction: discord.Interaction, record: GameRecord, lobby: Lobby
    ) -> None:
        party = [SeatChoice(class_id=lobby.class_of(p)) for p in record.players]
        options = DeucesOptions(level=lobby.level, mode=lobby.mode, party=party)
        state, events = new_game(record.seed, options, players=len(party))
        narration = json.dumps(self.table.narrate(record, state, events)[-6:])
        name = f"{record.players[0].display_name}'s party · Deuces"
        texts = (None, SAY["started_thread"])
        await self.table.activate(interaction, record, name, texts, state, narration)
