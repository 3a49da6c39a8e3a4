"""INTERACTION_CREATE payloads, and what became of each interaction.

``InteractionRecord`` is Discord's side of one interaction (its token, deadline, the callback it
got, the messages it created); ``InteractionResult`` is the handle a test gets back from
``slash``/``click``/``select`` to assert on.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType

from tests.harness.guilds import Channel, Member, User
from tests.harness.messages import EPHEMERAL, StoredMessage
from tests.harness.world import World

if TYPE_CHECKING:
    from tests.harness.fakecord import FakeDiscord
    from tests.harness.recording import RecordedRequest

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
MODAL_SUBMIT = 5
TEXT_INPUT = 4
LABEL = 18
AUTOCOMPLETE = 4
BUTTON = 2
STRING_SELECT = 3


@dataclass(eq=False)
class InteractionRecord:
    """One interaction as Discord tracks it, from INTERACTION_CREATE to its last followup."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    wire: str
    """The INTERACTION_CREATE payload as the gateway sent it (JSON text)."""
    created_at: float  # the fake's clock when dispatched: the 3-second deadline counts from here
    label: str  # "/poll", "click vote:0": how problems name it
    connection: FakeDiscord | None = None
    clicked_message_id: int | None = None
    callback: dict[str, Any] | None = None
    acknowledged_at: float | None = None  # the fake's clock when the callback arrived
    callback_error: str | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    created_message_ids: list[int] = field(default_factory=list)
    created_channel_ids: list[int] = field(default_factory=list)
    requests: list[RecordedRequest] = field(default_factory=list)
    flagged: bool = False  # already reported (late or never acknowledged)

    @property
    def acknowledged(self) -> bool:
        return self.callback is not None

    @cached_property
    def payload(self) -> dict[str, Any]:
        """The INTERACTION_CREATE payload, decoded when a test first looks at it."""
        return json.loads(self.wire)


class InteractionResult:
    """What a test asserts on after ``slash``, ``click`` or ``select``.

    ``message`` is the message the interaction answered with or edited (its current state in the
    world), ``followups`` the followup messages, ``response`` the callback body the bot sent.
    """

    def __init__(self, record: InteractionRecord, world: World) -> None:
        self.record = record
        self.world = world

    def __repr__(self) -> str:
        return (
            f"<InteractionResult {self.record.label!r} by {self.record.user.name} "
            f"response_type={self.response_type} message={self.message!r}>"
        )

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def payload(self) -> dict[str, Any]:
        """The INTERACTION_CREATE payload the bot received."""
        return self.record.payload

    @property
    def acknowledged(self) -> bool:
        return self.record.acknowledged

    @property
    def error(self) -> str | None:
        """Why Discord refused the callback (e.g. 10062 after the deadline), if it did."""
        return self.record.callback_error

    @property
    def response(self) -> dict[str, Any] | None:
        """The interaction callback body: ``{"type": ..., "data": ...}``."""
        return self.record.callback

    @property
    def response_type(self) -> int | None:
        """4 message, 5 deferred message, 6 deferred update, 7 update message, 8 autocomplete
        choices, 9 modal."""
        return self.record.callback["type"] if self.record.callback else None

    @property
    def response_data(self) -> dict[str, Any]:
        return (self.record.callback or {}).get("data") or {}

    @property
    def modal(self) -> dict[str, Any] | None:
        """The box the bot opened (response type 9): its title, custom_id and components."""
        return self.response_data if self.response_type == 9 else None

    @property
    def choices(self) -> list[dict[str, Any]]:
        """What an autocomplete answered (response type 8): ``[{"name", "value"}, ...]``."""
        return list(self.response_data.get("choices") or [])

    @property
    def message(self) -> StoredMessage | None:
        """The original response message (or the clicked message, for types 6 and 7)."""
        mid = self.record.original_message_id
        return self.world.messages.get(mid) if mid is not None else None

    @property
    def ephemeral(self) -> bool:
        if self.message is not None:
            return self.message.ephemeral
        return bool(int(self.response_data.get("flags") or 0) & EPHEMERAL)

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else []

    @property
    def embed(self) -> dict[str, Any] | None:
        return self.message.embed if self.message else None

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components if self.message else []

    @property
    def followups(self) -> list[StoredMessage]:
        return [self.world.messages[mid] for mid in self.record.followup_ids]

    @property
    def followup(self) -> StoredMessage:
        """The last followup (AssertionError if there was none)."""
        assert self.record.followup_ids, f"{self.record.label!r} sent no followup"
        return self.followups[-1]

    @property
    def created_messages(self) -> list[StoredMessage]:
        """Every message created while handling this interaction, in order, wherever posted."""
        return [self.world.messages[mid] for mid in self.record.created_message_ids]

    @property
    def created_threads(self) -> list[Channel]:
        found = (self.world.find_channel(cid) for cid in self.record.created_channel_ids)
        return [c for c in found if c is not None]

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every REST request made for this interaction (callback, followups, channel posts...)."""
        return self.record.requests


# ---- payloads ------------------------------------------------------------------------------------


def member_payload(member: Member | None, user: User) -> dict[str, Any]:
    if member is None:
        raise KeyError(f"{user.name} is not a member of this guild")
    return member.payload(with_permissions=True)


def interaction_channel_payload(channel: Channel, permissions: int) -> dict[str, Any]:
    data = channel.payload()
    data["permissions"] = str(permissions)
    return data


def base_payload(
    world: World,
    *,
    interaction_id: int,
    token: str,
    type: int,
    user: User,
    channel: Channel,
    data: dict[str, Any],
) -> dict[str, Any]:
    guild = channel.guild
    member = guild.members.get(user.id)
    return {
        "id": str(interaction_id),
        "application_id": str(world.app_id),
        "type": type,
        "token": token,
        "version": 1,
        "guild_id": str(guild.id),
        "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
        "channel_id": str(channel.id),
        "channel": interaction_channel_payload(channel, member.permissions if member else 0),
        "member": member_payload(member, user),
        "app_permissions": str(world.bot_permissions_in(channel)),
        "locale": "en-US",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild.id)},
        "context": 0,
        "attachment_size_limit": 8 * 1024 * 1024,
        "data": data,
    }


def command_data(
    world: World,
    tree: app_commands.CommandTree | None,
    command_path: str,
    channel: Channel,
    options: Mapping[str, Any],
) -> dict[str, Any]:
    """The ``data`` of a CHAT_INPUT interaction for ``"name [group] [sub]"`` and its options.

    Option types come from the bot's own command tree where the command is found there (so an
    int for a ``float`` parameter is sent as a number), else from the Python values.
    """
    names = command_path.split()
    if not 1 <= len(names) <= 3:
        raise ValueError(f"a command path has 1 to 3 names, not {command_path!r}")
    command, guild_scoped = _find_command(tree, names, discord.Object(id=channel.guild.id))
    types = {p.display_name: p.type for p in command.parameters} if command else {}
    resolved: dict[str, dict[str, Any]] = {}
    leaf = [
        _option(name, value, types.get(name), channel, resolved) for name, value in options.items()
    ]
    nested = leaf
    for depth, name in reversed(list(enumerate(names[1:], 1))):
        kind = 1 if depth == len(names) - 1 else 2  # SUB_COMMAND, SUB_COMMAND_GROUP
        nested = [{"type": kind, "name": name, "options": nested}]
    data: dict[str, Any] = {
        "id": str(world_command_id(world, names[0], channel.guild.id if guild_scoped else None)),
        "name": names[0],
        "type": 1,
        "options": nested,
    }
    if guild_scoped:
        data["guild_id"] = str(channel.guild.id)
    if resolved:
        data["resolved"] = resolved
    return data


def user_command_data(
    world: World, tree: app_commands.CommandTree | None, name: str, channel: Channel, target: User
) -> dict[str, Any]:
    """The ``data`` of a USER context-menu interaction ("Apps > name" on ``target``)."""
    guild = discord.Object(id=channel.guild.id)
    scoped = (
        tree is not None
        and tree.get_command(name, guild=guild, type=discord.AppCommandType.user) is not None
    )
    resolved: dict[str, dict[str, Any]] = {}
    _option("target", target, AppCommandOptionType.user, channel, resolved)
    data: dict[str, Any] = {
        "id": str(world_command_id(world, name, channel.guild.id if scoped else None)),
        "name": name,
        "type": 2,
        "target_id": str(target.id),
        "resolved": resolved,
    }
    if scoped:
        data["guild_id"] = str(channel.guild.id)
    return data


def world_command_id(world: World, name: str, guild_id: int | None) -> int:
    """The id Discord gave the command when it was synced (or a stable one if it never was)."""
    for command in world.commands.get(guild_id, []):
        if command["name"] == name:
            return int(command["id"])
    return world.unsynced_command_ids.setdefault((guild_id, name), world.new_id())


def _find_command(
    tree: app_commands.CommandTree | None, names: list[str], guild: Any
) -> tuple[app_commands.Command | None, bool]:
    if tree is None:
        return None, False
    found: Any = tree.get_command(names[0], guild=guild)
    guild_scoped = found is not None
    if found is None:
        found = tree.get_command(names[0])
    for name in names[1:]:
        found = found.get_command(name) if isinstance(found, app_commands.Group) else None
    return (found if isinstance(found, app_commands.Command) else None), guild_scoped


def _option(
    name: str,
    value: Any,
    kind: AppCommandOptionType | None,
    channel: Channel,
    resolved: dict[str, dict[str, Any]],
) -> dict[str, Any]:
    if isinstance(value, app_commands.Choice):
        value = value.value
    kind = kind or _infer_type(value)
    if kind in (AppCommandOptionType.user, AppCommandOptionType.mentionable):
        if not isinstance(value, User):
            raise TypeError(f"option {name!r} takes a harness User, not {value!r}")
        resolved.setdefault("users", {})[str(value.id)] = value.payload()
        member = channel.guild.members.get(value.id)
        if member is not None:
            members = resolved.setdefault("members", {})
            members[str(value.id)] = member.payload(with_user=False, with_permissions=True)
        return {"name": name, "type": kind.value, "value": str(value.id)}
    if kind is AppCommandOptionType.channel:
        if not isinstance(value, Channel):
            raise TypeError(f"option {name!r} takes a harness Channel, not {value!r}")
        entry = interaction_channel_payload(value, 0)
        resolved.setdefault("channels", {})[str(value.id)] = entry
        return {"name": name, "type": kind.value, "value": str(value.id)}
    convert = {
        AppCommandOptionType.string: str,
        AppCommandOptionType.integer: int,
        AppCommandOptionType.boolean: bool,
        AppCommandOptionType.number: float,
    }.get(kind)
    if convert is None:
        raise NotImplementedError(f"option {name!r}: {kind.name} options are not supported")
    return {"name": name, "type": kind.value, "value": convert(value)}


def _infer_type(value: Any) -> AppCommandOptionType:
    if isinstance(value, bool):
        return AppCommandOptionType.boolean
    if isinstance(value, int):
        return AppCommandOptionType.integer
    if isinstance(value, float):
        return AppCommandOptionType.number
    if isinstance(value, User):
        return AppCommandOptionType.user
    if isinstance(value, Channel):
        return AppCommandOptionType.channel
    return AppCommandOptionType.string


def component_data(
    message: StoredMessage, custom_id: str, values: list[str] | None, *, check: bool
) -> dict[str, Any]:
    """The ``data`` of a button click (no values) or a string-select choice (values).

    With ``check`` the component must be on the message, enabled, and of the right kind, and
    the values must be among the select's options: a Discord client can send nothing else.
    """
    component_type = BUTTON if values is None else STRING_SELECT
    if check:
        _check_component(message, custom_id, component_type, values)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
    if values is not None:
        data["values"] = list(values)
    return data


def text_inputs(modal: dict[str, Any]) -> list[tuple[dict[str, Any], bool]]:
    """A modal's text inputs, each with whether it sits under a label (else in a row)."""
    found: list[tuple[dict[str, Any], bool]] = []
    for part in modal.get("components") or []:
        if part.get("type") == LABEL and (part.get("component") or {}).get("type") == TEXT_INPUT:
            found.append((part["component"], True))
        for inner in part.get("components") or []:
            if inner.get("type") == TEXT_INPUT:
                found.append((inner, False))
    return found


def modal_data(modal: dict[str, Any], values: dict[str, str]) -> dict[str, Any]:
    """The ``data`` of a modal submitted with ``values`` typed in its text inputs, checked as a
    Discord client would: every input known, required ones filled, lengths within bounds."""
    inputs = text_inputs(modal)
    known = {box["custom_id"] for box, _ in inputs}
    unknown = set(values) - known
    if unknown:
        raise AssertionError(f"{sorted(unknown)} are not inputs of the modal ({sorted(known)})")
    components: list[dict[str, Any]] = []
    for box, labelled in inputs:
        value = values.get(box["custom_id"], "")
        least, most = box.get("min_length", 0), box.get("max_length", 4000)
        if (value and not least <= len(value) <= most) or (box.get("required", True) and not value):
            raise AssertionError(f"{value!r} does not fit {box['custom_id']!r} ({least}-{most})")
        typed = {"type": TEXT_INPUT, "custom_id": box["custom_id"], "value": value}
        components.append(
            {"type": LABEL, "component": typed} if labelled else {"type": 1, "components": [typed]}
        )
    return {"custom_id": modal["custom_id"], "components": components}


def _check_component(
    message: StoredMessage, custom_id: str, component_type: int, values: list[str] | None
) -> None:
    component = message.component(custom_id)
    if component is None:
        raise AssertionError(
            f"no component {custom_id!r} on message {message.id}; it has {message.custom_ids}"
        )
    if component.get("type") != component_type:
        raise AssertionError(f"{custom_id!r} is a component of type {component.get('type')}")
    if component.get("disabled"):
        raise AssertionError(f"{custom_id!r} is disabled: a user cannot use it")
    if values is not None:
        allowed = {o["value"] for o in component.get("options") or []}
        wrong = [v for v in values if v not in allowed]
        if wrong:
            raise AssertionError(f"{wrong} are not options of {custom_id!r} ({sorted(allowed)})")
