"""Play any registered game in the terminal, with the same engine, voice and views as Discord.

The screen numbers the legal moves in the game's own order (at most `LISTED` of them, and the
game's hint, marked, where it gives one); a move can also be named by its cards (`7h`) or typed
in its text form (`weapon 9S`, `attack 0 9C 9D`). Several seats share the keyboard and are
asked in turn. Ctrl-C or the end of input leaves the game, never with a traceback.
"""

from __future__ import annotations

import secrets
import sys
from typing import TextIO

from bot.games.bot_players import bot_name
from bot.games.cards import Card, CardParseError
from bot.games.contract import GameError, Setup
from bot.games.definition import Match
from bot.games.registry import GAMES
from bot.render.insight import hindsight_text, hint_text
from bot.render.terminal import print_hand, print_rules, print_table, strip_marks

LISTED = 12
QUIT_WORDS = {"q", "quit", "exit"}
HELP = (
    "Type the number of a move, its card (7h), or the move itself, and press Enter; Enter alone"
    " takes the hint where there is one; h asks for a hint where the game gives them; q quits;"
    " ? shows the rules."
)
HINT_WORDS = {"h", "hint"}


def play(
    game: str,
    variant: str | None = None,
    seed: int | None = None,
    settings: dict[str, int] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    players: int | None = None,
    humans: int = 1,
) -> int:
    """Run one game to its end (or until q / end of input); returns the process exit code.

    Of the `players` seats, the first `humans` share the keyboard and, in a game with bot
    players, the bot plays the others; in a game without, every seat is asked in turn."""
    source, out = stdin or sys.stdin, stdout or sys.stdout
    entry = GAMES.get(game)
    if entry is None:
        out.write(f"There is no game {game!r}: {', '.join(GAMES)}\n")
        return 2
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        chosen = entry.info.variant(variant)
        seats = players or chosen.seats.min
        setup = Setup(variant=chosen.key, seats=seats, settings=settings or {})
        match, events = entry.start(seed, setup)
    except (GameError, ValueError) as error:
        out.write(f"{error}\n")
        return 2
    bots = set(range(max(1, humans), seats)) if entry.info.bot_players else set()
    names = [
        f"{bot_name(seat - 1)} (bot)" if seat in bots else f"Player {seat + 1}"
        for seat in range(seats)
    ]
    out.write(f"{entry.info.title}, seed {seed} (play this deal again with --seed {seed}).\n")
    out.write(f"{HELP}\n")
    print_table(match.table(names), match.narrate(events, None, names), out)
    played: list[str] = []
    try:
        bots_moved = False
        while not match.is_over:
            if match.acting()[0] in bots:
                _bot_turn(match, match.acting()[0], names, out, played)
                bots_moved = True
                continue
            if bots_moved:  # the table as the bots left it, before a person moves
                print_table(match.table(names), [], out)
                bots_moved = False
            if not _turn(match, names, source, out, played):
                out.write("\nYou leave the dungeon. (Game not finished.)\n")
                return 0
        out.write("\n" + final_words(match, names) + "\n")
        if match.info.solver and setup.seats == 1:
            out.write("Could you have won? Solving the deal...\n")
            _hindsight(match, setup, played, out)
    except KeyboardInterrupt:
        out.write("\nYou leave the dungeon. (Game not finished.)\n")
    return 0


def _hindsight(match: Match, setup: Setup, played: list[str], out: TextIO) -> None:
    results = match.results()
    if not results:
        return
    verdict = match.hindsight(setup, played)
    won = results[0].outcome == "won"
    out.write(strip_marks(hindsight_text(verdict, won, results[0].score)) + "\n")


def _bot_turn(match: Match, seat: int, names: list[str], out: TextIO, played: list[str]) -> None:
    text = match.bot_move(seat)
    if text is None:
        raise GameError(f"{match.info.title} has no bot player for seat {seat + 1}")
    before = match.before_move()
    events = match.play(seat, text)
    played.append(text)
    for line in match.narrate(events, before, names):
        out.write(strip_marks(line) + "\n")


def _turn(match: Match, names: list[str], stdin: TextIO, out: TextIO, played: list[str]) -> bool:
    """Ask the first seat the game waits on for one move; False when the player quits."""
    seat = match.acting()[0]
    hand = match.hand(seat, [], names)
    if hand is not None:
        print_hand(hand, out)
    listed, hint = match.labelled(seat, names)
    moves = listed[:LISTED]
    if hint is not None and hint not in (text for text, _ in moves):
        moves.append(next(move for move in listed if move[0] == hint))
    if len(names) > 1:
        out.write(f"{names[seat]}, your move:\n")
    for number, (text, label) in enumerate(moves, start=1):
        out.write(f"  {number}) {strip_marks(label)}{'   (hint)' if text == hint else ''}\n")
    out.write("> ")
    out.flush()
    answer = stdin.readline()
    if not answer or answer.strip().lower() in QUIT_WORDS:
        return False
    choice = answer.strip()
    if choice == "?":
        print_rules(match.game.rules, out)
        return True
    if choice.lower() in HINT_WORDS:
        hint = match.advise(seat) if match.info.hints and len(names) == 1 else None
        out.write(strip_marks(hint_text(hint)) if hint else "No hint in this game.")
        out.write("\n")
        return True
    if choice.isdecimal():
        if not 1 <= int(choice) <= len(moves):
            out.write(f"Choose a move from 1 to {len(moves)}. {HELP}\n")
            return True
        text = moves[int(choice) - 1][0]
    elif not choice and hint is not None:
        text = hint
    else:
        text = choice
        named = moves_with_cards(choice, listed)
        if len(named) == 1:
            text = named[0][0]
        elif len(named) > 1:
            out.write(f"{choice} can be played several ways:\n")
            for number, move in enumerate(moves, start=1):
                if move in named:
                    out.write(f"  {number}) {strip_marks(move[1])}\n")
            return True
    before = match.before_move()
    try:
        events = match.play(seat, text)
    except GameError as error:
        out.write(f"Not now: {error}. {HELP}\n")
        return True
    played.append(text)
    print_table(match.table(names), match.narrate(events, before, names), out)
    return True


def moves_with_cards(typed: str, moves: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The moves that play exactly the cards typed ("7h", "9c 9d"), whatever their kind: a
    card is easier to type than a number that changes as the room does."""
    try:
        wanted = sorted(Card.parse(part).code for part in typed.replace(",", " ").split())
    except CardParseError:
        return []
    return [move for move in moves if wanted and sorted(_card_codes(move[0])) == wanted]


def _card_codes(text: str) -> list[str]:
    codes = []
    for part in text.split(".")[1:]:
        try:
            codes.append(Card.parse(part).code)
        except CardParseError:
            continue  # a target, a seat: not a card
    return codes


def final_words(match: Match, names: list[str]) -> str:
    results = match.results()
    if len(names) < 2 and results:
        return f"Game over: you {results[0].outcome}, score {results[0].score}."
    told = [f"{names[r.seat]} {r.outcome}, score {r.score}" for r in results]
    return "Game over: " + "; ".join(told) + "."
