"""Discord's REST API, answered from the world, for the routes a game bot uses.

Each handler answers like Discord does: the JSON Discord returns, or the error it returns
(404 Unknown Message for an edit of a message that is gone, 10062 for a late interaction
callback, 40060 for a second one, 403 Missing Permissions...). A route with no handler is a
``UnknownRoute`` error, so a test never passes on a request nothing answered.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tests.harness.components_v2 import v2_problems
from tests.harness.copies import wire_copy
from tests.harness.guilds import (
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    PRIVATE_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    Channel,
    now_iso,
)
from tests.harness.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    InteractionRecord,
)
from tests.harness.messages import EPHEMERAL, LOADING, StoredMessage
from tests.harness.problems import ProblemKind
from tests.harness.recording import (
    DiscordHTTPError,
    RecordedRequest,
    UnknownRoute,
    cannot_message_user,
    invalid_form_body,
    missing_permissions,
    unknown_channel,
    unknown_interaction,
    unknown_message,
    unknown_webhook,
    without_nulls,
)
from tests.harness.world import World

if TYPE_CHECKING:
    from tests.harness.fakecord import FakeDiscord

MODAL_SUBMIT = 5


@dataclass
class Call:
    """A request being answered: the record, the interaction it belongs to, uploaded files."""

    request: RecordedRequest
    interaction: InteractionRecord | None
    uploads: dict[int, dict[str, Any]]

    @property
    def body(self) -> dict[str, Any]:
        return self.request.body if isinstance(self.request.body, dict) else {}

    def id(self, name: str) -> int:
        try:
            return int(self.request.params[name])
        except (KeyError, ValueError):
            raise DiscordHTTPError(404, 0, f"404: Not Found ({name})") from None


Handler = Callable[["FakeRest", Call], Any]
ROUTES: dict[tuple[str, str], tuple[Handler, int]] = {}


def route(method: str, path: str, status: int = 200) -> Callable[[Handler], Handler]:
    """Register a handler; ``status`` is its success status (204 whenever it returns None)."""

    def register(handler: Handler) -> Handler:
        ROUTES[(method, path)] = (handler, status)
        return handler

    return register


CHANNEL_MESSAGE = "/channels/{channel_id}/messages/{message_id}"
ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
WEBHOOK_MESSAGE = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"


class FakeRest:
    """The REST side of one bot's connection to the fake Discord."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.world: World = fake.world

    def answer(self, call: Call) -> tuple[int, Any]:
        """The success status and JSON body for a call (or the DiscordHTTPError it gets)."""
        found = ROUTES.get((call.request.method, call.request.path))
        if found is None:
            raise UnknownRoute(
                f"the fake Discord does not implement {call.request.method} {call.request.path};"
                " add a handler in tests/harness/rest.py"
            )
        handler, status = found
        body = handler(self, call)
        return (status if body is not None else 204), body

    # ---- helpers ---------------------------------------------------------------------------------

    def _channel(self, call: Call) -> Channel:
        channel = self.world.find_channel(call.id("channel_id"))
        if channel is None:
            raise unknown_channel()
        if not self.world.bot_can(channel, VIEW_CHANNEL):
            raise missing_permissions()
        return channel

    def _channel_message(self, call: Call) -> StoredMessage:
        channel = self._channel(call)
        message = self.world.messages.get(call.id("message_id"))
        if message is None or message.deleted or message.channel_id != channel.id:
            raise unknown_message()
        if message.ephemeral:  # ephemeral messages exist only for their interaction's token
            raise unknown_message()
        return message

    def _bot_message(self, message: StoredMessage) -> StoredMessage:
        if int(message.payload["author"]["id"]) != self.world.bot_user.id:
            raise DiscordHTTPError(403, 50005, "Cannot edit a message authored by another user")
        return message

    def _attachments(
        self, call: Call, body: dict[str, Any], channel_id: int, existing: list[dict[str, Any]]
    ) -> list[dict[str, Any]] | None:
        """The message's attachments after this request, or None to leave them as they are."""
        if "attachments" not in body and not call.uploads:
            return None
        items = body.get("attachments")
        if items is None:
            items = [{"id": index} for index in call.uploads] + existing
        kept = {int(a["id"]): a for a in existing}
        result = []
        for item in items:
            ref = int(item["id"])
            if ref in call.uploads:
                upload = call.uploads[ref]
                new_id = self.world.new_id()
                url = f"https://cdn.discordapp.com/attachments/{channel_id}/{new_id}/"
                attachment = {
                    "id": str(new_id),
                    "filename": item.get("filename") or upload["filename"],
                    "size": upload["size"],
                    "url": url + upload["filename"],
                    "proxy_url": url + upload["filename"],
                    "content_type": upload.get("content_type"),
                    "description": item.get("description"),
                }
                result.append(without_nulls(attachment))
            elif ref in kept:
                result.append(kept[ref])
        return result

    def _v2_rules(
        self, call: Call, body: dict[str, Any], current: StoredMessage | None = None
    ) -> None:
        """Answer 400 to a body that breaks the Components V2 rules, and report it."""
        problems = v2_problems(body, current.payload if current is not None else None)
        for problem in problems:
            call.request.violations.append(problem)
            self.fake.problems.add(
                ProblemKind.SPEC_VIOLATION,
                f"{call.request.method} {call.request.path}: {problem}",
                json.dumps(body, ensure_ascii=False)[:1500],
            )
        if problems:
            raise invalid_form_body("components", "COMPONENTS_V2", "; ".join(problems))

    def _post(
        self, call: Call, channel: Channel, body: dict[str, Any], **extra: Any
    ) -> StoredMessage:
        self._v2_rules(call, body)
        attachments = self._attachments(call, body, channel.id, []) or []
        message = self.world.create_message(channel, body, attachments=attachments, **extra)
        if call.interaction is not None:
            call.interaction.created_message_ids.append(message.id)
        return message

    def _edit(
        self, call: Call, message: StoredMessage, body: dict[str, Any] | None = None
    ) -> StoredMessage:
        body = call.body if body is None else body
        self._v2_rules(call, body, message)
        attachments = self._attachments(call, body, message.channel_id, message.attachments)
        return self.world.edit_message(message, body, attachments=attachments)

    @staticmethod
    def _out(message: StoredMessage) -> dict[str, Any]:
        """The message as a response body; its text is kept for the clicks that follow."""
        return json.loads(message.wire())

    # ---- login and commands ----------------------------------------------------------------------

    @route("GET", "/users/@me")
    def get_me(self, call: Call) -> Any:
        return {**self.world.bot_user.payload(), "mfa_enabled": False, "locale": "en-US"}

    @route("GET", "/oauth2/applications/@me")
    def get_application(self, call: Call) -> Any:
        return {
            "id": str(self.world.app_id),
            "name": self.world.bot_user.name,
            "icon": None,
            "description": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.world.owner.payload(),
            "type": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "flags_new": "0",
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "approximate_guild_count": len(self.world.guilds),
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "team": None,
            "eligible_oauth2_scopes": [],
            "bot": self.world.bot_user.payload(),
        }

    def _commands_key(self, call: Call) -> int | None:
        if call.id("application_id") != self.world.app_id:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        return call.id("guild_id") if "guild_id" in call.request.params else None

    @route("GET", "/applications/{application_id}/commands")
    @route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")
    def get_commands(self, call: Call) -> Any:
        return wire_copy(self.world.commands.get(self._commands_key(call), []))

    @route("PUT", "/applications/{application_id}/commands")
    @route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")
    def put_commands(self, call: Call) -> Any:
        """Bulk overwrite: the new list replaces the old; a kept name keeps its id."""
        key = self._commands_key(call)
        old = {c["name"]: c["id"] for c in self.world.commands.get(key, [])}
        commands = []
        for command in call.request.body or []:
            stored = without_nulls(command)
            stored.setdefault("type", 1)
            stored.setdefault("description", "")  # context menus have none; Discord sends ""
            stored.update(
                id=old.get(command["name"]) or str(self.world.new_id()),
                application_id=str(self.world.app_id),
                version=str(self.world.new_id()),
                default_member_permissions=command.get("default_member_permissions"),
            )
            if key is not None:
                stored["guild_id"] = str(key)
            commands.append(stored)
        self.world.commands[key] = commands
        return wire_copy(commands)

    # ---- channels, messages, threads -------------------------------------------------------------

    @route("GET", "/channels/{channel_id}")
    def get_channel(self, call: Call) -> Any:
        return self._channel(call).payload()

    @route("POST", "/channels/{channel_id}/typing")
    @route("PUT", "/channels/{channel_id}/thread-members/@me")
    def no_content(self, call: Call) -> Any:
        self._channel(call)
        return None

    @route("POST", "/users/@me/channels")
    def create_dm(self, call: Call) -> Any:
        user = self.world.users.get(int(call.body["recipient_id"]))
        if user is None:
            raise invalid_form_body("recipient_id", "NUMBER_TYPE_COERCE", "Unknown user")
        channel_id = self.world.open_dm(user.id)
        return {"id": str(channel_id), "type": 1, "recipients": [user.payload()]}

    def _direct_message(self, call: Call, user_id: int) -> StoredMessage:
        """A message to a user's direct-message channel: plain, as nobody else sees it."""
        if user_id in self.world.closed_dms:
            raise cannot_message_user()
        channel_id = call.id("channel_id")
        payload = {
            "id": str(self.world.new_id()),
            "channel_id": str(channel_id),
            "type": 0,
            "author": self.world.bot_user.payload(),
            "content": call.body.get("content") or "",
            "embeds": [],
            "attachments": [],
            "components": [],
            "flags": 0,
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
        }
        message = StoredMessage(payload, stored=True)
        self.world.messages[message.id] = message
        return message

    @route("POST", "/channels/{channel_id}/messages")
    def create_message(self, call: Call) -> Any:
        recipient = self.world.dm_channels.get(call.id("channel_id"))
        if recipient is not None:
            return self._out(self._direct_message(call, recipient))
        channel = self._channel(call)
        needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        if not self.world.bot_can(channel, needed):
            raise missing_permissions()
        self._may_upload(call, channel)
        body = dict(call.body)
        body["flags"] = int(body.get("flags") or 0) & ~EPHEMERAL  # only interactions whisper
        return self._out(self._post(call, channel, body))

    @route("GET", CHANNEL_MESSAGE)
    def get_message(self, call: Call) -> Any:
        return self._out(self._channel_message(call))

    @route("PATCH", CHANNEL_MESSAGE)
    def edit_message(self, call: Call) -> Any:
        message = self._bot_message(self._channel_message(call))
        self._may_upload(call, self._channel(call))
        return self._out(self._edit(call, message))

    def _may_upload(self, call: Call, channel: Channel) -> None:
        """A file sent through a channel (not an interaction's webhook) needs Attach Files."""
        if call.uploads and not self.world.bot_can(channel, ATTACH_FILES):
            raise missing_permissions()

    @route("DELETE", CHANNEL_MESSAGE)
    def delete_message(self, call: Call) -> Any:
        self.world.delete_message(self._channel_message(call))
        return None

    @route("POST", "/channels/{channel_id}/threads", status=201)
    def create_thread(self, call: Call) -> Any:
        parent = self._channel(call)
        kind = int(call.body.get("type") or PRIVATE_THREAD)
        return self._start_thread(call, parent, kind, thread_id=None)

    @route("POST", "/channels/{channel_id}/messages/{message_id}/threads", status=201)
    def create_thread_from_message(self, call: Call) -> Any:
        message = self._channel_message(call)
        parent = self._channel(call)
        if self.world.find_channel(message.id) is not None:
            raise DiscordHTTPError(
                400, 160004, "A thread has already been created for this message"
            )
        return self._start_thread(call, parent, 11, thread_id=message.id)

    def _start_thread(self, call: Call, parent: Channel, kind: int, thread_id: int | None) -> Any:
        if parent.is_thread:
            raise DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")
        needed = CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else CREATE_PUBLIC_THREADS
        if not self.world.bot_can(parent, needed):
            raise missing_permissions()
        name = str(call.body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise invalid_form_body("name", "BASE_TYPE_BAD_LENGTH", "Must be 1-100 characters")
        thread = self.world.add_thread(
            parent,
            name,
            type=kind,
            thread_id=thread_id,
            auto_archive_duration=int(call.body.get("auto_archive_duration") or 1440),
        )
        if call.interaction is not None:
            call.interaction.created_channel_ids.append(thread.id)
        self.fake.dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread.payload()

    # ---- interactions ----------------------------------------------------------------------------

    def _record(self, call: Call) -> InteractionRecord:
        record = call.interaction
        token = call.request.params.get("webhook_token")
        if record is None or record.token != token:
            raise unknown_interaction()
        return record

    @route("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
    def interaction_callback(self, call: Call) -> Any:
        record = self._record(call)
        if record.id != call.id("webhook_id"):
            raise unknown_interaction()
        if record.acknowledged:
            raise DiscordHTTPError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = self.fake.clock() - record.created_at
        if elapsed > self.fake.ack_deadline:
            record.callback_error = "10062 Unknown interaction"
            record.flagged = True  # reported here; not again as "never acknowledged"
            self.fake.problems.add(
                ProblemKind.LATE_ACK,
                f"{record.label} by {record.user.name}: callback after {elapsed:.2f} s"
                f" (deadline {self.fake.ack_deadline:g} s)",
            )
            raise unknown_interaction()
        kind = int(call.body.get("type") or 0)
        data = call.body.get("data") or {}
        message = self._respond(call, record, kind, data)
        record.callback = wire_copy(call.body)
        record.acknowledged_at = self.fake.clock()
        summary: dict[str, Any] = {"id": str(record.id), "type": record.type}
        answer: dict[str, Any] = {"interaction": summary}
        if message is not None:
            summary.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
        if message is not None and kind in (4, 7):  # a deferral has no resource yet
            answer["resource"] = {"type": kind, "message": self._out(message)}
        return answer

    def _respond(
        self, call: Call, record: InteractionRecord, kind: int, data: dict[str, Any]
    ) -> StoredMessage | None:
        if kind in (4, 5):
            body = data if kind == 4 else {"flags": int(data.get("flags") or 0)}
            message = self._interaction_message(call, record, body)
            if kind == 5:  # "Bot is thinking..." until edited or replaced by a followup
                message.payload["flags"] |= LOADING
                message.changed()
            record.original_message_id = message.id
            return message
        if kind in (6, 7):
            if (
                record.type not in (MESSAGE_COMPONENT, MODAL_SUBMIT)
                or not record.clicked_message_id
            ):
                raise invalid_form_body(
                    "type", "INTERACTION_RESPONSE_TYPE_INVALID", "Invalid interaction response type"
                )
            clicked = self.world.messages.get(record.clicked_message_id)
            if clicked is None or clicked.deleted:
                raise unknown_message()
            record.original_message_id = clicked.id
            return None if kind == 6 else self._edit(call, clicked, data)
        if kind == 8:  # autocomplete choices: shown as the user types, nothing stored
            if record.type != AUTOCOMPLETE:
                raise invalid_form_body(
                    "type", "INTERACTION_RESPONSE_TYPE_INVALID", "Invalid interaction response type"
                )
            return None
        if kind == 9:  # modal: shown to the user, nothing stored
            return None
        raise invalid_form_body("type", "INTERACTION_RESPONSE_TYPE_INVALID", f"type {kind}")

    def _interaction_message(
        self, call: Call, record: InteractionRecord, body: dict[str, Any]
    ) -> StoredMessage:
        metadata: dict[str, Any] = {
            "id": str(record.id),
            "type": record.type,
            "user": record.user.payload(),
            "authorizing_integration_owners": {"0": str(record.channel.guild.id)},
        }
        if record.type == APPLICATION_COMMAND:
            metadata["name"] = record.payload["data"]["name"]
        if record.clicked_message_id is not None:
            metadata["interacted_message_id"] = str(record.clicked_message_id)
        message = self._post(
            call,
            record.channel,
            body,
            type=20 if record.type == APPLICATION_COMMAND else 0,
            webhook_id=str(self.world.app_id),
            application_id=str(self.world.app_id),
            interaction_metadata=metadata,
        )
        message.interaction_token = record.token
        if message.ephemeral:
            message.ephemeral_for = record.user.id
        return message

    def _webhook_record(self, call: Call) -> InteractionRecord:
        """The interaction behind a followup webhook; usable only once it is acknowledged."""
        record = call.interaction
        if (
            record is None
            or record.token != call.request.params.get("webhook_token")
            or call.id("webhook_id") != self.world.app_id
            or not record.acknowledged
        ):
            raise unknown_webhook()
        return record

    @route("POST", "/webhooks/{webhook_id}/{webhook_token}")
    def create_followup(self, call: Call) -> Any:
        record = self._webhook_record(call)
        original = self.world.messages.get(record.original_message_id or 0)
        if original is not None and original.loading and not original.deleted:
            # The first followup after a deferred reply replaces its "thinking..." placeholder,
            # keeping the ephemerality chosen when deferring.
            message = self._edit(call, original)
        else:
            message = self._interaction_message(call, record, call.body)
        record.followup_ids.append(message.id)
        wait = str(call.request.query.get("wait", "0")).lower() in ("1", "true")
        return self._out(message) if wait else None

    def _webhook_message(self, call: Call) -> StoredMessage:
        record = self._webhook_record(call)
        if call.request.path == ORIGINAL:
            message_id = record.original_message_id
        else:
            message_id = call.id("message_id")
            if message_id not in (record.original_message_id, *record.followup_ids):
                raise unknown_message()
        message = self.world.messages.get(message_id or 0)
        if message is None or message.deleted:
            raise unknown_message()
        return message

    @route("GET", ORIGINAL)
    @route("GET", WEBHOOK_MESSAGE)
    def get_webhook_message(self, call: Call) -> Any:
        return self._out(self._webhook_message(call))

    @route("PATCH", ORIGINAL)
    @route("PATCH", WEBHOOK_MESSAGE)
    def edit_webhook_message(self, call: Call) -> Any:
        return self._out(self._edit(call, self._webhook_message(call)))

    @route("DELETE", ORIGINAL)
    @route("DELETE", WEBHOOK_MESSAGE)
    def delete_webhook_message(self, call: Call) -> Any:
        self.world.delete_message(self._webhook_message(call))
        return None
