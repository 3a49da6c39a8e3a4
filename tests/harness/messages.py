"""Messages as Discord stores them, and the helpers tests use to look inside them."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tests.harness.copies import wire_copy

# Message flags the fake acts on.
SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15
SETTABLE_FLAGS = SUPPRESS_EMBEDS | EPHEMERAL | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2

# Component types the helpers look for (2 is a button).
SECTION, TEXT_DISPLAY, MEDIA_GALLERY, CONTAINER = 9, 10, 12, 17


def numbered(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Components as Discord stores them: a copy, each with a numeric ``id`` (1, 2, ...).

    Discord numbers the components it is sent without one, depth first, and leaves out the
    fields sent as null.
    """
    taken = {c.get("id") for c in walk_tree(components)} - {None}
    counter = itertools.count(1)
    result = wire_copy(components)
    for component in walk_tree(result):
        for key in [k for k, v in component.items() if v is None]:
            del component[key]
        if "id" not in component:
            component["id"] = next(n for n in counter if n not in taken)
    return result


def walk_tree(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first: inside rows, containers and sections (accessory last)."""
    stack = list(reversed(components))
    while stack:
        component = stack.pop()
        yield component
        if isinstance(component.get("accessory"), dict):
            stack.append(component["accessory"])
        stack.extend(reversed(component.get("components") or []))


@dataclass(eq=False)
class StoredMessage:
    """A message as Discord holds it: ``payload`` is the JSON Discord returns for it.

    ``history`` keeps every earlier version, so a test can tell an edit in place from a new
    message. ``ephemeral_for`` is the only user who can see an ephemeral message.
    """

    payload: dict[str, Any]
    ephemeral_for: int | None = None
    interaction_token: str | None = None
    deleted: bool = False
    history: list[str] = field(default_factory=list)
    """Every earlier version, as it went over the wire (JSON text)."""
    stored: bool = False
    """Held by the world, which alone changes it (a test's hand-made copy, a forged message,
    may be changed in place at any time, so its text is never kept)."""
    _wire: str | None = field(default=None, repr=False)

    def wire(self) -> str:
        """The message as JSON text, encoded once per version of a stored message: every click
        on it carries a copy, and in a burst the harness would otherwise spend the bot's
        deadline encoding."""
        if self._wire is not None:
            return self._wire
        text = json.dumps(self.payload)
        if self.stored:
            self._wire = text
        return text

    def changed(self) -> None:
        """Say the payload was changed in place (the world's edits, a deferred answer's
        placeholder), so its text is stale."""
        self._wire = None

    def __repr__(self) -> str:
        return f"<StoredMessage id={self.id} channel={self.channel_id} content={self.content!r}>"

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel_id"])

    @property
    def content(self) -> str:
        return self.payload.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.payload.get("embeds") or []

    @property
    def embed(self) -> dict[str, Any] | None:
        """The first embed, or None: most game messages carry exactly one."""
        return self.embeds[0] if self.embeds else None

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.payload.get("components") or []

    @property
    def attachments(self) -> list[dict[str, Any]]:
        return self.payload.get("attachments") or []

    @property
    def flags(self) -> int:
        return int(self.payload.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Still the "Bot is thinking..." placeholder of a deferred reply."""
        return bool(self.flags & LOADING)

    @property
    def edits(self) -> int:
        return len(self.history)

    @property
    def components_v2(self) -> bool:
        """Laid out with Components V2: no content or embeds, only components."""
        return bool(self.flags & IS_COMPONENTS_V2)

    @property
    def texts(self) -> list[str]:
        """The text displays' contents, depth first (a section's text included)."""
        return [c["content"] for c in self.walk_components() if c.get("type") == TEXT_DISPLAY]

    @property
    def text(self) -> str:
        """Every text display of a Components V2 message, one after another on its own lines."""
        return "\n".join(self.texts)

    @property
    def heading(self) -> str:
        """The first text display without its markdown heading marks ("### Title": "Title")."""
        return self.texts[0].lstrip("#").strip() if self.texts else ""

    @property
    def lines(self) -> list[str]:
        """The text, line by line."""
        return self.text.splitlines()

    def line(self, part: str) -> str:
        """The one line of text holding `part`; AssertionError listing the lines if none."""
        found = [line for line in self.lines if part in line]
        if not found:
            raise AssertionError(f"no line with {part!r} on message {self.id}; has {self.lines}")
        return found[0]

    @property
    def containers(self) -> list[dict[str, Any]]:
        return [c for c in self.walk_components() if c.get("type") == CONTAINER]

    @property
    def accent_colour(self) -> int | None:
        """The first container's accent colour, or None."""
        return self.containers[0].get("accent_color") if self.containers else None

    @property
    def media_urls(self) -> list[str]:
        """What the media galleries show ("attachment://table.png")."""
        return [
            item["media"]["url"]
            for c in self.walk_components()
            if c.get("type") == MEDIA_GALLERY
            for item in c.get("items", [])
        ]

    @property
    def sections(self) -> list[dict[str, Any]]:
        return [c for c in self.walk_components() if c.get("type") == SECTION]

    def walk_components(self) -> Iterator[dict[str, Any]]:
        """Every component, rows and containers included, depth first."""
        return walk_tree(self.components)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.walk_components() if c.get("custom_id")]

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.walk_components() if c.get("type") == 2]

    def button(self, label: str) -> dict[str, Any]:
        """The button with this label, or the one button whose label is this one followed by
        " · " and an aside (a move's preview: "Drink 7♥ · +7 HP"). AssertionError listing the
        labels if there is none."""
        for button in self.buttons:
            if button.get("label") == label:
                return button
        aside = [b for b in self.buttons if str(b.get("label", "")).startswith(f"{label} · ")]
        if len(aside) == 1:
            return aside[0]
        labels = [b.get("label") for b in self.buttons]
        raise AssertionError(f"no button labelled {label!r} on message {self.id}; has {labels}")

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.walk_components() if c.get("custom_id") == custom_id), None)
