"""Every kind of message each game shows, written to a folder for review: the picture as the
message attaches it, and the message as text (title, the voice's lines, fields, and the buttons
row by row), then the table as the Discord message lays it out (bot/render/layout.py), with
its characters of text, rows of buttons and components, and its estimated height on a phone
(bot/render/phone.py), every table's height gathered, tallest first, in phone-heights.txt.

Each variant is played from a fixed seed by its own hints (or its first legal move), and shown at
its start, midway and at its end, with each player's hand where the game has private hands.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from bot.games.contract import Setup
from bot.games.definition import GameEntry, Match
from bot.games.registry import GAMES
from bot.games.views import Control, HandView, Picture, TableView
from bot.render.layout import layout_text
from bot.render.phone import HOW, SCREEN, phone_height, phone_parts, smallest_text
from bot.render.pictures import render, text_sizes
from bot.render.terminal import print_hand, print_table
from cogs.messages import laid_out
from storage import GameRecord, GameStatus, PlayerSeat

MOVE_LIMIT = 600
"""A game longer than this is shown as it stands then (a long quest)."""


HEIGHTS = "phone-heights.txt"


@dataclass(frozen=True)
class Moment:
    """A game at one moment, as the gallery shows it: `lines` are the voice's last ones."""

    name: str
    match: Match
    lines: list[str]
    record: GameRecord

    @property
    def key(self) -> str:
        return self.record.game


def moments(seed: int = 1) -> Iterator[Moment]:
    """Every variant of every game at its start, midway and at its end."""
    for key, game in GAMES.items():
        for variant in game.info.variants:
            seats = variant.seats.min
            for moment, (match, lines) in _moments(game, variant.key, seats, seed):
                record = table_record(key, variant.key, seed, match, lines, seats)
                yield Moment(f"{key}-{variant.key}-{moment}", match, lines, record)


def write_gallery(folder: Path, seed: int = 1) -> list[Path]:
    """Write the gallery; the files written, pictures and texts, the heights' summary last."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    heights: dict[str, int] = {}
    for moment in moments(seed):
        files, heights[moment.name] = _write_moment(
            folder / moment.name, moment.match, moment.lines, moment.record
        )
        written += files
    summary = folder / HEIGHTS
    summary.write_text(heights_text(heights), encoding="utf-8")
    return [*written, summary]


def heights_text(heights: dict[str, int]) -> str:
    """Every table's estimated phone height, tallest first, after how it is estimated."""
    width = max((len(name) for name in heights), default=0)
    rows = sorted(heights.items(), key=lambda item: (-item[1], item[0]))
    lines = [f"Each table's height, {HOW}.", ""]
    lines += [f"{name:<{width}}  {px:>5} px" for name, px in rows]
    return "\n".join(lines) + "\n"


def _moments(
    game: GameEntry, variant: str, seats: int, seed: int
) -> list[tuple[str, tuple[Match, list[str]]]]:
    """The game at its start, midway and at its end, each with the voice's last lines."""
    match, events = game.start(seed, Setup(variant=variant, seats=seats))
    names = seat_names(seats)
    lines = match.narrate(events, None, names)
    shots = [("1-start", (game.resume(match.dump()), lines[-6:]))]
    played = 0
    while not match.is_over and played < MOVE_LIMIT:
        seat = match.acting()[0]
        moves, hint = match.labelled(seat, names)
        advice = match.advise(seat) if hint is None and seats == 1 else None
        before = match.before_move()
        events = match.play(seat, hint or (advice.action if advice else moves[0][0]))
        lines = match.narrate(events, before, names)
        played += 1
        if played == 8:
            shots.append(("2-midway", (game.resume(match.dump()), lines[-6:])))
    shots.append(("3-end", (match, lines[-6:])))
    return shots


def seat_names(seats: int) -> list[str]:
    """The seats' names in the gallery's tables."""
    return ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"][:seats]


def table_record(
    key: str, variant: str, seed: int, match: Match, lines: list[str], seats: int
) -> GameRecord:
    """The game as the store would hold it, so the Discord layout is drawn as the bot draws
    it (its own buttons included)."""
    return GameRecord(
        id=1,
        game=key,
        variant=variant,
        guild_id=None,
        channel_id=0,
        message_id=None,
        owner_id=1,
        status=GameStatus.FINISHED if match.is_over else GameStatus.ACTIVE,
        seed=seed,
        state=match.dump(),
        narration=json.dumps(lines),
        version=0,
        created_at=0.0,
        updated_at=0.0,
        players=[
            PlayerSeat(seat=seat, user_id=seat + 1, display_name=name)
            for seat, name in enumerate(seat_names(seats))
        ],
    )


def _write_moment(
    stem: Path, match: Match, lines: list[str], record: GameRecord
) -> tuple[list[Path], int]:
    """The table's files (and each hand's), and the table's estimated height on a phone."""
    seats = len(record.players)
    table = match.table(seat_names(seats))
    layout, picture = laid_out(record, match)
    png = render(picture) if picture is not None else None
    size = Image.open(io.BytesIO(png)).size if png is not None else None
    height = phone_height(layout, size)
    text = _table_text(table, lines) + "\n" + layout_text(layout)
    text += f"≈ {height} px tall on a phone {SCREEN} px wide (see {HEIGHTS}):\n"
    text += "".join(f"  {px:>4} px  {part}\n" for part, px in phone_parts(layout, size))
    written = _write_view(stem, text, table.picture, png)
    if match.info.private_hands and not match.is_over:
        for seat in range(seats):
            hand = match.hand(seat, [], seat_names(seats))
            if hand is not None:
                written += _write_view(
                    stem.with_name(f"{stem.name}-hand{seat + 1}"), _hand_text(hand), hand.picture
                )
    return written, height


def _write_view(
    stem: Path, text: str, picture: Picture | None, png: bytes | None = None
) -> list[Path]:
    written = [stem.with_suffix(".txt")]
    if picture is not None:
        png = png or render(picture)
        stem.with_suffix(".png").write_bytes(png)
        written.append(stem.with_suffix(".png"))
        width = Image.open(io.BytesIO(png)).width
        least = smallest_text(text_sizes(picture), width)
        text += f"\n[picture: {stem.with_suffix('.png').name}, {len(png):,} bytes"
        text += f", smallest text {least} px on the phone]\n" if least else "]\n"
    written[0].write_text(text, encoding="utf-8")
    return written


def _table_text(table: TableView, lines: list[str]) -> str:
    out = io.StringIO()
    print_table(table, lines, out)
    out.write(_buttons(table.controls))
    return out.getvalue()


def _hand_text(hand: HandView) -> str:
    out = io.StringIO()
    print_hand(hand, out)
    out.write(_buttons(hand.controls))
    return out.getvalue()


def _buttons(controls: list[Control]) -> str:
    """The buttons as rows of [labels]; a greyed-out one in (parentheses)."""
    rows: dict[int | None, list[str]] = {}
    for control in controls:
        shown = f"({control.label})" if control.disabled else f"[{control.label}]"
        rows.setdefault(control.row, []).append(shown)
    return "".join(f"  {' '.join(row)}\n" for row in rows.values())
