"""The flags of `python -m bot play` checked against the game chosen, each refused in one line
that names the range it takes (`--players 9`: "Dungeons & Deuces (encounter) seats 1 to 5
players"), never clamped or dropped without a word."""

from __future__ import annotations

from bot.games.definition import GameEntry
from bot.words import plural


def _span(low: int, high: int, noun: str) -> str:
    return plural(low, noun) if low == high else f"{low} to {plural(high, noun)}"


def play_flags_problem(
    entry: GameEntry,
    variant: str | None,
    players: int | None,
    humans: int | None,
    settings: dict[str, int],
) -> str | None:
    """What is wrong with these flags for this game, in one line; None when all fit."""
    info = entry.info
    try:
        chosen = info.variant(variant)
    except ValueError as error:
        return f"--variant {variant}: {error}"
    table = f"{info.title} ({chosen.key})"
    seats = chosen.seats
    if players is not None and not seats.min <= players <= seats.max:
        return f"--players {players}: {table} seats {_span(seats.min, seats.max, 'player')}"
    seated = seats.min if players is None else players
    if humans is not None and info.bot_players and not 1 <= humans <= seated:
        return (
            f"--humans {humans}: from 1 to {seated}, the seats at this table"
            " (the bot plays the others)"
        )
    if humans is not None and not info.bot_players and humans != seated:
        every = "its one seat plays" if seated == 1 else f"all {seated} seats play"
        return (
            f"--humans {humans}: {info.title} has no bot players, so {every} at this keyboard"
            f" (leave --humans out, or give {seated})"
        )
    known = {setting.name: setting for setting in info.settings}
    for name, value in settings.items():
        setting = known.get(name)
        if setting is None:
            takes = ", ".join(f"--{s}" for s in known) or "none"
            return f"--{name} {value}: {info.title} has no such setting (its settings: {takes})"
        if not setting.minimum <= value <= setting.maximum:
            return f"--{name} {value}: {info.title} takes {setting.minimum} to {setting.maximum}"
    return None
