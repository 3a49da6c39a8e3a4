"""The tutorial as a mode: a single encounter on a fixed deal, held to its lesson plan.

Every prompt's kind is the core one, wrapped (`Guided`) so that while the encounter follows the
plan its one legal answer is the coached move, a timeout or a hint plays that move, and My hand
says what the coach says. The table shows the coach's line above the enemies.
"""

from __future__ import annotations

from typing import Any, ClassVar

from bot.games.contract import IllegalAction, Outcome
from bot.games.deuces.actions import DeucesAction, parse_action
from bot.games.deuces.engine import DeucesState, deal_party
from bot.games.deuces.events import DeucesEvent
from bot.games.deuces.modes.party import SingleEncounter
from bot.games.deuces.modes.tutorial import script
from bot.games.deuces.prompt_kinds import CORE_KINDS, Play, PromptKind
from bot.games.deuces.state import DeucesOptions, DeucesTable, Mode, Prompt, SeatChoice
from bot.games.views import Field

COACH = "🎓 Coach"


def planned(state: DeucesTable, seat: int, kind: PromptKind[Any], prompt: Any) -> str | None:
    """The coached move now, while the encounter follows the plan (the move is legal)."""
    step = script.step_at(state.turn)
    if step is None:
        return None
    listed = {str(action) for action in kind.legal(state, seat, prompt)}
    return step.action if step.action in listed else None


def coaching(state: DeucesTable) -> str:
    """What the coach says now: the step's line, the end's, or that the plan was left."""
    if state.is_over:
        loot = state.players[0].loot
        if state.outcome != Outcome.WON or not loot:
            return script.OFF_SCRIPT
        return script.DONE.format(tier=loot[0].tier.value.title(), card=loot[0].card)
    step = script.step_at(state.turn)
    prompt = state.prompt
    if step is None or prompt is None:
        return script.OFF_SCRIPT
    seat = state.waiting_for[0] if state.waiting_for else 0
    inner = state.mode.by_prompt[type(prompt)]
    return step.line if planned(state, seat, inner, prompt) else script.OFF_SCRIPT


class Guided(PromptKind[Any]):
    """A core kind held to the plan: its only answer is the coached move while there is one."""

    def __init__(self, inner: PromptKind[Any]) -> None:
        self.inner = inner

    def waiting_words(self, state: DeucesTable) -> str:
        return self.inner.waiting_words(state)

    def hand_footer(self, state: DeucesTable) -> str | None:
        return coaching(state)

    def legal(self, state: DeucesTable, seat: int, prompt: Any) -> list[DeucesAction]:
        allowed = self.inner.legal(state, seat, prompt)
        coached = planned(state, seat, self.inner, prompt)
        return [a for a in allowed if str(a) == coached] if coached else allowed

    def take(self, state: DeucesTable, seat: int, prompt: Any, action: DeucesAction) -> Play:
        coached = planned(state, seat, self.inner, prompt)
        if coached is not None and str(action) != coached:
            raise IllegalAction(f"in the tutorial, follow the coach: {coaching(state)}")
        return self.inner.take(state, seat, prompt, action)

    def timeout(self, state: DeucesTable, seat: int, prompt: Any) -> DeucesAction:
        coached = planned(state, seat, self.inner, prompt)
        return parse_action(coached) if coached else self.inner.timeout(state, seat, prompt)

    def suggest(self, state: DeucesTable, seat: int, prompt: Any) -> DeucesAction:
        coached = planned(state, seat, self.inner, prompt)
        return parse_action(coached) if coached else self.inner.suggest(state, seat, prompt)


class Tutorial(SingleEncounter):
    """One coached encounter on a fixed deal, played alone."""

    keys = (Mode.TUTORIAL,)
    guided: ClassVar[dict[type[Any], Guided]] = {kind.prompt: Guided(kind) for kind in CORE_KINDS}

    def kind(self, prompt: Prompt) -> PromptKind[Any]:
        return self.guided[type(prompt)]

    def prepare(self, options: DeucesOptions, players: int) -> DeucesOptions:
        """Alone, at level 1, as the Hedge Knight with Steel Nerve, whatever was asked."""
        if players != 1:
            raise IllegalAction("the tutorial is played alone")
        chosen = SeatChoice(class_id=script.CLASS_ID, custom_id=script.CUSTOM_ID)
        return options.model_copy(
            update={
                "level": script.LEVEL,
                "party": [chosen],
                "modifier": 0,
                "enemy_set": None,
                "level_every_encounter": False,
            }
        )

    def deal(
        self, seed: int, options: DeucesOptions, players: int
    ) -> tuple[DeucesState, list[DeucesEvent]]:
        """The same deal every time: the tutorial's seed, not the game's."""
        return deal_party(script.SEED, options, players)

    def table_fields(self, state: DeucesTable, names: list[str], party: list[Field]) -> list[Field]:
        """The coach's line first, with how far through the plan the player is."""
        done = min(state.turn, len(script.STEPS))
        name = f"{COACH} · move {done + 1} of {len(script.STEPS)}"
        if state.is_over:
            name = f"{COACH} · done"
        return [Field(name=name, value=coaching(state), inline=False), *party]
