"""The small rules of English every message keeps, in one place for the games and the Discord
layer alike: a count agrees with its noun (and its verb), a sentence starts with a capital, and
a result names the winner's score first."""

from __future__ import annotations


def plural(count: int, singular: str, many: str | None = None) -> str:
    """ "1 card", "2 cards", "0 cards": a count with its noun in the right number (`many` for
    a noun that does not just take an s: "1 enemy", "2 enemies")."""
    return f"{count} {agree(count, singular, many or singular + 's')}"


def agree(count: int, one: str, many: str) -> str:
    """The word of the two that agrees with a count: a verb ("fades"/"fade") or a noun alone."""
    return one if count == 1 else many


def sentence(text: str) -> str:
    """Text with its first letter a capital, whatever leads it (an emoji, a quote, markup), so
    a line built from a lower-case fragment still reads as a sentence."""
    for i, char in enumerate(text):
        if char.isalpha():
            return text[:i] + char.upper() + text[i + 1 :]
        if char.isdigit():
            return text
    return text


def score_line(winner: int, loser: int) -> str:
    """ "62 to 40": a result as it is said, the winner's score first."""
    return f"{winner} to {loser}"
