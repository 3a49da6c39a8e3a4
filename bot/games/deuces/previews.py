"""What a move would do, said before it is pressed: the outcome of a defence, whether an attack
can be answered, what a Guard leaves on top of the discard pile, and why an ability cannot be
used now.

Each reads the table exactly as the engine will when the move is played (the same faces, edges
and comparison), without changing anything, so a button's words never disagree with what its
move does: the tests check the words against the engine over played-out games.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.games.cards import Card
from bot.games.deuces import piles
from bot.games.deuces.combat import attack_play
from bot.games.deuces.content import Ability
from bot.games.deuces.effects import Moment
from bot.games.deuces.poker import Result, clash, read
from bot.games.deuces.state import DeucesTable, Ref


class Answer(StrEnum):
    """How a defence ends the clash for its defender."""

    HOLDS = "holds"
    TIES = "ties"
    FALLS = "falls"


ANSWERS = {Result.DEFENDER: Answer.HOLDS, Result.TIE: Answer.TIES, Result.ATTACKER: Answer.FALLS}


@dataclass(frozen=True)
class DefencePreview:
    """A defence's outcome, and what it leaves the defender holding afterwards."""

    answer: Answer
    draws: int
    """Cards the defender draws after the clash (its own back, unless the defence falls)."""
    left: int
    """Cards the defender holds once the clash is over."""

    @property
    def words(self) -> str:
        match self.answer:
            case Answer.HOLDS:
                return f"holds: you draw {self.draws}"
            case Answer.TIES:
                return "ties: both draw back"
            case Answer.FALLS:
                return "falls: you're out" if self.left == 0 else "falls: no cards back"


def defence(state: DeucesTable, cards: tuple[Card, ...]) -> DefencePreview:
    """The outcome of answering the attack in play with these cards, as `combat.answer` will
    judge it (a yield, with no cards, falls and discards the hand)."""
    pending = state.clash
    assert pending is not None  # asked only while an attack waits for its answer
    defender = state.fighter(pending.defender)
    if not cards:
        return DefencePreview(Answer.FALLS, 0, 0)
    play = read(piles.held_faces(defender, cards), pending.size)
    result = clash(attack_play(pending), play, pending.edge, defender.edge)
    answer = ANSWERS[result]
    draws = len(cards) if answer is not Answer.FALLS else 0
    return DefencePreview(answer, draws, len(defender.hand) - len(cards) + draws)


def answerable(state: DeucesTable, defender: Ref, cards: tuple[Card, ...], attacker: Ref) -> bool:
    """Whether the attacked fighter holds enough cards to answer this attack at all (else it
    is overwhelmed and falls, unless a Disrupt saves it)."""
    play = read(piles.faces_of(state, attacker, cards))
    size = play.size if play is not None else len(cards)
    return piles.hand_capacity(state, defender) >= size


def unusable(
    state: DeucesTable,
    user: Ref,
    ability: Ability,
    moment: Moment | None,
    attacks: int = 0,
    ability_used: bool = False,
) -> str | None:
    """Why `effects.usable` says no (None: it says yes), in the player's words; `moment` is
    None when it is neither the user's turn nor an attack on it."""
    timing = ability.timing
    if moment is None or (moment == "defend") != (timing == "disrupt"):
        return "when you are attacked" if timing == "disrupt" else "on your turn"
    if moment == "turn" and timing == "instead_of_attack" and attacks <= 0:
        return "instead of an attack: none left"
    if moment == "turn" and timing != "instead_of_attack" and ability_used:
        return "one ability a turn"
    fighter = state.fighter(user)
    if fighter.used.get(ability.id, 0) >= ability.uses.times:
        return f"used up this {ability.uses.per}"
    if ability.cards_needed > len(fighter.hand):
        return f"needs {ability.cards_needed} cards"
    return None
