"""A hint and a solved deal in words, the same in Discord and in the terminal (which drops the
bold marks)."""

from __future__ import annotations

from bot.games.definition import Hindsight, Hint
from bot.words import plural

SAY = {
    "hint": "💡 **{label}**: {reason}",
    "won": "You won this deal with **{score}**. The best score it allowed was {best}.",
    "won_best": "You won this deal with **{score}**, the best score it allowed.",
    "winnable": "This deal could have been won: the best score it allowed was {best}.",
    "slipped": "Your line lost the win at **{lost_at}**. **{instead}** there would have kept it.",
    "slipped_later": "Later it lost the win at **{lost_at}**. **{instead}** there would have"
    " kept it.",
    "unwinnable": "No line wins this deal, even knowing every card: the best score it allowed"
    " was {best}, and you scored **{score}**.",
    "unwinnable_best": "No line wins this deal, even knowing every card, and you scored"
    " **{score}**: the best score it allowed.",
    "dropped": "Your line {first}fell short of the best at **{dropped_at}**: before it the best"
    " within reach was {before}, after it {after}. **{kept_by}** there would have kept"
    " {before}.",
    "drop_unknown": "I could not tell within my search which move fell short of the best.",
    "drop_after": "Your line still had the best within reach after **{kept_past}**; my search"
    " ran out before it could tell which later move lost it.",
    "unknown": "This deal is too deep for me to settle quickly: I cannot tell whether it could"
    " have been won.",
    "line": "**A line that scores {best}**, room by room:",
    "line_floor": "**The best line I found scores {best}**, room by room:",
    "line_cut": "… ({more} left out)",
}
OPENINGS = {
    (True, False): "won",
    (True, True): "won_best",
    (False, False): "unwinnable",
    (False, True): "unwinnable_best",
}
"""The first sentence for a deal that was won, or that no line wins, by (won, the player's
score is the best)."""
LINE_LIMIT = 2000
"""The most a message's text may hold on Discord: a best line longer than that (a deal of many
runs) is cut at a room, and says how many rooms it left out."""


def best_text(best: int, exact: bool) -> str:
    """ "**23**", or "at least **23**" when the search for a better score was cut short."""
    return f"**{best}**" if exact else f"at least **{best}** (I stopped looking for more)"


def hint_text(hint: Hint) -> str:
    """ "💡 **Drink the 7♥ first**: the 9♠ would leave you at 3 HP". A reason that starts with
    the move ("Run: ...") leads with it in bold rather than after the move's label again."""
    verb = hint.label.split(" ", 1)[0]
    if not hint.reason.startswith(verb):
        return SAY["hint"].format(label=hint.label, reason=hint.reason)
    move, colon, why = hint.reason.partition(": ")
    return f"💡 **{move}**{colon}{why}"


def hindsight_text(verdict: Hindsight | None, won: bool, score: int | None) -> str:
    """What the solver found, in the words of the player who asked: could the deal be won,
    and where the player's line let the win go, or the best score."""
    if verdict is None:
        return SAY["unknown"]
    best = best_text(verdict.best_score, verdict.best_exact)
    matched = verdict.best_exact and score == verdict.best_score
    if won or not verdict.winnable:
        said = SAY[OPENINGS[won, matched]].format(score=score, best=best)
        short = _fell_short(verdict, score)
        return f"{said}\n{short}" if short else said
    text = SAY["winnable"].format(best=best)
    earlier = verdict.dropped_move is not None and verdict.dropped_move != verdict.lost_move
    if earlier:
        text += "\n" + _drop_text(verdict, first=True)
    if verdict.lost_at is not None:
        said = SAY["slipped_later" if earlier else "slipped"]
        text += "\n" + said.format(lost_at=verdict.lost_at, instead=verdict.instead)
    return text


def _fell_short(verdict: Hindsight, score: int | None) -> str:
    """Where a line that won, or lost a deal no line wins, fell short of the best: said only
    when the best is exactly known, and the move only when it was proved."""
    if not verdict.best_exact or score is None or score >= verdict.best_score:
        return ""
    if verdict.dropped_at is None and verdict.kept_past is not None:
        return SAY["drop_after"].format(kept_past=verdict.kept_past)
    if verdict.dropped_at is None:
        return SAY["drop_unknown"]
    return _drop_text(verdict, first=False)


def _drop_text(verdict: Hindsight, first: bool) -> str:
    return SAY["dropped"].format(
        first="first " if first else "",
        dropped_at=verdict.dropped_at,
        before=verdict.best_before,
        after=verdict.best_after,
        kept_by=verdict.kept_by,
    )


def best_line_text(verdict: Hindsight | None) -> str | None:
    """A line that reaches the best score, a room to a line of text, where the solver gave
    one. A room of a single move (a run) shares its line with the next room, so that a deal
    of fifteen rooms and its runs stays a phone's screen tall. None where no line is known."""
    if verdict is None or not verdict.best_line:
        return None
    rows: list[str] = []
    joined = ""
    for part in verdict.best_line:
        told = f"{part.where}: {', '.join(part.moves)}"
        joined = f"{joined} · {told}" if joined else told
        if len(part.moves) > 1:
            rows.append(joined)
            joined = ""
    if joined:
        rows.append(joined)
    heading = SAY["line" if verdict.best_exact else "line_floor"].format(best=verdict.best_score)
    return _within_limit(heading, rows)


def _within_limit(heading: str, rows: list[str]) -> str:
    """The heading and the rows, as many rows as fit in a message, the cut said."""
    text = "\n".join([heading, *rows])
    kept = len(rows)
    while len(text) > LINE_LIMIT and kept > 0:
        kept -= 1
        cut = SAY["line_cut"].format(more=plural(len(rows) - kept, "line"))
        text = "\n".join([heading, *rows[:kept], cut])
    return text
