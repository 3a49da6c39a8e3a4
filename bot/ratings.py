"""Skill ratings for head-to-head games, by the Plackett-Luce model of openskill.

A rating is a belief (mu) and its uncertainty (sigma); boards rank by the ordinal
mu - 3·sigma, so one lucky win does not put a newcomer above a proven player.
"""

from __future__ import annotations

from openskill.models import PlackettLuce
from pydantic import BaseModel

from storage.models import PlayerSeat, Rating, RatingChange

MODEL = PlackettLuce()


class Skill(BaseModel, frozen=True):
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def finishing_order(results: list[tuple[bool, int]]) -> list[int]:
    """Ranks (1 is best) from (won, score) per player: a win beats a loss, then the score."""
    keys = [(not won, -score) for won, score in results]
    return [sorted(set(keys)).index(key) + 1 for key in keys]


def rate(skills: list[Skill], results: list[tuple[bool, int]]) -> list[Skill]:
    """Everyone's new skill after one game; equal results are a draw."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in finishing_order(results)])
    return [Skill(mu=team[0].mu, sigma=team[0].sigma) for team in rated]


def rating_change(
    pool: str, players: list[PlayerSeat], standings: list[tuple[bool, int]]
) -> RatingChange:
    """How a finished game moves its players' ratings, from (won, score) by seat.

    The store applies it inside the transaction that ends the game, with the ratings as they are
    then, so two games that finish at once and share a player both count.
    """

    def rate_now(before: list[Rating | None]) -> list[Rating]:
        skills = [Skill(mu=r.mu, sigma=r.sigma) if r else Skill() for r in before]
        return [
            Rating(
                game=pool,
                user_id=player.user_id,
                display_name=player.display_name,
                mu=skill.mu,
                sigma=skill.sigma,
                ordinal=skill.ordinal,
                games=(old.games if old else 0) + 1,
            )
            for player, skill, old in zip(players, rate(skills, standings), before, strict=True)
        ]

    return RatingChange(pool=pool, user_ids=[p.user_id for p in players], rate=rate_now)
