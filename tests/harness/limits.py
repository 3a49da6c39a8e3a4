"""Discord's limits on a message that its OpenAPI spec does not state (or states looser than
Discord applies to bots): content of 2,000 characters, 6,000 across a message's embeds. (The
limits of a Components V2 message's tree are checked in components_v2.py.)

Discord answers a message over any of them with 400 Invalid Form Body, so the fake does too:
every request body is checked, not only the ones a test thinks of.
"""

from __future__ import annotations

from typing import Any

CONTENT = 2000
EMBEDS_TOTAL = 6000


def _message(body: Any) -> dict[str, Any] | None:
    if not isinstance(body, dict):
        return None
    if "type" in body and isinstance(body.get("data"), dict):
        return body["data"]
    return body


def _embed_text(embed: dict[str, Any]) -> int:
    """The characters Discord counts towards an embed's share of the 6,000."""

    def text(value: Any) -> int:
        return len(value) if isinstance(value, str) else 0

    total = text(embed.get("title")) + text(embed.get("description"))
    for part in ("footer", "author"):
        if isinstance(embed.get(part), dict):
            total += text(embed[part].get("text")) + text(embed[part].get("name"))
    for field in embed.get("fields") or []:
        if isinstance(field, dict):
            total += text(field.get("name")) + text(field.get("value"))
    return total


def limit_problems(body: Any) -> list[str]:
    """What in a request's message is over Discord's limits ([] when it fits, or is no
    message)."""
    message = _message(body)
    if message is None:
        return []
    problems = []
    content = message.get("content")
    if isinstance(content, str) and len(content) > CONTENT:
        problems.append(f"content is {len(content)} characters (Discord allows {CONTENT})")
    embeds = [e for e in message.get("embeds") or [] if isinstance(e, dict)]
    embedded = sum(_embed_text(e) for e in embeds)
    if embedded > EMBEDS_TOTAL:
        problems.append(f"the embeds hold {embedded} characters (Discord allows {EMBEDS_TOTAL})")
    return problems
