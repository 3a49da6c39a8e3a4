"""The tallest table each variant shows on a phone over whole play-outs, not just the gallery's
start, midway and end: every table of `--seeds` games of each variant, played by a spread of
legal moves (a seat's `(seed + move) mod moves`-th), measured as bot/render/phone.py estimates
it. Prints the tallest per variant, with the seed and move that reach it (look at it with
`python -m bot gallery` or by replaying), tallest first:

    .venv/bin/python -m bench.tallest_tables scoundrel dragons deuces --seeds 6
"""

from __future__ import annotations

import argparse
import io

from PIL import Image

from bot.gallery import seat_names, table_record
from bot.games.contract import Setup
from bot.games.registry import GAMES
from bot.render.phone import phone_height
from bot.render.pictures import render
from cogs.messages import laid_out


def tallest(game: str, variant: str, seeds: int, moves: int) -> tuple[int, int, int]:
    """(height, seed, move) of the variant's tallest table."""
    entry = GAMES[game]
    seats = entry.info.variant(variant).seats.min
    names = seat_names(seats)
    worst = (0, 0, 0)
    for seed in range(seeds):
        match, events = entry.start(seed, Setup(variant=variant, seats=seats))
        lines = match.narrate(events, None, names)
        for move in range(moves):
            record = table_record(game, variant, seed, match, lines[-6:], seats)
            layout, picture = laid_out(record, match)
            size = None
            if picture is not None and layout.picture:
                size = Image.open(io.BytesIO(render(picture))).size
            worst = max(worst, (phone_height(layout, size), seed, move))
            if match.is_over:
                break
            seat = match.acting()[0]
            legal, _ = match.labelled(seat, names, hints=False)
            before = match.before_move()
            events = match.play(seat, legal[(seed + move) % len(legal)][0])
            lines = match.narrate(events, before, names)
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="+", choices=sorted(GAMES))
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--moves", type=int, default=120, help="moves into each game at most")
    args = parser.parse_args()
    rows = [
        (f"{game}-{variant.key}", *tallest(game, variant.key, args.seeds, args.moves))
        for game in args.games
        for variant in GAMES[game].info.variants
    ]
    for name, height, seed, move in sorted(rows, key=lambda row: -row[1]):
        print(f"{name:<32} {height:>5} px  (seed {seed}, after {move} moves)")


if __name__ == "__main__":
    main()
