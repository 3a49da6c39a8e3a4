"""What a finished game leaves on the boards: a result per person, and how ratings move."""

from __future__ import annotations

from bot.games.definition import Match
from bot.ratings import rating_change
from bot.settings import is_ranked
from cogs.context import game_of
from storage import GameRecord, RatingChange, ResultRow


def result_rows(
    record: GameRecord, match: Match, forfeit: str | None = None, forfeiters: set[int] | None = None
) -> list[ResultRow]:
    """The boards' rows for the seats that have a result (or, closed early, a forfeit)."""
    results = match.forfeits(forfeiters or set(), forfeit) if forfeit else match.results()
    rows: dict[int, ResultRow] = {}
    for r in results:
        player = record.players[r.seat]
        if player.is_bot or player.user_id in rows:
            continue  # a person running several heroes has one result: their first hero's
        rows[player.user_id] = ResultRow(
            user_id=player.user_id,
            display_name=player.display_name,
            outcome=r.outcome,
            score=r.score,
            tiebreak=r.tiebreak,
            turns=match.turn,
            hints=record.hints,
            ranked=is_ranked(record.settings),
        )
    return list(rows.values())


def ratings_for(
    record: GameRecord, rows: list[ResultRow], rival_won: bool = False
) -> RatingChange | None:
    """How a game moves ratings: only a rated variant between two or more people does (bot
    seats are not rated, and the people are rated against each other). A player with no row
    (a rival whose opponent forfeited) counts as a winner."""
    pool = game_of(record).info.rating_pool(record.variant)
    people = list({p.user_id: p for p in reversed(record.players) if not p.is_bot}.values())[::-1]
    # a person holding several seats (a duel of two heroes each) is rated once
    if pool is None or len(people) < 2 or not rows:
        return None
    by_user = {row.user_id: row for row in rows}
    standings = [
        (by_user[p.user_id].outcome == "won", by_user[p.user_id].score)
        if p.user_id in by_user
        else (rival_won, 0)
        for p in people
    ]
    return rating_change(pool, people, standings)
