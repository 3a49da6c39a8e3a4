"""A lobby for group games: players join, leave and make their pick; the host starts.

The lobby is a pending game whose state holds its setup and each player's pick, so its buttons
survive restarts like every game's; starting deals the game and makes it the channel's active
game (or moves it to a thread when the channel is busy). Any game that declares a `Lobby` gets
this, with the seats, picks and settings it declares.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from pydantic import BaseModel, model_validator

from bot.games.contract import GameError, Setup
from bot.games.definition import GameEntry, Lobby
from bot.games.views import Control
from bot.settings import snapshot
from cogs import answers
from cogs.answers import refuse
from cogs.bots import bot_seat
from cogs.components import build_view, game_select
from cogs.context import Desk, game_of, names_of
from cogs.custom_ids import TABLE_KIND
from cogs.panel_colour import COLOURS
from cogs.replies import say
from cogs.starting import NEW_GAME_COOLDOWN, Starter, opening, seat
from storage import GameRecord, GameStatus, PlayerSeat

JOIN, LEAVE, START, PICK_SEAT = "join", "leave", "start", "klass"
ADD_BOT, DROP_BOT = "addbot", "dropbot"
BOT_SEAT_ACTIONS = {ADD_BOT, DROP_BOT}
"""Lobby words only a game with bot players takes."""
LOBBY_ACTIONS = {JOIN, LEAVE, START, *BOT_SEAT_ACTIONS}
PICK_ROWS = 3
"""Menus below the buttons' two rows: Discord allows five rows in all."""

SAY = {
    "joined_already": "You're already at this table.",
    "full": "This table is full ({seats} players).",
    "not_in": "You're not at this table. Press Join first.",
    "unknown_pick": "That choice isn't on offer. Pick one from the list as it is now.",
    "host_only": "Only the host, {host}, can start.",
    "host_only_bots": "Only the host, {host}, seats and unseats bot players.",
    "no_bots": "There is no bot player at this table to remove.",
    "closed": "🚪 **{host}** closed the lobby.",
    "started_thread": "⚔️ The party sets out in {thread}.",
}


FIRST_LIST = ""
"""The key an older lobby's single pick is kept under: the game's first pick list."""


class LobbyState(BaseModel):
    """What a lobby keeps until it starts: the setup so far and who picked what."""

    variant: str
    settings: dict[str, int] = {}
    picks: dict[int, dict[str, list[str]]] = {}
    """User id -> pick list key -> the options chosen, one per hero the user runs."""

    @model_validator(mode="before")
    @classmethod
    def _earlier_form(cls, data: Any) -> Any:
        """Lobbies stored before lobbies were generic kept `mode`, `level` and `classes`;
        before several pick lists, a pick was one option id per user; before several heroes,
        one option per list."""
        if isinstance(data, dict) and "variant" not in data and "mode" in data:
            data = {
                "variant": data["mode"],
                "settings": {"level": data.get("level", 1)},
                "picks": data.get("classes", {}),
            }
        if isinstance(data, dict) and isinstance(data.get("picks"), dict):
            data = dict(data)
            data["picks"] = {user: _as_lists(pick) for user, pick in data["picks"].items()}
        return data

    def picks_of(self, lobby: Lobby, player: PlayerSeat, hero: int = 0) -> dict[str, str]:
        """A seat's choices by list key: what its player chose for this hero of theirs, else
        (for lists that say so) the option at the seat's place, so a party is mixed."""
        chosen = self.picks.get(player.user_id, {})
        picks: dict[str, str] = {}
        for index, choice in enumerate(lobby.choices):
            options = chosen.get(choice.key) or (chosen.get(FIRST_LIST, []) if index == 0 else [])
            pick = options[hero] if hero < len(options) else None
            if pick is None and choice.by_seat:
                pick = choice.options[player.seat % len(choice.options)][0]
            if pick is not None:
                picks[choice.key] = pick
        return picks

    def party_picks(self, lobby: Lobby, players: list[PlayerSeat]) -> list[dict[str, str]]:
        """Every seat's choices, a person's heroes numbered in their seat order."""
        heroes: dict[int, int] = {}
        picks = []
        for player in players:
            hero = heroes.get(player.user_id, 0)
            heroes[player.user_id] = hero + 1
            picks.append(self.picks_of(lobby, player, hero))
        return picks


def _as_lists(pick: Any) -> Any:
    """One user's picks in today's form: each list key to the options chosen."""
    if isinstance(pick, str):
        pick = {FIRST_LIST: pick}
    if not isinstance(pick, dict):
        return pick
    return {key: [chosen] if isinstance(chosen, str) else chosen for key, chosen in pick.items()}


def with_heroes(players: list[PlayerSeat], user_id: int, heroes: int) -> list[PlayerSeat]:
    """The table with this person holding `heroes` seats, where their first seat was."""
    mine = [p for p in players if p.user_id == user_id]
    seated: list[PlayerSeat] = []
    for player in players:
        if player.user_id != user_id:
            seated.append(player)
        elif player is mine[0]:
            seated += [mine[0]] * heroes
    return renumbered(seated)


def renumbered(players: Iterable[PlayerSeat]) -> list[PlayerSeat]:
    """Seats numbered again from 0 in the order given, after someone left the table."""
    return [
        PlayerSeat(seat=n, user_id=p.user_id, display_name=p.display_name)
        for n, p in enumerate(players)
    ]


def lobby_of(game: GameEntry) -> Lobby:
    if game.info.lobby is None:
        raise ValueError(f"{game.info.title} has no lobby")
    return game.info.lobby


class LobbyDesk:
    def __init__(self, desk: Desk, starter: Starter) -> None:
        self.desk = desk
        self._opened: dict[int, tuple[float, int, int]] = {}
        """Hosts who opened a lobby in the last NEW_GAME_COOLDOWN seconds: when, in which
        channel, and which lobby (a lobby holds no channel, so the store has no quick way to
        find a host's)."""
        self.starter = starter

    async def open(self, interaction: discord.Interaction, game: GameEntry, setup: Setup) -> None:
        if interaction.guild is None or interaction.channel_id is None:
            await refuse(interaction, say("guild_only"))
            return
        try:
            game.info.check(setup)
        except ValueError as error:
            await refuse(interaction, str(error))
            return
        async with self.desk.start_lock(interaction.user.id):
            await self._open(interaction, game, setup)

    async def _open(self, interaction: discord.Interaction, game: GameEntry, setup: Setup) -> None:
        """A new lobby, unless the host opened one here moments ago (a double command)."""
        now = self.desk.clock()
        self._opened = {
            host: opened
            for host, opened in self._opened.items()
            if now - opened[0] < NEW_GAME_COOLDOWN
        }
        earlier = self._opened.get(interaction.user.id)
        if earlier is not None and earlier[1] == interaction.channel_id:
            # a double command, unless that lobby has already started or been closed
            record = await self.desk.store.get_game(earlier[2])
            if record is not None and record.status == GameStatus.PENDING:
                await refuse(interaction, say("cooldown", where=f"<#{earlier[1]}>"))
                return
        settings = await opening(self.desk, interaction, game)
        if settings is None:
            return
        state = LobbyState(variant=setup.variant, settings=setup.settings)
        host = seat(interaction.user, 0)
        record = await self.desk.store.create_game(
            game=game.info.key,
            variant=setup.variant,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,  # a guild command always has one
            owner_id=host.user_id,
            players=[host],
            seed=self.desk.seeds(),
            state=state.model_dump_json(),
            narration="[]",
            status=GameStatus.PENDING,
            settings=snapshot(settings),
        )
        self._opened[interaction.user.id] = (now, record.channel_id, record.id)
        await self.starter.show(interaction, record, self.message(record))

    def message(self, record: GameRecord) -> dict[str, Any]:
        game = game_of(record)
        lobby, info = lobby_of(game), game.info
        state = LobbyState.model_validate_json(record.state)
        names = {
            (choice.key, pick_id): name
            for choice in lobby.choices
            for pick_id, name, _ in choice.options
        }
        seats = [
            f"**{p.display_name}**"
            + (": " + " · ".join(names[key, pick] for key, pick in picks.items()) if picks else "")
            for p, picks in zip(
                record.players, state.party_picks(lobby, record.players), strict=True
            )
        ]
        known = {setting.name: setting for setting in info.settings}
        told = [
            known[name].shown(value) if name in known else f"{name} {value}"
            for name, value in state.settings.items()
        ]
        settings = "".join(f" · {text}" for text in told if text)
        embed = discord.Embed(
            title=f"{info.title}{settings} · {state.variant}",
            description=lobby.blurb,
            colour=COLOURS["active"],
        )
        embed.add_field(
            name=f"Party ({len(record.players)}/{info.seats.max})",
            value="\n".join(seats),
            inline=False,
        )
        controls = [
            Control(label="Join", action=JOIN, style="success"),
            Control(label="Leave", action=LEAVE, style="secondary"),
            Control(label="Start", action=START, style="primary"),
        ]
        if lobby.bots:
            controls += [
                Control(label="Add a bot player", action=ADD_BOT, style="secondary", row=1),
                Control(label="Remove a bot", action=DROP_BOT, style="secondary", row=1),
            ]
        view = build_view(record.id, record.version, controls, TABLE_KIND)
        for index, choice in enumerate(lobby.choices[:PICK_ROWS]):
            options = [(name, pick_id, text) for pick_id, name, text in choice.options]
            select = game_select(
                record,
                PICK_SEAT,
                index,
                choice.placeholder,
                options,
                most=lobby.heroes,
                row=2 + index,
            )
            view.add_item(select)
        return {"embed": embed, "view": view}

    async def press(
        self, interaction: discord.Interaction, record: GameRecord, action: str
    ) -> None:
        """Join, Leave or Start, under the game's lock."""
        user = interaction.user
        number = record.seat_of(user.id)
        state = LobbyState.model_validate_json(record.state)
        players = list(record.players)
        if action == JOIN:
            seats = game_of(record).info.seats.max
            if number is not None:
                await refuse(interaction, SAY["joined_already"])
                return
            if len(players) >= seats:
                await refuse(interaction, SAY["full"].format(seats=seats))
                return
            players.append(seat(user, len(players)))
        elif number is None:
            await refuse(interaction, SAY["not_in"])
            return
        elif action in (ADD_BOT, DROP_BOT):
            if number != 0:
                host = players[0].display_name
                await refuse(interaction, SAY["host_only_bots"].format(host=host))
                return
            seated = await self._seat_bot(interaction, record, players, action == ADD_BOT)
            if seated is None:
                return
            players = seated
        elif action == LEAVE and number == 0:
            await self.desk.store.close_game(
                record.id, record.version, GameStatus.DECLINED, was=GameStatus.PENDING
            )
            closed = SAY["closed"].format(host=user.display_name)
            await answers.update(interaction, content=closed, embed=None, view=None)
            return
        elif action == LEAVE:
            players = renumbered(p for p in players if p.user_id != user.id)
            state.picks.pop(user.id, None)
        elif number != 0:
            await refuse(interaction, SAY["host_only"].format(host=players[0].display_name))
            return
        else:
            await self._start(interaction, record, state)
            return
        record = await self.desk.store.update_pending(
            record.id, record.version, players, state.model_dump_json()
        )
        await answers.update(interaction, **self.message(record))

    @staticmethod
    async def _seat_bot(
        interaction: discord.Interaction,
        record: GameRecord,
        players: list[PlayerSeat],
        add: bool,
    ) -> list[PlayerSeat] | None:
        """The table with a bot player added (or the last one removed); None, with the player
        told why, when there is no seat to fill or no bot to remove."""
        if add:
            seats = game_of(record).info.seats.max
            if len(players) >= seats:
                await refuse(interaction, SAY["full"].format(seats=seats))
                return None
            return [*players, bot_seat(len(players), players)]
        bots = [p for p in players if p.is_bot]
        if not bots:
            await refuse(interaction, SAY["no_bots"])
            return None
        return renumbered(p for p in players if p.user_id != bots[-1].user_id)

    async def choose(
        self, interaction: discord.Interaction, record: GameRecord, values: list[str], arg: str
    ) -> None:
        """A player's choice from one of the lobby's menus (`arg`: which menu)."""
        if record.seat_of(interaction.user.id) is None:
            await refuse(interaction, SAY["not_in"])
            return
        state = LobbyState.model_validate_json(record.state)
        choices = lobby_of(game_of(record)).choices
        index = int(arg) if arg.isdecimal() else -1
        if not 0 <= index < len(choices):
            await refuse(interaction, SAY["unknown_pick"])
            return
        choice, lobby = choices[index], lobby_of(game_of(record))
        known = {pick_id for pick_id, _, _ in choice.options}
        if not values or len(values) > lobby.heroes or not set(values) <= known:
            await refuse(interaction, SAY["unknown_pick"])
            return
        players = record.players
        if index == 0 and lobby.heroes > 1:  # one hero per option chosen
            players = with_heroes(record.players, interaction.user.id, len(values))
            seats = game_of(record).info.seats.max
            if len(players) > seats:
                await refuse(interaction, SAY["full"].format(seats=seats))
                return
        mine = state.picks.setdefault(interaction.user.id, {})
        if index == 0:
            mine.pop(FIRST_LIST, None)
        mine[choice.key] = list(values)
        record = await self.desk.store.update_pending(
            record.id, record.version, players, state.model_dump_json()
        )
        await answers.update(interaction, **self.message(record))

    async def _start(
        self, interaction: discord.Interaction, record: GameRecord, state: LobbyState
    ) -> None:
        game = game_of(record)
        lobby = lobby_of(game)
        setup = Setup(
            variant=state.variant,
            seats=len(record.players),
            settings=state.settings,
            picks=state.party_picks(lobby, record.players),
        )
        try:
            match, events = game.start(record.seed, setup)
        except (GameError, ValueError) as error:
            await refuse(interaction, str(error))
            return
        narration = match.narrate(events, None, names_of(record))
        name = f"{record.players[0].display_name}'s party · {game.info.title}"
        texts = (None, SAY["started_thread"])
        await self.starter.activate(interaction, record, name, texts, match, narration)
