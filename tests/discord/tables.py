"""Reading a game's table message in tests: a Components V2 container whose text holds the
voice's last lines, a stats line ("❤️ Health ▰▰ 20/20 · ⚔️ Weapon none"), each long fact
apart ("**🛡️ Party**\\n..."), and a footnote ("-# alice's table · Game #1 · ...")."""

from __future__ import annotations

from tests.harness import StoredMessage

STAT_SEPARATOR = " · "


def long_facts(message: StoredMessage) -> dict[str, str]:
    """The long facts by name, in order: each its own text, "**name** value"."""
    found = {}
    for text in message.texts:
        if text.startswith("**") and "**" in text[2:]:
            name, _, value = text[2:].partition("**")
            found[name] = value.lstrip(" \n")
    return found


def fact(message: StoredMessage, name: str) -> str:
    """A fact of the table by (part of) its name: a long fact's value, else the stats line's
    part that names it ("❤️ Health ▰▰ 20/20"). AssertionError listing the text if none."""
    for full, value in long_facts(message).items():
        if name in full:
            return value
    for part in stats_line(message).split(STAT_SEPARATOR):
        if name in part:
            return part
    raise AssertionError(f"no fact {name!r} on message {message.id}; its text: {message.text}")


def stats_line(message: StoredMessage) -> str:
    """The short facts on one line: the last line under the voice's."""
    body = message.texts[1] if len(message.texts) > 1 else ""
    return body.splitlines()[-1] if body else ""


def facts_text(message: StoredMessage) -> str:
    """What the table states, the voice's lines left out: the stats line and the long facts."""
    facts = [f"**{name}** {value}" for name, value in long_facts(message).items()]
    return "\n".join([stats_line(message), *facts])


def footnote(message: StoredMessage) -> str:
    """The table's small print: whose table, its number, the variant, the outcome."""
    return next(text for text in message.texts if text.startswith("-# "))
