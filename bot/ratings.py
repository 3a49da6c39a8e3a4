"""Skill ratings for head-to-head games, by the Plackett-Luce model of openskill.

A rating is a belief (mu) and its uncertainty (sigma); boards rank by the ordinal
mu - 3·sigma, so one lucky win does not put a newcomer above a proven player.
"""

from __future__ import annotations

from openskill.models import PlackettLuce
from pydantic import BaseModel

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
    rated = MODEL.rate(teams, ranks=finishing_order(results))
    return [Skill(mu=team[0].mu, sigma=team[0].sigma) for team in rated]
