"""What the benches share to turn samples into the figures they print."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

J = TypeVar("J")
R = TypeVar("R")


def percentile(samples: list[float], share: float) -> float:
    """The sample at that share of the sorted samples (nearest rank): p99 is share 0.99."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def run_all(work: Callable[[J], R], jobs: Sequence[J], workers: int, chunksize: int = 1) -> list[R]:
    """`work` of every job, in order: over `workers` processes, or here with one (which keeps
    a profile or a traceback in this process)."""
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(work, jobs, chunksize=chunksize))
    return [work(job) for job in jobs]
