"""The state Discord keeps, independent of any bot process.

A ``World`` holds guilds, channels, threads, users and every message by id. It outlives a bot:
stop one bot, start another on the same world, and the messages the first one posted (with their
buttons) are still there to be clicked, as they would be on Discord after a restart.

The entities live in ``guilds.py`` (users, guilds, roles, channels, threads) and ``messages.py``;
the world ties them together, hands out snowflakes, and applies message creates and edits. The
fake REST layer and the gateway both read and write through it.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from discord.utils import time_snowflake

from tests.harness.copies import wire_copy
from tests.harness.guilds import (
    ADMINISTRATOR,
    EVERYONE_PERMISSIONS,
    PUBLIC_THREAD,
    Channel,
    Guild,
    Member,
    Role,
    User,
    now_iso,
)
from tests.harness.messages import (
    IS_COMPONENTS_V2,
    LOADING,
    SETTABLE_FLAGS,
    SUPPRESS_EMBEDS,
    StoredMessage,
    numbered,
)


class World:
    """Discord's side of every test: one application, its guilds, users and messages.

    Created with one guild ("Test Guild") holding one text channel ("general"); add users with
    ``add_user`` (pass ``permissions=MANAGE_GUILD`` for a moderator), more channels with
    ``add_channel``. Bots started on the same world see the same state.
    """

    def __init__(
        self,
        *,
        guild_name: str = "Test Guild",
        channel_name: str = "general",
        bot_name: str = "TestBot",
        bot_permissions: int = EVERYONE_PERMISSIONS,
    ) -> None:
        self._last_id = 0
        self.app_id = self.new_id()
        self.bot_user = User(self.app_id, bot_name, bot=True)
        self.owner = User(self.new_id(), "owner")
        self.bot_permissions = bot_permissions
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.messages: dict[int, StoredMessage] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}  # synced, by guild id
        self.unsynced_command_ids: dict[tuple[int | None, str], int] = {}
        self.interactions: dict[str, Any] = {}  # InteractionRecord by token
        self.dm_channels: dict[int, int] = {}
        """Each direct-message channel the bot opened, by id: the user at its other end."""
        self.closed_dms: set[int] = set()
        """Users who accept no direct message from the bot (Discord answers 50007)."""
        self.uid = secrets.token_hex(4)
        """Tells this world's interaction tokens from another world's in the same process."""
        self.guild = self.add_guild(guild_name)
        self.channel = self.add_channel(channel_name)

    # ---- ids and lookups ------------------------------------------------------------------------

    def new_id(self) -> int:
        """A fresh snowflake: time-based like Discord's, strictly increasing."""
        self._last_id = max(self._last_id + 1, time_snowflake(datetime.now(UTC)))
        return self._last_id

    def open_dm(self, user_id: int) -> int:
        """The bot's direct-message channel with a user, opened once."""
        for channel_id, other in self.dm_channels.items():
            if other == user_id:
                return channel_id
        channel_id = self.new_id()
        self.dm_channels[channel_id] = user_id
        return channel_id

    def direct_messages(self, user: User) -> list[StoredMessage]:
        """What the bot sent a user privately, oldest first."""
        return [
            m
            for m in self.messages.values()
            if self.dm_channels.get(m.channel_id) == user.id and not m.deleted
        ]

    def user(self, name: str) -> User:
        for user in self.users.values():
            if user.name == name:
                return user
        raise KeyError(f"no user named {name!r}; add it with world.add_user({name!r})")

    def channel_named(self, name: str, guild: Guild | None = None) -> Channel:
        for channel in (guild or self.guild).channels.values():
            if channel.name == name:
                return channel
        raise KeyError(f"no channel named {name!r}")

    def find_channel(self, channel_id: int) -> Channel | None:
        for guild in self.guilds.values():
            if channel_id in guild.channels:
                return guild.channels[channel_id]
        return None

    def member(self, user: User, guild: Guild | None = None) -> Member:
        guild = guild or self.guild
        try:
            return guild.members[user.id]
        except KeyError:
            raise KeyError(f"{user.name} is not a member of {guild.name}") from None

    def message(self, message_id: int) -> StoredMessage:
        """A message by id, deleted ones included (check ``.deleted``)."""
        try:
            return self.messages[int(message_id)]
        except KeyError:
            raise KeyError(f"no message {message_id} in the world") from None

    def messages_in(self, channel: Channel | int) -> list[StoredMessage]:
        """The channel's live messages, oldest first."""
        channel_id = channel if isinstance(channel, int) else channel.id
        return [m for m in self.messages.values() if m.channel_id == channel_id and not m.deleted]

    # ---- building the world ---------------------------------------------------------------------

    def add_guild(self, name: str) -> Guild:
        guild = Guild(id=self.new_id(), name=name, owner_id=self.owner.id)
        guild.roles[guild.id] = Role(guild.id, "@everyone", EVERYONE_PERMISSIONS)
        self.guilds[guild.id] = guild
        guild.members[self.bot_user.id] = Member(self.bot_user, guild)
        return guild

    def add_channel(self, name: str, guild: Guild | None = None) -> Channel:
        guild = guild or self.guild
        position = sum(1 for c in guild.channels.values() if not c.is_thread)
        channel = Channel(id=self.new_id(), guild=guild, name=name, position=position)
        guild.channels[channel.id] = channel
        return channel

    def add_user(
        self, name: str, *, permissions: int = 0, guild: Guild | None = None, bot: bool = False
    ) -> User:
        """A new user, member of the guild, with ``permissions`` on top of @everyone's.

        The extra permissions come from a role (one per distinct set), so both the interaction's
        ``member.permissions`` and discord.py's ``Member.guild_permissions`` report them.
        """
        user = User(self.new_id(), name, bot=bot)
        self.users[user.id] = user
        self.join(user, guild or self.guild, permissions=permissions)
        return user

    def join(self, user: User, guild: Guild, *, permissions: int = 0) -> Member:
        member = Member(user, guild)
        if permissions:
            member.role_ids.append(self._role_for(guild, permissions).id)
        guild.members[user.id] = member
        return member

    def _role_for(self, guild: Guild, permissions: int) -> Role:
        for role in guild.roles.values():
            if role.id != guild.id and role.permissions == permissions:
                return role
        role = Role(
            self.new_id(), f"perms-{permissions:#x}", permissions, position=len(guild.roles)
        )
        guild.roles[role.id] = role
        return role

    def add_thread(
        self,
        parent: Channel,
        name: str,
        *,
        type: int = PUBLIC_THREAD,
        owner: User | None = None,
        thread_id: int | None = None,
        auto_archive_duration: int = 1440,
    ) -> Channel:
        thread = Channel(
            id=thread_id or self.new_id(),
            guild=parent.guild,
            name=name,
            type=type,
            parent_id=parent.id,
            owner_id=(owner or self.bot_user).id,
            auto_archive_duration=auto_archive_duration,
        )
        parent.guild.channels[thread.id] = thread
        return thread

    def bot_permissions_in(self, channel: Channel) -> int:
        """The bot's permissions in a channel: the channel's override, else the world's."""
        return self.bot_permissions if channel.bot_permissions is None else channel.bot_permissions

    def bot_can(self, channel: Channel, permission: int) -> bool:
        return bool(self.bot_permissions_in(channel) & (permission | ADMINISTRATOR))

    # ---- messages -------------------------------------------------------------------------------

    def create_message(
        self,
        channel: Channel,
        body: dict[str, Any],
        *,
        author: User | None = None,
        attachments: list[dict[str, Any]] | None = None,
        **extra: Any,
    ) -> StoredMessage:
        """Store a new message built from a create body (content, embeds, components, flags)."""
        flags = int(body.get("flags") or 0) & SETTABLE_FLAGS
        payload: dict[str, Any] = {
            "id": str(self.new_id()),
            "channel_id": str(channel.id),
            "guild_id": str(channel.guild.id),
            "type": 0,
            "author": (author or self.bot_user).payload(),
            "content": body.get("content") or "",
            "embeds": wire_copy(body.get("embeds") or []),
            "components": numbered(body.get("components") or []),
            "attachments": attachments or [],
            "flags": flags,
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
        }
        payload.update(extra)
        message = StoredMessage(payload, stored=True)
        self.messages[message.id] = message
        return message

    def edit_message(
        self,
        message: StoredMessage,
        body: dict[str, Any],
        *,
        attachments: list[dict[str, Any]] | None = None,
    ) -> StoredMessage:
        """Apply an edit body: fields present replace the old ones (null clears), others stay."""
        message.history.append(message.wire())
        message.changed()
        payload = message.payload
        if "content" in body:
            payload["content"] = body["content"] or ""
        if "embeds" in body:
            payload["embeds"] = wire_copy(body["embeds"] or [])
        if "components" in body:
            payload["components"] = numbered(body["components"] or [])
        if attachments is not None:
            payload["attachments"] = attachments
        was_loading = bool(payload["flags"] & LOADING)
        flags = payload["flags"] & ~LOADING  # any edit resolves "Bot is thinking..."
        if body.get("flags") is not None:
            asked = int(body["flags"])
            flags = (flags & ~SUPPRESS_EMBEDS) | (asked & (SUPPRESS_EMBEDS | IS_COMPONENTS_V2))
        payload["flags"] = flags
        if not was_loading:  # replacing the placeholder does not show as an edit
            payload["edited_timestamp"] = now_iso()
        return message

    def delete_message(self, message: StoredMessage) -> None:
        message.deleted = True
