"""The Traditional Quest as a mode: the party explores a quest's map, room by room, to its last
fight; the fights are the party's as at any GM table."""

from __future__ import annotations

from bot.games.contract import IllegalAction
from bot.games.deuces import flow as party_flow
from bot.games.deuces.facts import TableFacts
from bot.games.deuces.modes.base import DeucesMode
from bot.games.deuces.modes.quest import flow, secrets
from bot.games.deuces.modes.quest.maps import Quest, load_quests, quest_by_id
from bot.games.deuces.modes.quest.prompts import QUEST_KINDS
from bot.games.deuces.modes.quest.rules import QUEST_PAGE
from bot.games.deuces.modes.quest.table import MAP_LEGEND, quest_fields, quest_title, quiet_words
from bot.games.deuces.prompt_kinds import CORE_KINDS
from bot.games.deuces.state import DeucesOptions, DeucesTable, Mode, Phase
from bot.games.deuces.table import FOES, legend
from bot.games.views import Field


class TraditionalQuest(DeucesMode):
    """A secret whose condition is met is revealed between any two steps of the table; after
    each encounter's loot step the party is back on the map."""

    keys = (Mode.QUEST,)
    rules_page = QUEST_PAGE
    steps = {**party_flow.STEPS, **flow.STEPS}
    kinds = (*CORE_KINDS, *QUEST_KINDS)
    before_step = staticmethod(secrets.reveal_due)

    def first_phase(self, options: DeucesOptions) -> Phase:
        return Phase.MAP

    def map_of(self, options: DeucesOptions) -> Quest | None:
        """The quest's map: the one chosen, else the first shipped."""
        try:
            return quest_by_id(options.quest) if options.quest else load_quests()[0]
        except KeyError as error:
            raise IllegalAction(str(error.args[0])) from error

    def after_loot(self) -> Phase:
        return Phase.MAP

    def table_fields(self, state: DeucesTable, names: list[str], party: list[Field]) -> list[Field]:
        """The map first; the enemies only while there are some."""
        return quest_fields(state) + [f for f in party if state.enemies or f.name != FOES]

    def table_title(self, state: DeucesTable, facts: TableFacts) -> str:
        return f"Dungeons & Deuces · {quest_title(state)}"

    def table_legend(self, state: DeucesTable, facts: TableFacts) -> str:
        footer = legend(facts, hidden=quiet_words(state))
        return "\n".join(line for line in (MAP_LEGEND, footer) if line)
