"""Traditional Quest: the secret of a Special Encounter card, kept face down until the condition
the card states is met, then turned face up for the rest of the quest.

Checked between every two steps of the table (never while an attack waits for its answer): the
start of a given round, the secret's owner down to a given number of cards, or another entity
of the encounter falling. A hidden ability is then its owner's to use (`QuestProgress` lists it
among the owner's abilities); a weakness strikes its owner at once, and again at the start of
every later attempt at that encounter, as the party knows it by then.
"""

from __future__ import annotations

from bot.games.deuces import combat
from bot.games.deuces.effects import cast
from bot.games.deuces.events import DeucesEvent, SecretRevealed
from bot.games.deuces.modes.quest.maps import Fixed, SpecialEncounter
from bot.games.deuces.state import DeucesTable, Phase, enemy


def special_in_play(state: DeucesTable) -> SpecialEncounter | None:
    """The Special Encounter of the fight going on, if any."""
    quest = state.quest
    if quest is None or not quest.fighting:
        return None
    fixed = quest.here().encounter
    if not isinstance(fixed, Fixed) or fixed.special is None:
        return None
    return quest.quest.special(fixed.special)


def owner_index(state: DeucesTable, special: SpecialEncounter) -> int:
    return next(
        i
        for i, foe in enumerate(state.enemies)
        if foe.special and foe.enemy_id == special.secret.owner
    )


def secret_met(state: DeucesTable, special: SpecialEncounter) -> bool:
    """Whether the condition the card states holds now."""
    secret = special.secret
    owner = owner_index(state, special)
    if secret.reveal == "round":
        return state.round >= secret.at
    if secret.reveal == "hand":
        return len(state.enemies[owner].hand) <= secret.at
    return any(foe.special and foe.defeated for i, foe in enumerate(state.enemies) if i != owner)


def reveal_due(state: DeucesTable) -> list[DeucesEvent]:
    """Turn the secret face up once its condition is met, during the fight and between
    attacks; a weakness known (now or from an earlier attempt) strikes its owner once."""
    special = special_in_play(state)
    if special is None or state.phase != Phase.FIGHT or state.clash is not None:
        return []
    quest = state.quest
    assert quest is not None
    secret = special.secret
    events: list[DeucesEvent] = []
    if special.id not in quest.revealed:
        if not secret_met(state, special):
            return []
        quest.revealed.append(special.id)
        events.append(
            SecretRevealed(
                special=special.id,
                name=secret.name,
                text=secret.text,
                weakness=secret.kind == "weakness",
            )
        )
    owner = owner_index(state, special)
    if secret.kind == "weakness" and not quest.struck and not state.enemies[owner].defeated:
        quest.struck = True
        events += cast(state, enemy(owner), secret.ability, None, [])
        events += combat.mark_defeats(state)
    return events
