"""Masters & Monsters as a mode: no GM; each player draws enemies and plays them against the
others, and the first to hold enough Epic loot wins."""

from __future__ import annotations

from bot.games.contract import IllegalAction, SeatResult
from bot.games.deuces.effects import other
from bot.games.deuces.facts import TableFacts
from bot.games.deuces.modes.base import DeucesMode
from bot.games.deuces.modes.masters import flow
from bot.games.deuces.modes.masters.prompts import MASTERS_KINDS
from bot.games.deuces.modes.masters.rules import MASTERS_PAGE
from bot.games.deuces.prompt_kinds import CORE_KINDS
from bot.games.deuces.refs import fighter_ref
from bot.games.deuces.state import (
    GM_SIDE,
    DeucesOptions,
    DeucesTable,
    Mode,
    Phase,
    Ref,
    Side,
    player,
)
from bot.games.deuces.voice import Voicing


class MastersAndMonsters(DeucesMode):
    """Every player's enemies hunt the others: nobody's foes include their own enemies, loot is
    each player's own, and enemies hunt only on their own turn."""

    keys = (Mode.MASTERS,)
    rules_page = MASTERS_PAGE
    steps = flow.STEPS
    kinds = (*CORE_KINDS, *MASTERS_KINDS)
    shares_loot = False
    enemies_hunt_alone = True
    voicing = Voicing(end_told_by_table=True, taunt_binds_master=True)

    def prepare(self, options: DeucesOptions, players: int) -> DeucesOptions:
        options = super().prepare(options, players)
        if players < flow.MIN_SEATS:
            raise IllegalAction(f"Masters & Monsters is played by {flow.MIN_SEATS} or more")
        return options.model_copy(update={"level": 1})

    def table_title(self, state: DeucesTable, facts: TableFacts) -> str:
        return (  # how many Epic loot win is in the Epic loot fact
            f"Dungeons & Deuces · Masters & Monsters · encounter {facts.encounter}"
            f" · level {facts.level}"
        )

    def after_loot(self) -> Phase:
        return Phase.TALLY

    def side_refs(self, state: DeucesTable, user: Ref, friendly: bool) -> list[Ref]:
        if friendly:
            return super().side_refs(state, user, friendly)
        if user.side == GM_SIDE:
            return [player(seat) for seat in state.prey(user.index)]
        return [fighter_ref(other(user.side), i) for i in state.hunted(user)]

    def contested(self, state: DeucesTable) -> bool:
        """Someone of the party may still attack someone else's enemy."""
        party = {
            *state.active(Side.PLAYERS),
            *(state.pets[i].master for i in state.active(Side.PETS)),
        }
        masters = {state.enemies[i].master for i in state.active(Side.GM)}
        return bool(party) and bool(masters) and len(party | masters) > 1

    def results(self, state: DeucesTable) -> list[SeatResult]:
        return flow.results(state)

    def forfeits(self, state: DeucesTable, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        return flow.forfeits(state, forfeiters, outcome)

    def epics_needed(self, state: DeucesTable) -> int | None:
        return state.options.epics
