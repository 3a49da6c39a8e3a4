"""Traditional Quest on scripted decks and a small scripted map: the quest files' schema, the
party's moves on the map, random and fixed encounters, Special Encounters and their secrets,
falls and the end, shops paid from the discard pile, quest loot used by sacrificing a Joker,
and the hint policy finishing the shipped quest, each ruling as a behaviour."""

from collections import Counter
from typing import Any

import pytest
from pydantic import ValidationError

from bot.games.cards import JOKER, Card, cards, standard_deck
from bot.games.contract import IllegalAction, Outcome, Setup
from bot.games.deuces import (
    DeucesOptions,
    Mode,
    new_game,
    parse_action,
    suggest,
)
from bot.games.deuces.actions import Attack, Buy, EndTurn, Go, UseItem
from bot.games.deuces.autoplay import default_action
from bot.games.deuces.content import EnemyDef, describe, load_content
from bot.games.deuces.engine import DeucesState
from bot.games.deuces.game import GAME
from bot.games.deuces.gm import must_target
from bot.games.deuces.modes.quest.maps import Quest, load_quests, reachable
from bot.games.deuces.modes.quest.progress import MAX_FALLS, ROOM_SCORE
from bot.games.deuces.modes.quest.rules import QUEST_RULINGS
from bot.games.deuces.modes.quest.table import (
    PARTY_ROUTE_FOOTER,
    ROUTE_FOOTER,
    map_lines,
    quest_fields,
)
from bot.games.deuces.piles import discard
from bot.games.deuces.state import DeucesTable, Phase, enemy, player
from bot.games.deuces.table import MAP_HAND, deuces_hand, deuces_table
from tests.games.deuces.tables import DULL, PLAIN, TEST_SET, ability, deck, kinds, of

PAIR = "9C 9D 3H 4S 5C 6D 7H"
"""A hand of six led by a pair of nines, then a 7♥ Threat Card."""


def special_card(state: DeucesTable) -> str:
    """The Special Encounter card's field on the table (in a fight, the map gives way)."""
    return next(f.value for f in quest_fields(state) if f.name.startswith("📜"))


def entity(entity_id: str, difficulty: int, hand: tuple[int, ...]) -> dict[str, Any]:
    return EnemyDef(
        id=entity_id,
        name=entity_id.title(),
        difficulty=difficulty,
        hand=hand,  # type: ignore[arg-type]
        elite_at=6,
        boss_at=6,
        basic=DULL,
        elite=ability("dull_elite", {"op": "edge", "amount": 1}),
    ).model_dump()


def item(item_id: str, price: int, *effects: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {
        "id": item_id,
        "name": item_id.title(),
        "price": price,
        "ability": ability(item_id, *effects, **fields).model_dump(),
    }


def quest_data(**secret: Any) -> dict[str, Any]:
    """Four rooms: a safe hall, a shop beside it, a den of random enemies with loot, and the
    lair of the Duo (a Special Encounter, LVL 2, -2) at the end."""
    return {
        "id": "test_quest",
        "title": "Test Quest",
        "intro": "A short way down.",
        "enemy_set": "test_pit",
        "start": "hall",
        "goal": "lair",
        "rooms": [
            {"id": "hall", "name": "Hall", "text": "Safe.", "exits": ["market", "den"]},
            {
                "id": "market",
                "name": "Market",
                "text": "Wares.",
                "exits": ["hall"],
                "shop": ["flask", "hook"],
            },
            {
                "id": "den",
                "name": "Den",
                "text": "Teeth.",
                "exits": ["hall", "lair"],
                "encounter": "random",
                "loot": "charm",
            },
            {
                "id": "lair",
                "name": "Lair",
                "text": "The end.",
                "exits": ["den"],
                "encounter": {"special": "duo", "level": 2, "modifier": -2},
            },
        ],
        "specials": [
            {
                "id": "duo",
                "name": "The Duo",
                "setup": "A brute and its imp.",
                "entities": [entity("brute", 3, (2, 4, 5, 5, 5)), entity("imp", 1, (1,) * 5)],
                "secret": {
                    "name": "Grief",
                    "text": "The brute mourns.",
                    "owner": "brute",
                    "reveal": "ally_falls",
                    "kind": "weakness",
                    "ability": ability(
                        "grief", {"op": "discard", "count": 1, "who": "self", "pick": "lowest"}
                    ).model_dump(),
                }
                | secret,
            }
        ],
        "items": [
            item("flask", 2, {"op": "draw", "count": 2}),
            item("hook", 3, {"op": "extra_attack", "count": 1}),
            item("charm", 1, {"op": "edge", "amount": 1}),
        ],
    }


QUEST = Quest.model_validate(quest_data())


def quest_table(
    players: list[str], enemies: list[str], quest: Quest = QUEST, **options: Any
) -> tuple[DeucesState, list]:
    gm = standard_deck()
    return DeucesState.scripted(
        decks=[deck(text) for text in players],
        enemy_deck=enemies,
        gm_deck=gm,
        enemy_set=TEST_SET,
        classes=[PLAIN] * len(players),
        loot_deck=standard_deck(),
        options=DeucesOptions(mode=Mode.QUEST, **options),
        quest_def=quest,
    )


def own_cards(state: DeucesState, seat: int) -> Counter:
    return Counter(state.cards_by_owner()[f"P{seat}"])


def whole(state: DeucesState) -> None:
    """Every player's 52 cards and two Jokers, each in exactly one place."""
    for seat in range(len(state.players)):
        assert own_cards(state, seat) == Counter(standard_deck(jokers=2))


# ---- the quest files ---------------------------------------------------------------------------


def test_every_shipped_quest_is_a_connected_map_whose_names_all_exist() -> None:
    content = load_content()
    classes = {a.id for c in content.classes for a in c.abilities_at(5)} | {
        a.id for a in content.customs
    }
    quests = load_quests()
    assert quests, "at least one quest ships"
    for quest in quests:
        rooms = {room.id: room for room in quest.rooms}
        assert 6 <= len(rooms) <= 10
        assert reachable(quest.start, {r.id: r.exits for r in quest.rooms}) == set(rooms)
        for room in quest.rooms:
            assert all(room.id in rooms[e].exits for e in room.exits), "paths lead both ways"
            for name in [*room.shop, *([room.loot] if room.loot else [])]:
                quest.item(name)
        used = {
            room.encounter.special
            for room in quest.rooms
            if not isinstance(room.encounter, str) and room.encounter and room.encounter.special
        }
        assert len(used) >= 2 and used == {s.id for s in quest.specials}
        enemy_set = content.enemy_set(quest.enemy_set)
        entities = {e.id for s in quest.specials for e in s.entities}
        assert not entities & {e.id for e in enemy_set.enemies}
        assert not {i.ability.id for i in quest.items} & classes, "loot uses are its own"


def test_a_quest_that_does_not_fit_together_is_refused() -> None:
    data = quest_data()
    data["rooms"][1]["exits"] = ["den"]  # a one-way path: the den leads nowhere back
    with pytest.raises(ValidationError, match="lead back"):
        Quest.model_validate(data)
    data = quest_data()
    data["rooms"][3]["encounter"]["special"] = "nobody"
    with pytest.raises(ValidationError, match="no special encounter"):
        Quest.model_validate(data)
    data = quest_data()
    data["rooms"][2]["loot"] = "nothing"
    with pytest.raises(ValidationError, match="no quest loot"):
        Quest.model_validate(data)
    data = quest_data()
    data["rooms"].append({"id": "island", "name": "Island", "text": "Alone.", "exits": ["moat"]})
    data["rooms"].append({"id": "moat", "name": "Moat", "text": "Wet.", "exits": ["island"]})
    with pytest.raises(ValidationError, match="out of reach"):
        Quest.model_validate(data)


# ---- the map -----------------------------------------------------------------------------------


def test_the_quest_begins_in_its_safe_room_and_any_player_chooses_the_path() -> None:
    state, events = quest_table([PAIR, PAIR], ["one"])
    assert kinds(events) == ["quest_begun", "room_entered"]
    assert state.phase == Phase.MAP and state.waiting_for == [0, 1]
    assert state.legal_actions(1) == [Go(room="market"), Go(room="den")]
    assert state.score == ROOM_SCORE
    whole(state)
    with pytest.raises(IllegalAction):
        state.apply(0, Go(room="lair"))  # no path from the hall
    state.apply(1, Go(room="market"))  # the first choice moves everyone
    assert state.quest is not None and state.quest.room == "market"
    assert state.waiting_for == [0, 1] and state.prompt is not None
    assert Go(room="hall") in state.legal_actions(0)


def test_the_map_shows_the_rooms_entered_and_the_doors_seen_only() -> None:
    state, _ = quest_table([PAIR], ["one"])
    assert state.quest is not None
    lines = map_lines(state.quest)
    assert lines[0] == "📍 Hall" and "❔ Market · ❔ Den" in lines
    assert not any("Lair" in line for line in lines), "a room behind a door unseen is hidden"


def test_a_random_room_is_the_standard_draw_with_hit_or_stay(quiet_gm) -> None:
    state, _ = quest_table([PAIR], ["one", "two", "five"])
    events = state.apply(0, Go(room="den"))
    assert kinds(events)[:2] == ["room_entered", "encounter_started"]
    assert [e.enemy_id for e in state.enemies] == ["one", "two"], "drawn to within 3 of 5"
    assert state.prompt is not None and state.prompt.kind == "vote"


def test_winning_makes_a_room_safe_and_hands_its_loot_to_the_one_holding_least(
    quiet_gm,
) -> None:
    state, _ = quest_table([PAIR], ["one"])
    state.apply(0, Go(room="den"))
    events = state.apply(0, Attack(target=0, cards=tuple(cards("9C 9D"))))
    assert state.quest is not None
    assert "den" in state.quest.cleared and state.quest.items == [["charm"]]
    gained = of(events, "item_gained")[0]
    assert gained.seat == 0 and gained.price == 0 and gained.joker
    assert state.quest.box[0] == [JOKER] and JOKER in state.players[0].deck
    whole(state)
    assert state.prompt is not None and state.prompt.kind == "route"
    state.apply(0, Go(room="hall"))
    entered = of(state.apply(0, Go(room="den")), "room_entered")[0]
    assert entered.danger == "none" and not entered.first and not state.enemies


def test_loot_nobody_has_room_for_stays_where_it_lies(quiet_gm) -> None:
    state, _ = quest_table([PAIR], ["one"])
    assert state.quest is not None
    state.quest.items[0] = ["flask", "hook"]
    state.apply(0, Go(room="den"))
    events = state.apply(0, Attack(target=0, cards=tuple(cards("9C 9D"))))
    assert of(events, "loot_left")[0].item == "charm" and state.quest.found == []
    assert state.quest.items == [["flask", "hook"]]


def test_an_unknown_quest_is_refused() -> None:
    with pytest.raises(IllegalAction, match="no quest"):
        new_game(1, DeucesOptions(mode=Mode.QUEST, quest="nowhere"), 1)


def test_a_fixed_encounter_sets_out_its_special_and_draws_to_its_target_at_its_level(
    quiet_gm,
) -> None:
    # two players: target (5 - 2) x 2 = 6; the duo is 3 + 1, so the GM draws a two, no vote
    state, _ = quest_table([PAIR, PAIR], ["two", "five"])
    assert state.quest is not None
    state.quest.cleared.append("den")
    state.apply(0, Go(room="den"))
    events = state.apply(0, Go(room="lair"))
    told = [k for k in kinds(events) if k in ("special_set_up", "enemy_drawn", "vote_cast")]
    assert told == ["special_set_up", "enemy_drawn", "enemy_drawn", "enemy_drawn"]
    assert [(e.enemy_id, e.special) for e in state.enemies] == [
        ("brute", True),
        ("imp", True),
        ("two", False),
    ]
    assert state.target == 6 and state.difficulty == 6 and state.foe_level == 2
    assert len(state.enemies[0].hand) == 4, "the brute's hand at LVL 2, not the party's 1"
    assert [len(p.hand) for p in state.players] == [6, 6], "the party's own level"
    assert state.prompt is not None and state.prompt.kind in ("turn", "open")
    assert Counter(state.enemy_cards()) == Counter(["two", "five"]), "entities are no cards"


def test_a_fixed_encounters_enemies_are_chosen_to_equal_its_target_not_drawn_blind(
    quiet_gm,
) -> None:
    def lair(players: int, enemies: list[str]) -> DeucesState:
        state, _ = quest_table([PAIR] * players, enemies)
        assert state.quest is not None
        state.quest.cleared.append("den")
        state.apply(0, Go(room="den"))
        state.apply(0, Go(room="lair"))
        return state

    # three players: target 9, the duo 4; a five makes it exactly, where the top card overshoots
    state = lair(3, ["seven", "one", "three", "two", "five"])
    assert [e.enemy_id for e in state.enemies] == ["brute", "imp", "five"]
    assert state.difficulty == state.target == 9 and state.treasure
    assert state.enemy_deck == ["seven", "one", "three", "two"], "the rest keep their order"
    # two players: target 6, so 2 lacking; nothing makes it exactly: the least above it
    state = lair(2, ["seven", "three"])
    assert [e.enemy_id for e in state.enemies][2:] == ["three"] and state.difficulty == 7
    assert state.enemy_deck == ["seven"]
    whole(state)


def test_a_special_encounter_too_big_for_a_lone_player_is_dealt_smaller_hands(
    quiet_gm,
) -> None:
    # one player: target (5 - 2) x 1 = 3 against the duo's 3 + 1 = 4, so each entity's hand
    # at LVL 2 is cut to 3/4 of it, rounded up: the brute's 4 to 3, the imp's 1 stays 1
    state, _ = quest_table([PAIR], ["two", "five"])
    assert state.quest is not None
    state.quest.cleared.append("den")
    state.apply(0, Go(room="den"))
    state.apply(0, Go(room="lair"))
    assert state.target == 3 and state.difficulty == 4, "their difficulty counts in full"
    assert [e.enemy_id for e in state.enemies] == ["brute", "imp"], "nothing drawn beside"
    assert [len(e.hand) for e in state.enemies] == [3, 1]
    duo = QUEST.special("duo")
    assert [duo.hand_for(8, target) for target in (1, 2, 3, 4, 9)] == [2, 4, 6, 8, 8]


def enter_lair(players: list[str], modifier: int = 0, **secret: Any) -> DeucesState:
    quest = Quest.model_validate(quest_data(**secret)) if secret else QUEST
    state, _ = quest_table(players, ["one"], quest=quest, modifier=modifier)
    assert state.quest is not None
    state.quest.cleared.append("den")
    state.quest.found.append("den")  # its loot taken: no Joker shuffled into the script
    state.apply(0, Go(room="den"))
    state.apply(0, Go(room="lair"))
    return state


def test_a_secret_stays_hidden_until_its_condition_then_a_weakness_strikes(quiet_gm) -> None:
    state = enter_lair(["9C 9D 3H 4S 5C 6D 7H"])
    assert state.quest is not None and not state.quest.revealed
    brute = len(state.enemies[0].hand)
    # the imp holds one card: a pair overwhelms it, and with it down the brute's grief shows
    events = state.apply(0, Attack(target=1, cards=tuple(cards("9C 9D"))))
    assert "secret_revealed" in kinds(events)
    assert state.quest.revealed == ["duo"]
    used = [e for e in of(events, "ability_used") if e.ability == "grief"]
    assert used and used[0].user == enemy(0)
    assert len(state.enemies[0].hand) == brute - 1, "the weakness struck its owner at once"
    told = special_card(state).splitlines()[-1]  # the card's abilities come before
    assert told == "🔓 Secret, **Grief**: The brute mourns.", "no 'your turn' read as the player's"


def test_a_known_weakness_strikes_at_the_start_of_the_next_attempt(quiet_gm) -> None:
    state = enter_lair([PAIR])
    assert state.quest is not None
    fall(state)
    assert state.quest.revealed == [] and state.quest.room == "den"
    state.quest.revealed.append("duo")  # found out before the party fell
    events = state.apply(0, Go(room="lair"))
    assert of(events, "special_set_up")[0].secret_known
    assert [e.ability for e in of(events, "ability_used")] == ["grief"]
    assert [e.reason for e in of(events, "cards_discarded") if e.who == enemy(0)][:1] == ["ability"]


def test_a_hidden_ability_secret_is_revealed_by_its_owners_hand_and_then_used(quiet_gm) -> None:
    breath = ability("breath", {"op": "draw", "count": 2}).model_dump()
    state = enter_lair([PAIR], reveal="hand", at=2, kind="ability", ability=breath)
    assert state.quest is not None
    assert "breath" not in [a.id for a in state.abilities(enemy(0))]
    brute = state.enemies[0]
    discard(state, enemy(0), brute.hand[: len(brute.hand) - 2], "guard")
    events = state._advance()
    assert "secret_revealed" in kinds(events) and state.quest.revealed == ["duo"]
    assert "breath" in [a.id for a in state.abilities(enemy(0))]
    assert "(On your turn: you draw 2 cards." in special_card(state), "what it does"


def test_the_card_tells_what_each_ability_does_but_not_its_hidden_secret(quiet_gm) -> None:
    vault = ability("vault", {"op": "recover", "count": 2}).model_dump()
    state = enter_lair([PAIR], reveal="hand", at=1, kind="ability", ability=vault)
    card = special_card(state)
    dull = f"**Dull**: {describe(DULL)}"
    assert f"Brute · {dull}" in card.splitlines() and f"Imp · {dull}" in card.splitlines()
    seen = [deuces_table(state, ["Ann"]), deuces_hand(state, 0, [])]
    shown = "\n".join(f"{f.name}\n{f.value}" for view in seen for f in view.fields)
    assert "🔒 Secret: hidden" in shown
    for secret in ("Grief", "The brute mourns.", "Vault", "take back"):
        assert secret not in shown, f"{secret!r} shows before the secret is revealed"


def test_a_round_secret_shows_at_the_start_of_its_round(quiet_gm) -> None:
    # the table's difficulty +1 makes the target 4, the duo's own: its hands as printed
    state = enter_lair([PAIR], modifier=1, reveal="round", at=2)
    assert state.quest is not None
    told = [*state.apply(0, EndTurn())]  # the GM's side plays round 1, then round 2 begins
    while state.round < 2 and not state.is_over:
        assert state.quest.revealed == []
        seat = state.waiting_for[0]
        told += state.apply(seat, default_action(state, seat))
    assert state.round == 2 and state.quest.revealed == ["duo"]
    kinds = [event.kind for event in told]
    round_two = next(
        i for i, e in enumerate(told) if e.kind == "side_turn" and getattr(e, "round", 0) == 2
    )
    assert kinds[round_two + 1] == "secret_revealed", "shown before anyone acts in the round"


def fall(state: DeucesState) -> list:
    """The whole party is beaten (their hands emptied as a last blow would)."""
    for who in state.players:
        discard(state, player(who.seat), list(who.hand), "guard")
        who.defeated = True
    state.prompt = None
    return state._advance()


def test_a_fallen_party_wakes_where_it_came_from_and_the_third_fall_loses(quiet_gm) -> None:
    state = enter_lair([PAIR])
    assert state.quest is not None
    events = fall(state)
    retreat = of(events, "party_retreated")[0]
    assert retreat.room == "den" and retreat.falls == 1 and retreat.left == MAX_FALLS - 1
    assert state.quest.room == "den" and "lair" not in state.quest.cleared
    assert not state.players[0].defeated, "the party wakes: nobody shows as down on the map"
    assert state.players[0].discard == [] or state.outcome is None
    whole(state)
    state.quest.falls = MAX_FALLS - 1
    state.apply(0, Go(room="lair"))
    events = fall(state)
    assert state.outcome == Outcome.LOST and state.is_over
    assert of(events, "game_ended")[0].outcome == "lost"


def test_beating_the_goal_wins_the_quest_scored_by_difficulty_and_rooms(quiet_gm) -> None:
    state = enter_lair(["9C 9D 9H 4S 5C 6D 7H"])
    assert state.quest is not None
    for foe in state.enemies[1:]:  # the imp is out of it: only the brute stands
        discard(state, enemy(1), list(foe.hand), "guard")
        foe.defeated = True
    brute = state.enemies[0]
    discard(state, enemy(0), brute.hand[1:], "guard")
    state.apply(0, Attack(target=0, cards=tuple(cards("9C 9D"))))
    assert state.outcome == Outcome.WON
    assert state.score == 3 * ROOM_SCORE + 4, "hall, den and lair, and the duo's difficulty"
    assert [r.outcome for r in state.results()] == ["won"]


# ---- shops and quest loot ----------------------------------------------------------------------


def to_market(discards: int = 5) -> DeucesState:
    state, _ = quest_table([PAIR, PAIR], ["one"])
    for who in state.players:  # cards played in earlier rooms
        who.discard, who.deck = who.deck[:discards], who.deck[discards:]
    state.apply(0, Go(room="market"))
    return state


def test_a_shop_takes_its_price_face_down_from_a_shuffled_discard_pile() -> None:
    state = to_market()
    assert state.quest is not None
    assert state.legal_actions(1) == [Go(room="hall"), Buy(item="flask"), Buy(item="hook")]
    before = list(state.players[1].discard)
    events = state.apply(1, Buy(item="hook"))
    bought = of(events, "item_gained")[0]
    assert bought.seat == 1 and bought.price == 3 and bought.joker
    assert len(state.players[1].discard) == 2 and len(state.quest.till[1]) == 3
    assert Counter(state.players[1].discard + state.quest.till[1]) == Counter(before)
    assert state.quest.items[1] == ["hook"] and JOKER in state.players[1].deck
    whole(state)
    assert state.prompt is not None and state.prompt.kind == "route", "the party stays"
    assert Buy(item="hook") not in state.legal_actions(0), "each piece is sold once"
    with pytest.raises(IllegalAction, match="sold"):
        state.apply(0, Buy(item="hook"))
    state.apply(1, Buy(item="flask"))  # its last two cards pay for the flask
    assert state.players[1].discard == [] and state.quest.items[1] == ["hook", "flask"]
    whole(state)


def test_a_shop_needs_the_price_in_the_discard_pile_and_room_to_carry() -> None:
    state = to_market(discards=1)
    assert [a for a in state.legal_actions(0) if isinstance(a, Buy)] == []
    with pytest.raises(IllegalAction, match="costs 2 cards"):
        state.apply(0, Buy(item="flask"))
    state = to_market(discards=9)
    state.apply(0, Buy(item="flask"))
    state.apply(0, Buy(item="hook"))
    assert state.quest is not None and state.quest.box[0] == []
    state.quest.sold.clear()
    with pytest.raises(IllegalAction, match="already carry 2"):
        state.apply(0, Buy(item="flask"))
    state.apply(0, Go(room="hall"))
    state.apply(0, Go(room="market"))  # a shop may be revisited
    assert Buy(item="flask") in state.legal_actions(1)


def test_a_joker_is_sacrificed_back_into_the_deck_to_use_quest_loot(quiet_gm) -> None:
    state, _ = quest_table(["JK 9C 9D 3H 4S 5C 7H"], ["one", "two"])
    assert state.quest is not None
    state.quest.items[0] = ["flask"]
    state.quest.box[0] = [JOKER]  # the other came into the deck with the flask (and is drawn)
    state.apply(0, Go(room="den"))
    assert state.prompt is not None and state.prompt.kind == "turn"
    use = UseItem(item="flask")
    assert use in state.legal_actions(0)
    held = len(state.players[0].hand)
    events = state.apply(0, use)
    assert kinds(events)[:2] == ["item_used", "ability_used"]
    assert JOKER not in state.players[0].hand and JOKER in state.players[0].deck
    assert len(state.players[0].hand) == held - 1 + 2
    whole(state)
    turn = state.turn_of(0)
    assert turn is not None and turn.attacks == 1 and not turn.ability_used, "no attack spent"
    assert use not in state.legal_actions(0), "no Joker left in hand (and once an encounter)"
    with pytest.raises(IllegalAction):
        state.apply(0, use)


def test_without_a_joker_in_hand_quest_loot_waits() -> None:
    state, _ = quest_table([PAIR], ["one"])
    assert state.quest is not None
    state.quest.items[0] = ["flask"]
    state.apply(0, Go(room="den"))
    assert not [a for a in state.legal_actions(0) if isinstance(a, UseItem)]
    with pytest.raises(IllegalAction, match="Joker"):
        state.apply(0, UseItem(item="flask"))


def test_a_joker_threat_card_counts_as_an_ace_and_one(quiet_gm) -> None:
    state, _ = quest_table([PAIR, "9C 9D 3H 4S 5C 6D AH"], ["two", "five"])
    state.apply(0, Go(room="den"))
    state.players[0].discard.append(JOKER)
    assert state.threat_value(0) == 15
    assert must_target(state, 0) == [0], "the Joker outranks the other's ace"


# ---- text, pages and policy ----------------------------------------------------------------------


def test_on_the_map_my_hand_and_the_legend_speak_of_the_map_not_of_a_fight(quiet_gm) -> None:
    state, _ = quest_table([PAIR], ["one"])
    state.treasure = True  # as a hard encounter just won would leave it
    table = deuces_table(state, ["Ann"])
    assert "difficulty:" not in table.legend and "treasure:" not in table.legend
    assert table.legend.startswith("map: ")
    hand = deuces_hand(state, 0, [])
    assert hand.footer == ROUTE_FOOTER, "a party of one moves alone"
    assert hand.description == MAP_HAND and not hand.cards
    assert hand.fields and all(f.name.endswith("(in encounters)") for f in hand.fields[:1])
    state.apply(0, Go(room="den"))  # a fight: its difficulty, and cards to pick
    assert "difficulty: the enemies' total" in deuces_table(state, ["Ann"]).legend
    assert state.prompt is not None and state.prompt.kind == "turn"
    hand = deuces_hand(state, 0, [])
    assert hand.footer == "Pick cards below, then press a play."
    assert hand.cards and hand.description != MAP_HAND
    assert not any(f.name.endswith("(in encounters)") for f in hand.fields)


@pytest.mark.parametrize("party", [1, 2])
def test_the_first_choice_moves_everyone_is_said_only_to_a_party(party: int) -> None:
    state, _ = quest_table([PAIR] * party, ["one"])
    names = ["Ann", "Bo"][:party]
    waiting = next(f.value for f in deuces_table(state, names).fields if f.prompt)
    footer = deuces_hand(state, 0, []).footer
    assert "choose where the party goes, or shop" in waiting
    assert footer == (PARTY_ROUTE_FOOTER if party > 1 else ROUTE_FOOTER)
    assert ("the first choice" in waiting) == ("first choice" in footer) == (party > 1)


@pytest.mark.parametrize(
    "action",
    [Go(room="cask_hall"), Buy(item="ember_flask"), UseItem(item="mirror_shard", target=1)],
)
def test_quest_moves_round_trip_through_their_text(action) -> None:
    assert parse_action(str(action)) == action


def test_the_mode_is_offered_in_new_and_its_rulings_are_on_its_rules_page() -> None:
    variant = GAME.info.variant("quest")
    assert variant.seats.min == 1 and variant in GAME.info.new_variants
    page = GAME.rules.page("quest")
    assert page is not None
    text = str(page.sections)
    assert "Traditional Quest" in text and all(ruling in text for ruling in QUEST_RULINGS)


def test_a_timeout_on_the_map_walks_on_and_never_buys() -> None:
    state = to_market(discards=9)
    assert default_action(state, 0) == Go(room="hall")
    assert suggest(state, 0) == Buy(item="hook"), "the hint buys the dearest it can"


@pytest.mark.parametrize("players", [2, 3])
def test_the_hint_policy_finishes_the_shipped_quest(players: int) -> None:
    results = []
    for seed in range(3):
        state, _ = GAME.new_game(seed, Setup(variant="quest", seats=players))
        steps = 0
        while not state.is_over:
            seat = state.waiting_for[0]
            state.apply(seat, suggest(state, seat))
            steps += 1
            assert steps < 5_000
        assert state.quest is not None and state.quest.visited
        results.append(state.outcome)
    assert Outcome.WON in results


def test_a_card_chosen_for_nothing_is_not_a_quest_move() -> None:
    with pytest.raises(IllegalAction):
        parse_action("item.flask.9C")
    assert Card.parse("JK") == JOKER
