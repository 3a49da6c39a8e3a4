"""An HTTP request from a bot in another process, read back into what discord.py sent.

In the test's own process the fake Discord sees discord.py's `Route` (its template, e.g.
`/channels/{channel_id}/messages`) and the body before it is encoded. Over the network it sees
a URL and bytes; this module finds the template the URL was made from, among the routes the
fake answers, and decodes the JSON or multipart body, so the same recording, spec check and
handlers serve both.
"""

from __future__ import annotations

import json
from typing import Any

from aiohttp import BodyPartReader, web
from discord.http import Route

from tests.harness.recording import read_uploads
from tests.harness.rest import ROUTES

API_PREFIX = "/api/v10"
"""Where the served fake mounts Discord's REST API (`Route.BASE` is the server plus this)."""


def _segments(path: str) -> list[str]:
    return path.strip("/").split("/")


def match_route(method: str, path: str, extra: tuple[str, ...] = ()) -> Route | None:
    """discord.py's `Route` for a request path (decoded, without `API_PREFIX`; `extra`: more
    templates of this method), or None if the fake has
    no handler for it. A placeholder matches any segment; of several templates, the one with
    the most literal segments wins (`@original` before `{message_id}`)."""
    wanted = _segments(path)
    best: tuple[int, str, dict[str, str]] | None = None
    templates = [t for m, t in ROUTES if m == method] + list(extra)
    for template in templates:
        parts = _segments(template)
        if len(parts) != len(wanted):
            continue
        params: dict[str, str] = {}
        literal = 0
        for part, value in zip(parts, wanted, strict=True):
            if part.startswith("{") and part.endswith("}"):
                params[part[1:-1]] = value
            elif part == value:
                literal += 1
            else:
                break
        else:
            if best is None or literal > best[0]:
                best = (literal, template, params)
    if best is None:
        return None
    _, template, params = best
    return Route(method, template, **params)


async def read_body(request: web.Request) -> tuple[Any, dict[int, dict[str, Any]]]:
    """The JSON body (of a multipart upload, its `payload_json`) and the uploaded files."""
    if request.content_type.startswith("multipart/"):
        parts: list[dict[str, Any]] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):  # a nested multipart: none is sent
                continue
            parts.append(
                {
                    "name": part.name,
                    "filename": part.filename,
                    "content_type": part.headers.get("Content-Type"),
                    "value": await part.read(),
                }
            )
        return read_uploads(parts)
    raw = await request.read()
    return (json.loads(raw) if raw else None), {}
