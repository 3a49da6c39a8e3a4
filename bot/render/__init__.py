"""A game's view models as text, for the terminal (Discord renders them in cogs/messages.py)."""
