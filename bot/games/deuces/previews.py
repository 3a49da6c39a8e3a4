"""What a move would do, said before it is pressed: the outcome of a defence, and whether an
attack can be answered (why an ability cannot be used now is `effects.unusable_because`).

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
