"""The one class-wide patch: interaction callbacks and followups bypass ``bot.http``.

discord.py sends interaction callbacks, followups and ``@original`` edits through
``discord.webhook.async_.AsyncWebhookAdapter.request``, shared by every client in the process. It
is patched while at least one fake runs, and each request goes to the fake that owns the
interaction token. The original is restored when the last fake stops, so bots started one after
another in a test (a restart) share the patch safely.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.harness.interactions import InteractionRecord
from tests.harness.recording import read_uploads

if TYPE_CHECKING:
    from tests.harness.fakecord import FakeDiscord


class WebhookRouting:
    """The running fakes, and the original method to put back when the last one stops."""

    original: ClassVar[Callable[..., Any] | None] = None
    active: ClassVar[list[FakeDiscord]] = []

    @classmethod
    def attach(cls, fake: FakeDiscord) -> None:
        if not cls.active:
            cls.original = AsyncWebhookAdapter.request
            AsyncWebhookAdapter.request = _webhook_request  # type: ignore[method-assign]
        cls.active.append(fake)

    @classmethod
    def detach(cls, fake: FakeDiscord) -> None:
        if fake in cls.active:
            cls.active.remove(fake)
        if not cls.active and cls.original is not None:
            AsyncWebhookAdapter.request = cls.original  # type: ignore[method-assign]
            cls.original = None

    @classmethod
    def owner(cls, token: str | None) -> tuple[FakeDiscord, InteractionRecord | None]:
        for fake in reversed(cls.active):
            record = fake.world.interactions.get(token or "")
            if record is not None:
                connection = record.connection
                return (connection if connection in cls.active else fake), record
        if cls.active:
            return cls.active[-1], None
        raise RuntimeError("webhook request with no fake Discord running")


async def _webhook_request(
    adapter: AsyncWebhookAdapter,
    route: Route,
    session: Any,
    *,
    payload: dict[str, Any] | None = None,
    multipart: list[dict[str, Any]] | None = None,
    params: dict[str, Any] | None = None,
    **_: Any,
) -> Any:
    fake, record = WebhookRouting.owner(route.webhook_token)
    await asyncio.sleep(fake.round_trip / 2)  # a real request yields to the loop at least
    body, uploads = read_uploads(multipart) if multipart else (payload, {})
    answer = fake.handle(route, body, uploads, params, record)
    if fake.round_trip:
        await asyncio.sleep(fake.round_trip / 2)
    return answer
