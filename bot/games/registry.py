"""THE list of games. Slash commands, /help, /rules, the boards and the terminal all derive from
it: adding a game is its folder and one line here."""

from __future__ import annotations

from bot.games import deuces, dragons, dungeon, rpg, scoundrel
from bot.games.definition import GameEntry

GAMES: dict[str, GameEntry] = {
    game.info.key: game
    for game in (
        scoundrel.GAME,
        dragons.GAME,
        deuces.GAME,
        rpg.GAME,
        dungeon.GAME,
    )
}


def register(game: GameEntry) -> None:
    """Add a game (a plugin, or a test's own game); it must be added before the bot starts,
    since the slash commands are built from this list."""
    if game.info.key in GAMES:
        raise ValueError(f"a game called {game.info.key!r} is already registered")
    GAMES[game.info.key] = game


def unregister(key: str) -> None:
    GAMES.pop(key, None)
