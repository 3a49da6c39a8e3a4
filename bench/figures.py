"""What the benches share to turn samples into the figures they print."""

from __future__ import annotations


def percentile(samples: list[float], share: float) -> float:
    """The sample at that share of the sorted samples (nearest rank): p99 is share 0.99."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]
