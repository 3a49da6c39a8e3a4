"""What the fake Discord records of each request, and the errors it answers with."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from tests.harness.guilds import User

API_BASE = "https://discord.com/api/v10"
_FILE_PART = re.compile(r"files\[(\d+)\]")


@dataclass(eq=False)
class RecordedRequest:
    """One request the bot made, as Discord received it, and what the fake answered."""

    method: str
    path: str  # discord.py's route template, e.g. /channels/{channel_id}/messages
    url: str
    params: dict[str, str]  # the template's placeholders, read back from the URL
    query: dict[str, Any]
    body: Any
    files: list[dict[str, Any]] = field(default_factory=list)
    user: User | None = None
    interaction_id: int | None = None
    status: int = 200
    response: Any = None
    violations: list[str] = field(default_factory=list)

    def __repr__(self) -> str:
        return f"<RecordedRequest {self.method} {self.url} -> {self.status}>"


class DiscordHTTPError(Exception):
    """An error response as Discord sends it: HTTP status, JSON error code and message."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            data["errors"] = self.errors
        return data


class UnknownRoute(RuntimeError):
    """The bot called a route the fake has no handler for."""


def unknown_channel() -> DiscordHTTPError:
    return DiscordHTTPError(404, 10003, "Unknown Channel")


def cannot_message_user() -> DiscordHTTPError:
    return DiscordHTTPError(403, 50007, "Cannot send messages to this user")


def unknown_message() -> DiscordHTTPError:
    return DiscordHTTPError(404, 10008, "Unknown Message")


def unknown_webhook() -> DiscordHTTPError:
    return DiscordHTTPError(404, 10015, "Unknown Webhook")


def unknown_interaction() -> DiscordHTTPError:
    return DiscordHTTPError(404, 10062, "Unknown interaction")


def missing_permissions() -> DiscordHTTPError:
    return DiscordHTTPError(403, 50013, "Missing Permissions")


def invalid_form_body(field_name: str, code: str, message: str) -> DiscordHTTPError:
    errors = {field_name: {"_errors": [{"code": code, "message": message}]}}
    return DiscordHTTPError(400, 50035, "Invalid Form Body", errors)


def path_params(template: str, url: str) -> dict[str, str]:
    """Read a route's placeholders back from its URL (discord.py keeps only some of them)."""
    path = url.split("?", 1)[0]
    if path.startswith(API_BASE):
        path = path[len(API_BASE) :]
    params: dict[str, str] = {}
    for name, value in zip(
        template.strip("/").split("/"), path.strip("/").split("/"), strict=False
    ):
        if name.startswith("{") and name.endswith("}"):
            params[name[1:-1]] = unquote(value)
    return params


def without_nulls(value: Any) -> Any:
    """A copy with null fields left out, as Discord echoes an object it was sent."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(v) for v in value]
    return value


def read_uploads(parts: list[dict[str, Any]] | None) -> tuple[Any, dict[int, dict[str, Any]]]:
    """Split a multipart form into its ``payload_json`` (parsed) and the uploaded files."""
    body = None
    uploads: dict[int, dict[str, Any]] = {}
    for part in parts or []:
        if part.get("name") == "payload_json":
            body = json.loads(part["value"])
            continue
        match = _FILE_PART.fullmatch(str(part.get("name")))
        if match:
            uploads[int(match[1])] = {
                "filename": part.get("filename") or "file",
                "size": _size(part.get("value")),
                "content_type": part.get("content_type"),
            }
    return body, uploads


def _size(stream: Any) -> int:
    if isinstance(stream, bytes | bytearray):
        return len(stream)
    try:
        position = stream.tell()
        data = stream.read()
        stream.seek(position)
        return len(data)
    except (AttributeError, OSError):
        return 0
