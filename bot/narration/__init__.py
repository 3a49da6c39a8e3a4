"""Prose from engine events: the Dealer of the dungeon crawls."""
