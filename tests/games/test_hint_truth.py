"""The crawls' hints held to the engine: never a move that loses the game while another would
not, and never a reason that is not true of the position. The checks themselves
(`bot.games.crawl.hint_audit`) are first shown to catch a deadly move and false reasons."""

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import Card, cards
from bot.games.crawl.actions import ActionKind, DungeonAction, DungeonState, dungeon_action
from bot.games.crawl.hint_audit import audit, deadly_when_safe, reason_fault
from bot.games.crawl.solving import Advice
from bot.games.dragons import hint as dragons_hint
from bot.games.dragons.engine import DragonsState, dragons_dungeon
from bot.games.dragons.engine import new_game as new_dragons
from bot.games.scoundrel import hint as scoundrel_hint
from bot.games.scoundrel.engine import ScoundrelOptions, ScoundrelState, Variant, scoundrel_deck
from bot.games.scoundrel.engine import new_game as new_scoundrel

seeds = st.integers(min_value=0, max_value=2**31)


def advise(state: DungeonState) -> Advice:
    if isinstance(state, ScoundrelState):
        return scoundrel_hint.advise(state)
    assert isinstance(state, DragonsState)
    return dragons_hint.advise(state)


def play_out(state: DungeonState, data: st.DataObject) -> int:
    """Play the deal to its end, each move the hint's or (as drawn) any legal one, auditing
    every hint on the way; the number of hints audited."""
    audited = 0
    while not state.is_over and state.turn < 80:
        advice = advise(state)
        found = audit(state, advice)
        assert not found.deadly_when_safe, f"deadly when a safe move was there: {advice}"
        assert found.false_reason is None, f"{found.false_reason}: {advice.reason}"
        audited += 1
        hinted = data.draw(st.booleans(), label="take the hint")
        legal = state.legal_actions(0)
        action = advice.action if hinted else data.draw(st.sampled_from(legal), label="move")
        state.apply(0, action)
    return audited


@settings(max_examples=25, deadline=None)
@given(seed=seeds, variant=st.sampled_from(list(Variant)), data=st.data())
def test_scoundrel_hints_are_never_deadly_when_safe_and_always_true(
    seed: int, variant: Variant, data: st.DataObject
) -> None:
    state, _ = new_scoundrel(seed, ScoundrelOptions(variant=variant))
    assert play_out(state, data) > 0


@settings(max_examples=15, deadline=None)
@given(seed=seeds, data=st.data())
def test_following_the_hints_always_ends_an_easy_deal(seed: int, data: st.DataObject) -> None:
    """Where every room may be fled, a hint that runs from each room in turn would cycle
    through rooms already seen for ever (14 of the first 40 deals did). A deal's 44 cards take
    44 plays; runs show new cards until every card left has been seen, and from then on the
    hint never runs twice in a row: so whatever the player did before, following the hints
    ends the game within 150 moves."""
    state, _ = new_scoundrel(seed, ScoundrelOptions(variant=Variant.EASY))
    for _ in range(data.draw(st.integers(0, 30), label="moves of the player's own")):
        if not state.is_over:
            state.apply(0, data.draw(st.sampled_from(state.legal_actions(0)), label="move"))
    for _ in range(150):
        if state.is_over:
            break
        state.apply(0, scoundrel_hint.advise(state).action)
    assert state.is_over


@settings(max_examples=25, deadline=None)
@given(seed=seeds, data=st.data())
def test_dragons_hints_are_never_deadly_when_safe_and_always_true(
    seed: int, data: st.DataObject
) -> None:
    state, _ = new_dragons(seed, players=1)
    assert play_out(state, data) > 0


# ---- the positions the checks were written for ---------------------------------------------


def scoundrel_at(room: str, hp: int, weapon: str, slain: str, deck: str = "") -> ScoundrelState:
    """A Classic position: the room, the deck under it, every other card played."""
    state, _ = ScoundrelState.scripted(cards(room) + cards(deck))
    state.hp, state.weapon, state.slain = hp, Card.parse(weapon), cards(slain)
    elsewhere = set(cards(room) + cards(deck) + cards(slain)) | {state.weapon}
    state.discard = [card for card in scoundrel_deck() if card not in elsewhere]
    return state


def dragons_at(room: str, hp: int, weapon: str, slain: str) -> DragonsState:
    """The last room of a solo dungeon, every other card played."""
    state, _ = DragonsState.scripted(cards(room), players=1)
    party = state.parties[0]
    party.hp, party.weapon, party.slain = hp, Card.parse(weapon), cards(slain)
    elsewhere = cards(room) + cards(slain) + [party.weapon]
    rest = list(dragons_dungeon())
    for card in elsewhere:
        rest.remove(card)
    party.discard = rest
    return state


def test_a_hopeless_room_is_fought_with_the_weapon_not_lost_at_once() -> None:
    """At 4 HP every way through loses; the barehanded 5♣ loses now, the weapon's does not
    (and falls later with a better score)."""
    state = scoundrel_at("A♣ K♣ 10♠ 5♣", hp=4, weapon="4♦", slain="6♠", deck="2♥")
    state.ran_last_room = True
    advice = scoundrel_hint.advise(state)
    assert advice.action == dungeon_action(ActionKind.FIGHT_WITH_WEAPON, Card.parse("5♣"))
    assert audit(state, advice).sound


def test_a_potion_that_does_not_save_you_is_not_said_to() -> None:
    """Drinking the 3♥ at 4 HP still leaves the party dead on the cards after it."""
    state = dragons_at("J♣ 3♥ 10♠", hp=4, weapon="A♦", slain="2♣")
    advice = dragons_hint.advise(state)
    assert "leave you dead" not in advice.reason
    assert audit(state, advice).sound


# ---- the checks catch what they are for ----------------------------------------------------


def test_the_check_finds_a_deadly_move_when_a_safe_one_exists() -> None:
    state = scoundrel_at("A♣ K♣ 10♠ 5♣", hp=4, weapon="4♦", slain="6♠", deck="2♥")
    bare = dungeon_action(ActionKind.FIGHT_BAREHANDED, Card.parse("5♣"))
    armed = dungeon_action(ActionKind.FIGHT_WITH_WEAPON, Card.parse("5♣"))
    assert deadly_when_safe(state, bare)
    assert not deadly_when_safe(state, armed)


def test_a_deadly_move_is_fine_when_every_move_is() -> None:
    state = scoundrel_at("A♣ K♣ 10♠", hp=4, weapon="4♦", slain="3♠")
    bare = dungeon_action(ActionKind.FIGHT_BAREHANDED, Card.parse("10♠"))
    assert not deadly_when_safe(state, bare)


def said(state: DungeonState, action: DungeonAction, reason: str) -> str | None:
    return reason_fault(state, Advice(action, reason))


def test_the_check_finds_false_reasons() -> None:
    state = dragons_at("J♣ 3♥ 10♠", hp=4, weapon="A♦", slain="2♣")
    drink = dungeon_action(ActionKind.DRINK, Card.parse("3♥"))
    assert said(state, drink, "Drink the 3♥ first: without it, this room would leave you dead")
    assert said(state, drink, "Drink the 3♥: +5 HP, up to 9")
    assert said(state, drink, "Drink the 3♥ first (+3 HP): the 10♠ will cost you 4")
    assert said(state, drink, "Drink the 3♥: the deck is kind today")
    assert said(state, drink, "Drink the 10♠: +3 HP, up to 7"), "a reason naming another card"
    assert said(state, drink, "Drink the 3♥: +3 HP, up to 7") is None
    assert said(state, drink, "Drink the 3♥ first (+3 HP): the 10♠ will cost you 10") is None


def test_the_check_reads_a_runs_reason_against_every_way_through() -> None:
    # Best: equip the 3♦, fight the 4♠ with it (−1) and the 8♠ with it (−5): 2 HP left.
    state = scoundrel_at("8♠ 9♣ 3♦ 4♠", hp=8, weapon="2♦", slain="", deck="5♥")
    run = dungeon_action(ActionKind.RUN)
    assert said(state, run, "Run: this room would cost you 6 HP at best, and you have 8") is None
    assert said(state, run, "Run: this room would cost you 7 HP at best, and you have 8")
    assert said(state, run, "Run: no way through this room leaves you standing (you have 8 HP)")
    assert said(state, run, "Run: facing it would leave you at most 2 HP; later is better") is None
    assert said(state, run, "Run: facing it would leave you at most 3 HP; later is better")
