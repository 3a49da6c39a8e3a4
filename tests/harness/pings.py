"""Who a message would notify, read as Discord reads it: the mentions in its text, filtered by
its `allowed_mentions`.

Text a user chose (a nickname, an option's value) can hold `<@&ROLE>`, `@everyone` or
`<@USER>`; a bot that puts it in a message with mentions left open pings whoever it names. The
fake reports any message that would notify a role or everyone (a bot of this project never
means to), and tests read `pinged_users` to check a turn's line names only its players.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

USER = re.compile(r"<@!?(\d+)>")
ROLE = re.compile(r"<@&(\d+)>")
EVERYONE = re.compile(r"@(everyone|here)\b")
COMPONENTS_V2 = 1 << 15
TEXT_DISPLAY = 10


@dataclass(frozen=True)
class Pings:
    """Whom one message notifies."""

    users: frozenset[int] = frozenset()
    roles: frozenset[int] = frozenset()
    everyone: bool = False

    def __bool__(self) -> bool:
        return bool(self.users or self.roles or self.everyone)


def _message(body: Any) -> dict[str, Any] | None:
    """The message a request body carries: itself, or an interaction callback's `data`."""
    if not isinstance(body, dict):
        return None
    if "type" in body and isinstance(body.get("data"), dict):
        return body["data"]
    return body


def _texts(components: Any) -> Iterator[str]:
    """The text displays of a Components V2 message, at any depth (they notify like content)."""
    if not isinstance(components, list):
        return
    for component in components:
        if not isinstance(component, dict):
            continue
        if component.get("type") == TEXT_DISPLAY and isinstance(component.get("content"), str):
            yield component["content"]
        yield from _texts(component.get("components"))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield from _texts([accessory])


def pings(body: Any) -> Pings:
    """Whom a request's message would notify (nobody for a body that is not a message).

    Without `allowed_mentions` Discord notifies every mention in the text; with it, only the
    kinds its `parse` names and the users and roles it lists."""
    message = _message(body)
    if message is None:
        return Pings()
    texts = [message["content"]] if isinstance(message.get("content"), str) else []
    if int(message.get("flags") or 0) & COMPONENTS_V2:
        texts += list(_texts(message.get("components")))
    text = "\n".join(texts)
    allowed = message.get("allowed_mentions")
    if not isinstance(allowed, dict):
        allowed = {"parse": ["users", "roles", "everyone"]}
    parse = set(allowed.get("parse") or [])
    listed_users = {int(u) for u in allowed.get("users") or []}
    listed_roles = {int(r) for r in allowed.get("roles") or []}
    users = {int(u) for u in USER.findall(text)}
    roles = {int(r) for r in ROLE.findall(text)}
    return Pings(
        users=frozenset(u for u in users if "users" in parse or u in listed_users),
        roles=frozenset(r for r in roles if "roles" in parse or r in listed_roles),
        everyone="everyone" in parse and EVERYONE.search(text) is not None,
    )


def stray_pings(body: Any) -> str | None:
    """What a message would notify that no bot of this project means to: a role, everyone."""
    found = pings(body)
    parts = [f"role {role}" for role in sorted(found.roles)]
    if found.everyone:
        parts.append("@everyone")
    return ", ".join(parts) or None
