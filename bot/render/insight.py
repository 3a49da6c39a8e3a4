"""A hint and a solved deal in words, the same in Discord and in the terminal (which drops the
bold marks)."""

from __future__ import annotations

from bot.games.definition import Hindsight, Hint

SAY = {
    "hint": "💡 **{label}**: {reason}",
    "won": "You won this deal with **{score}**. The best score it allowed was {best}.",
    "winnable": "This deal could have been won: the best score it allowed was {best}.",
    "slipped": "Your line lost the win at **{lost_at}**. **{instead}** there would have kept it.",
    "unwinnable": "No line wins this deal, even knowing every card: the best score it allowed"
    " was {best}, and you scored **{score}**.",
    "unknown": "This deal is too deep for me to settle quickly: I cannot tell whether it could"
    " have been won.",
}


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
    """What the solver found, in the words of the player who asked."""
    if verdict is None:
        return SAY["unknown"]
    best = best_text(verdict.best_score, verdict.best_exact)
    if won:
        return SAY["won"].format(score=score, best=best)
    if not verdict.winnable:
        return SAY["unwinnable"].format(best=best, score=score)
    text = SAY["winnable"].format(best=best)
    if verdict.lost_at is not None:
        text += "\n" + SAY["slipped"].format(lost_at=verdict.lost_at, instead=verdict.instead)
    return text
