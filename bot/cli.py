"""Play any registered game in the terminal, with the same engine, voice and views as Discord.

A move the game gives a key (`Game.key`: a room card's letter, `r` to run) is listed and typed by
that key, which keeps meaning the same move while its card is on the table; the other moves are
numbered in the game's own order, every one of them (the game's hint marked, where it gives
one): moves that differ only in their last cards or cell ("Quick Hands 2♠ 8♥", "Quick Hands
2♠ 9♣"; "Place 7♦ at F1") share one line, so a long list stays readable without hiding a
move. A move can also be named by its cards (`7h`) or typed in its text form (`weapon 9S`,
`attack 0 9C 9D`). Several seats share the keyboard and are asked in turn. `?` shows the rules
of the game being played (its mode's own page, where it has one) and `??` the game's core
rules. Ctrl-C or the end of input leaves the game, never with a traceback.
"""

from __future__ import annotations

import re
import secrets
import sys
from dataclasses import dataclass
from typing import TextIO

from bot.cli_flags import play_flags_problem
from bot.games.bot_players import bot_name
from bot.games.contract import GameError, Setup
from bot.games.definition import Match
from bot.games.registry import GAMES
from bot.render.insight import best_line_text, hindsight_text, hint_text
from bot.render.terminal import (
    CORE_RULES_WORD,
    RULES_WORD,
    grouped_lines,
    print_hand,
    print_rules,
    print_table,
    rules_links,
    strip_marks,
)
from bot.typed import move_parts, moves_named

QUIT_WORDS = {"q", "quit", "exit"}
HELP_WORDS = {"help"}


def help_text(match: Match, hints: bool = True) -> str:
    """How to answer in this game, from what its first screen offers: its keys (a Scoundrel
    room card's letter, with "!" to fight it barehanded), numbers, a move's cards and words as
    this game's moves carry them, the hint where one is marked, its rules (and core rules
    where it has pages per mode)."""
    seat = match.acting()[0] if not match.is_over else 0
    moves, hint = match.labelled(seat, hints=hints) if not match.is_over else ([], None)
    keys = set(match.keys(seat).values()) if not match.is_over else set()
    ways: list[str] = []
    if keys:
        plain = sorted(key for key in keys if not key.endswith("!"))
        shown = [*plain[:1], *sorted(k for k in keys if k.endswith("!"))[:1], *plain[-1:]]
        examples = ", ".join(f"[{key}]" for key in dict.fromkeys(shown))
        ways.append(f"a move's key ({examples}; either case)")
    if len(keys) < len(moves):
        ways.append("its number" if keys else "a move's number")
    carded = max(moves, key=lambda move: len(move_cards(move[0])), default=None)
    cards = move_cards(carded[0]) if carded is not None else []
    if cards:
        ways.append(f"its cards in any order ({' '.join(reversed(cards))})")
    keyless = [text for text, _ in moves if text not in match.keys(seat)]
    worded = [
        text
        for text in keyless
        if move_parts(text)[1] and len(moves_named(typed_form(text), moves)) == 1
    ]
    example = next((text for text in worded if move_cards(text)), next(iter(worded), None))
    if example is not None:
        how = "its words and cards" if move_cards(example) else "its words"
        ways.append(f"{how} ({typed_form(example)})")
    told = [f"Type {', '.join(ways[:-1])} or {ways[-1]}" if len(ways) > 1 else f"Type {ways[0]}"]
    told[0] += ", then Enter." if ways else ""
    if hint is not None or (hints and match.info.hints):
        told.append("Enter alone plays the move marked (hint); h names it.")
    rules = "? shows this game's rules"
    rules += ", ?? the core rules every mode shares" if match.rules.pages else ""
    told.append(f"{rules}; help shows this again; q quits.")
    return " ".join(told)


def typed_form(text: str) -> str:
    """A move's text form as a player would type it: "attack.0.9C" as "attack 0 9c"."""
    return " ".join(
        _typed_card(part) if move_parts(part)[0] else part.replace("_", " ")
        for part in text.split(".")
    )


def move_cards(text: str) -> list[str]:
    """A move's cards as a player would type them ("9c", "10h")."""
    return [_typed_card(code) for code in move_parts(text)[0]]


def _typed_card(code: str) -> str:
    return code.lower().replace("t", "10", 1) if code[0] in "Tt" else code.lower()


HINT_WORDS = {"h", "hint"}
KEY_SHAPE = re.compile(r"[a-z]!?")
"""What a mistyped key looks like (one letter, perhaps a "!"), so it is answered with the keys
there are rather than with the game's "not a move"."""


def play(
    game: str,
    variant: str | None = None,
    seed: int | None = None,
    settings: dict[str, int] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    players: int | None = None,
    humans: int | None = None,
) -> int:
    """Run one game to its end (or until q / end of input); returns the process exit code.

    Of the `players` seats, the first `humans` (1 unless said) share the keyboard and, in a
    game with bot players, the bot plays the others; in a game without, every seat is asked in
    turn. Flags that do not fit the game are refused, with the range they take (exit code 2)."""
    source, out = stdin or sys.stdin, stdout or sys.stdout
    entry = GAMES.get(game)
    if entry is None:
        out.write(f"There is no game {game!r}: {', '.join(GAMES)}\n")
        return 2
    problem = play_flags_problem(entry, variant, players, humans, settings or {})
    if problem is not None:
        out.write(f"{problem}\n")
        return 2
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        chosen = entry.info.variant(variant)
        seats = chosen.seats.min if players is None else players
        setup = Setup(variant=chosen.key, seats=seats, settings=settings or {})
        match, events = entry.start(seed, setup)
    except (GameError, ValueError) as error:
        out.write(f"{error}\n")
        return 2
    bots = set(range(humans or 1, seats)) if entry.info.bot_players else set()
    hints = entry.info.offers_hints(chosen.key, seats - len(bots))
    challenge = entry.info.challenge
    # In a duel of several heroes a side, each person's seats carry that person's name.
    each = challenge.heroes if challenge is not None and challenge.variant == chosen.key else 1
    names = [
        f"{bot_name(seat - 1)} (bot)" if seat in bots else f"Player {seat // each + 1}"
        for seat in range(seats)
    ]
    out.write(f"{entry.info.title}, seed {seed} (play this deal again with --seed {seed}).\n")
    out.write(f"{help_text(match, hints)}\n")
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
            if not _turn(match, names, source, out, played, hints):
                out.write("\nYou leave the dungeon. (Game not finished.)\n")
                return 0
        out.write("\n" + final_words(match, names) + "\n")
        if match.info.solver and setup.seats == 1:
            out.write("Could you have won? Solving the deal...\n")
            _hindsight(match, setup, played, out)
    except KeyboardInterrupt:
        out.write("\nYou leave the dungeon. (Game not finished.)\n")
    return 0


def show_rules(game: str, mode: str | None = None, stdout: TextIO | None = None) -> int:
    """`python -m bot rules GAME [--mode MODE]`: the game's core page, or one mode's own;
    returns the process exit code."""
    out = stdout or sys.stdout
    entry = GAMES.get(game)
    if entry is None:
        out.write(f"There is no game {game!r}: {', '.join(GAMES)}\n")
        return 2
    book = entry.rules
    page = book if mode is None else book.page(mode)
    if page is None:
        keys = ", ".join(known.key for known in book.pages)
        told = f"its modes: {keys}" if keys else "it has one page (leave out --mode)"
        out.write(f"{book.title} has no page {mode!r}: {told}.\n")
        return 2
    print_rules(page, out, rules_links(game, book, page, playing=False))
    return 0


def _hindsight(match: Match, setup: Setup, played: list[str], out: TextIO) -> None:
    results = match.results()
    if not results:
        return
    verdict = match.hindsight(setup, played)
    won = results[0].outcome == "won"
    out.write(strip_marks(hindsight_text(verdict, won, results[0].score)) + "\n")
    line = best_line_text(verdict)
    if line is not None:
        out.write("\n" + strip_marks(line) + "\n")


def _bot_turn(match: Match, seat: int, names: list[str], out: TextIO, played: list[str]) -> None:
    text = match.bot_move(seat)
    if text is None:
        raise GameError(f"{match.info.title} has no bot player for seat {seat + 1}")
    before = match.before_move()
    events = match.play(seat, text)
    played.append(text)
    for line in match.narrate(events, before, names):
        out.write(strip_marks(line) + "\n")


@dataclass(frozen=True, slots=True)
class Listed:
    """One move on the screen, with what the player types for it: the game's key for the move
    where it gives one (`Game.key`), which keeps its meaning from one screen to the next, else
    the move's number on this screen."""

    text: str
    label: str
    typed: str
    keyed: bool

    def line(self, hint: str | None) -> str:
        """ "[a] Fight 9♣ with your 7♦ · −2 HP", "2) Vote stay   (hint)": brackets for a key,
        which lasts, a parenthesis for a number, which is this screen's only."""
        tag = f"[{self.typed}]" if self.keyed else f"{self.typed})"
        return f"  {tag} {strip_marks(self.label)}{'   (hint)' if self.text == hint else ''}"


def listed_moves(moves: list[tuple[str, str]], keys: dict[str, str]) -> list[Listed]:
    """The moves as the screen lists them, every one: the keyed ones in the order of their
    keys (a room card by card), then the others numbered in the game's order."""
    keyed = [Listed(text, label, keys[text], True) for text, label in moves if text in keys]
    numbered = [
        Listed(text, label, str(number), False)
        for number, (text, label) in enumerate(
            (move for move in moves if move[0] not in keys), start=1
        )
    ]
    return sorted(keyed, key=lambda move: move.typed) + numbered


def move_lines(listed: list[Listed], hint: str | None) -> list[str]:
    """The screen's lines for the moves: one a move, but numbered moves that differ only in
    their last cards or cell on one line ("Quick Hands: 9) 2♠ 2♣ · 10) 2♠ 8♥ · ..."), so no
    list is cut short to stay readable."""
    keyed = [move.line(hint) for move in listed if move.keyed]
    numbered = [
        (f"{move.typed})", strip_marks(move.label), move.text == hint)
        for move in listed
        if not move.keyed
    ]
    return keyed + grouped_lines(numbered)


def _turn(
    match: Match, names: list[str], stdin: TextIO, out: TextIO, played: list[str], hints: bool
) -> bool:
    """Ask the first seat the game waits on for one move; False when the player quits. A
    table rated between people (`hints` False) shows no hint."""
    seat = match.acting()[0]
    hand = match.hand(seat, [], names, hints=hints)
    if hand is not None:
        print_hand(hand, out)
    moves, hint = match.labelled(seat, names, hints=hints)
    keys = match.keys(seat)
    listed = listed_moves(moves, keys)
    if len(names) > 1:
        out.write(f"{names[seat]}, your move:\n")
    for line in move_lines(listed, hint):
        out.write(line + "\n")
    out.write("> ")
    out.flush()
    answer = stdin.readline()
    if not answer or answer.strip().lower() in QUIT_WORDS:
        return False
    choice = answer.strip()
    if choice in (RULES_WORD, CORE_RULES_WORD):
        page = match.page if choice == RULES_WORD else match.rules
        print_rules(page, out, rules_links(match.info.key, match.rules, page, playing=True))
    elif choice.lower() in HINT_WORDS:
        _hint(match, seat, listed, len(names), hint, out)
    elif choice.lower() in HELP_WORDS:
        out.write(help_text(match, hints) + "\n")
    else:
        text: str | None = None
        try:  # the game's own reading of a typed move first, where it has one
            text = match.typed(seat, choice) or chosen(choice, listed, moves, hint, out)
        except GameError as error:
            out.write(f"Not now: {error}.\n")
        if text is not None:
            _play(match, seat, text, names, out, played)
    return True


def chosen(
    choice: str,
    listed: list[Listed],
    moves: list[tuple[str, str]],
    hint: str | None,
    out: TextIO,
) -> str | None:
    """The text of the move a player typed: a key or number (any case), Enter for the hint, a
    card, or the move itself. None, with the reason written, when the answer names no move or
    several."""
    typed = choice.lower()
    by_key = {move.typed: move for move in listed}
    if typed in by_key:
        return by_key[typed].text
    if not choice:
        if hint is None:
            out.write("No move is marked as the hint here: type a move's number or cards.\n")
        return hint
    if choice.isdecimal():
        out.write(_no_such_number(listed) + "\n")
        return None
    named = moves_named(choice, moves)
    if len(named) == 1:
        return named[0][0]
    if named:
        out.write(f"{choice} can be played several ways:\n")
        for move in listed:
            if (move.text, move.label) in named:
                out.write(move.line(None) + "\n")
        return None
    keys = [move.typed for move in listed if move.keyed]
    if keys and KEY_SHAPE.fullmatch(typed):
        out.write(_no_such_key(typed, keys) + "\n")
        return None
    return choice


def _no_such_number(listed: list[Listed]) -> str:
    numbers = [move.typed for move in listed if not move.keyed]
    if not numbers:
        keys = ", ".join(move.typed for move in listed)
        return f"The moves here have keys, not numbers: type one in brackets ({keys})."
    return f"Choose a move from 1 to {len(numbers)}."


def _no_such_key(typed: str, keys: list[str]) -> str:
    """A key that names no move now, and the keys that do: one of the same letter first, as a
    player who typed it most likely meant that one (the weapon cannot strike, say)."""
    near = [key for key in keys if key[0] == typed[0]]
    meant = f" Did you mean [{near[0]}]?" if near else ""
    return f"No move has the key [{typed}] now.{meant} The keys now: {', '.join(keys)}."


def _hint(
    match: Match, seat: int, listed: list[Listed], seats: int, marked: str | None, out: TextIO
) -> None:
    """The game's hint with its reason, and the key that plays it. Hints with a reason are for
    a player alone; a game without them may still mark a move (the one a timeout would play,
    the GM's suggestion): `h` then names that move, as the list marks it."""
    hint = match.advise(seat) if match.info.hints and seats == 1 else None
    if hint is None:
        move = next((move for move in listed if move.text == marked), None)
        if move is None:
            out.write("No hint in this game.\n")
        else:
            out.write(f"💡 The move marked (hint) is {move.line(None).strip()}. Enter plays it.\n")
        return
    key = next((move.typed for move in listed if move.keyed and move.text == hint.action), None)
    out.write(strip_marks(hint_text(hint)) + (f" [{key}]" if key else "") + "\n")


def _play(
    match: Match, seat: int, text: str, names: list[str], out: TextIO, played: list[str]
) -> None:
    """Play a move and show the table it leaves; a move the game refuses changes nothing."""
    before = match.before_move()
    try:
        events = match.play(seat, text)
    except GameError as error:
        out.write(f"Not now: {error}. (Type help for how to answer.)\n")
        return
    played.append(text)
    print_table(match.table(names), match.narrate(events, before, names), out)


def final_words(match: Match, names: list[str]) -> str:
    results = match.results()
    if len(names) < 2 and results:
        return f"Game over: you {results[0].outcome}, score {results[0].score}."
    told = [f"{names[r.seat]} {r.outcome}, score {r.score}" for r in results]
    return "Game over: " + "; ".join(told) + "."
