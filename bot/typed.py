"""A move as a player types it at the terminal: its cards in any order, with any separator or
none ("9c 9d", "9d,9c", "9D/9C", "9c9d"), and where cards alone name several moves, a few of
the move's own words beside them ("attack 1 9c", "kindle 6d", "bare 9s"), in any order too.

A move's text form ("attack.0.9C.9D") is what it is matched against: its parts that read as
cards are its cards, the others (split at "_" too) its words. A typed answer names a move when
it has exactly that move's cards and only words of that move.
"""

from __future__ import annotations

import re
from collections import Counter

from bot.games.cards import Card

SEPARATORS = re.compile(r"[^0-9A-Za-z@♠♥♦♣🃏]+")
"""Anything but letters, digits, suits, a joker and "@" (a seat: "@0") parts one token from
the next: a space, a comma, a dash, a slash, a dot..."""
CARD = r"(?:10|[2-9TJQKA])[SHDC♠♥♦♣]|JK|🃏"
CARDS = re.compile(rf"(?:{CARD})+", re.IGNORECASE)
ONE_CARD = re.compile(CARD, re.IGNORECASE)


def typed_parts(typed: str) -> tuple[list[str], list[str]]:
    """The card codes and the words of what was typed: a token made only of cards ("9c9d")
    gives each of them."""
    cards: list[str] = []
    words: list[str] = []
    for token in SEPARATORS.split(typed):
        if not token:
            continue
        if CARDS.fullmatch(token):
            cards += [_code(match.group()) for match in ONE_CARD.finditer(token)]
        else:
            words.append(token.lower())
    return cards, words


def move_parts(text: str) -> tuple[list[str], list[str]]:
    """A move's card codes and words, from its text form ("ability.quick_hands.QD.KS")."""
    cards: list[str] = []
    words: list[str] = []
    for part in text.split("."):
        if ONE_CARD.fullmatch(part):  # as typed cards are read: "joker" is a word
            cards.append(_code(part))
        else:
            words += [word.lower() for word in part.split("_") if word]
    return cards, words


def moves_named(typed: str, moves: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The moves (text, label) an answer names: the same cards, whatever their order, and no
    word the move lacks. An answer of no cards names moves by their words alone ("end", "go
    cask hall")."""
    cards, words = typed_parts(typed)
    if not cards and not words:
        return []
    named: list[tuple[str, str]] = []
    for move in moves:
        its_cards, its_words = move_parts(move[0])
        if Counter(its_cards) == Counter(cards) and not Counter(words) - Counter(its_words):
            named.append(move)
    return named


def _code(text: str) -> str:
    return Card.parse(text).code
