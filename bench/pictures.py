"""Table pictures: how long a typical table takes to render as a PNG, and how large it is.

Three figures per table: cold (nothing drawn yet, as after a restart), warm (its cards and
labels drawn before, but not this picture: the usual case after a click) and cached (the very
same picture again). Target: warm under 10 ms for Scoundrel's table, every file under 40 KB.

    .venv/bin/python -m bench.pictures [--runs 200]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from bench.figures import percentile
from bot.games.views import CardGroup, Picture, PictureCard
from bot.render.pictures import clear_caches, render


def _cards(codes: str, captions: str = "") -> list[PictureCard]:
    """Cards from codes, each with the caption at its place in a "|"-separated list."""
    texts = captions.split("|") if captions else []
    return [
        PictureCard(card=code, caption=texts[i] if i < len(texts) else "")
        for i, code in enumerate(codes.split())
    ]


SCOUNDREL = Picture(
    groups=[
        CardGroup(title="Room 3", cards=_cards("9S QC 5H 7D", "−9 HP|−12 HP|+5 HP|weapon 7")),
        CardGroup(title="Weapon", cards=_cards("7D", "fresh")),
        CardGroup(title="Last kill", cards=_cards("JS", "below 11")),
    ]
)
DRAGONS = Picture(
    groups=[
        CardGroup(
            title="Your party",
            cards=[
                PictureCard(card="KH", caption="4/4"),
                PictureCard(card="QH", caption="3/4"),
                PictureCard(card="KD", caption="down", dim=True),
                PictureCard(card="QD", caption="2/4"),
                PictureCard(card="JD", caption="1/4"),
            ],
        ),
        CardGroup(title="Room 5", cards=_cards("JK 8C AS 4D", "dragon|−8|−14|weapon")),
        CardGroup(title="Weapon", cards=_cards("10D", "last 9♠")),
    ]
)
DEUCES = Picture(groups=[CardGroup(title="Your hand", cards=_cards("2H 2S 7C 10D QS KH AD"))])
TABLES = {
    "Scoundrel: room of 4, weapon, last kill": SCOUNDREL,
    "Dragons: party of 5, room of 4, weapon": DRAGONS,
    "Deuces: hand of 7": DEUCES,
}


def timed(prepare: Callable[[], None], picture: Picture, runs: int) -> list[float]:
    """Milliseconds per render, each after `prepare` has set the caches up."""
    samples = []
    for _ in range(runs):
        prepare()
        started = time.perf_counter()
        render(picture)
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def figures(samples: list[float]) -> str:
    return f"p50 {percentile(samples, 0.5):6.2f}  p99 {percentile(samples, 0.99):6.2f}"


def main(runs: int) -> None:
    print(f"{'ms per picture':<42} {'cold':>20}   {'warm':>20}   {'cached':>20}   bytes")
    for name, picture in TABLES.items():
        cold = timed(clear_caches, picture, max(10, runs // 10))
        warm = timed(lambda: clear_caches(drawings=False), picture, runs)
        cached = timed(lambda: None, picture, runs)
        size = len(render(picture))
        print(f"{name:<42} {figures(cold)}   {figures(warm)}   {figures(cached)}   {size:,}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    main(parser.parse_args().runs)
