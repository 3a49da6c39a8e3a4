"""Discord's rules for Components V2 messages that a JSON schema cannot say.

The spec validates each component, but not what a message with the IS_COMPONENTS_V2 flag may
not have (content, embeds), that the flag is needed for the layout components at all, that it
cannot be taken off, nor the limits over the whole tree (40 components, 4000 characters of
text). Discord answers 400 to a body that breaks them; so does the fake, and reports it.
"""

from __future__ import annotations

from typing import Any

from tests.harness.messages import IS_COMPONENTS_V2, TEXT_DISPLAY, walk_tree

LAYOUT_TYPES = frozenset(range(9, 19))
"""Section, text display, thumbnail, media gallery, file, separator, container... (9-18)."""
COMPONENT_LIMIT = 40
TEXT_LIMIT = 4000


def v2_problems(body: dict[str, Any], current: dict[str, Any] | None = None) -> list[str]:
    """What Discord would reject in a create (no `current`) or an edit of `current`."""
    flagged = bool(int(body.get("flags") or 0) & IS_COMPONENTS_V2)
    was_v2 = bool(current and int(current.get("flags") or 0) & IS_COMPONENTS_V2)
    components = body.get("components")
    if components is None and current is not None and "components" not in body:
        components = current.get("components")
    tree = list(walk_tree(components or []))
    if not (flagged or was_v2):
        layout = sorted({c.get("type") for c in tree} & LAYOUT_TYPES)
        return [f"components of types {layout} need the IS_COMPONENTS_V2 flag"] if layout else []
    problems = []
    for name in ("content", "embeds"):
        kept = body[name] if name in body else (current or {}).get(name)
        if kept:
            problems.append(f"a Components V2 message cannot have {name} (it has {kept!r:.60})")
    if len(tree) > COMPONENT_LIMIT:
        problems.append(f"{len(tree)} components; a message holds at most {COMPONENT_LIMIT}")
    text = sum(len(c.get("content") or "") for c in tree if c.get("type") == TEXT_DISPLAY)
    if text > TEXT_LIMIT:
        problems.append(f"{text} characters of text; a message holds at most {TEXT_LIMIT}")
    return problems
