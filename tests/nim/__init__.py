"""Nim against the house: a game that exists only for the tests, to show that a game is its
folder plus one registry line. The tests register it, start it with `/nim new`, click it to its
end through the offline Discord, and play it in the terminal, with no edit to `cogs/` or `bot/`.
"""

from tests.nim.game import GAME

__all__ = ["GAME"]
