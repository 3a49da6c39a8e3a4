"""The GM's words where the count of voters or enemies changes what makes sense to say."""

from bot.games.cards import cards
from bot.games.deuces import (
    GAME,
    DeucesOptions,
    new_game,
    suggest,
)
from bot.games.deuces.actions import Attack, UseAbility
from bot.games.deuces.content import ClassDef
from bot.games.deuces.events import (
    AttackCancelled,
    Attacked,
    CardsDiscarded,
    CardsDrawn,
    DuelEncounterEnded,
    EncounterStarted,
    EnemyDrawn,
    Folded,
    LootGiven,
    VoteTaken,
)
from bot.games.deuces.state import Clash, Loot, Mode, Ref, Side, Tier
from bot.games.deuces.table import attack_words, enemy_called

from .tables import ability, table


def test_a_lone_player_is_told_their_choice_not_a_one_to_nothing_count() -> None:
    state, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["six"])
    (alone,) = GAME.narrate([VoteTaken(hit=False, hits=0, stays=1)], None, state, ["Ann"])
    assert alone == "You face what is there."
    (party,) = GAME.narrate([VoteTaken(hit=True, hits=2, stays=1)], None, state, ["A", "B", "C"])
    assert party.startswith("The party votes 2–1")


def test_an_encounter_over_with_no_enemy_on_the_table_says_none_left() -> None:
    seen = 0
    for seed in range(40):
        state, _ = new_game(seed, DeucesOptions(level=1), 1)
        while not state.is_over:
            seat = state.waiting_for[0]
            state.apply(seat, suggest(state, seat))
        enemies = GAME.table(state, ["Ann"]).fields[0]
        if "**" not in enemies.value:  # no enemy named on the table
            assert enemies.value.startswith("none left")
            seen += 1
    assert seen, "some encounter among these ends with its table cleared"


def test_two_enemies_of_one_name_get_buttons_that_tell_them_apart() -> None:
    state, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["one", "one"], stay=True)
    assert len(state.enemies) == 2 and enemy_called(state, 0) != enemy_called(state, 1)
    assert enemy_called(state, 1) == "One 2"  # numbered among its twins, from 1
    alone, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["six"])
    assert "(" not in enemy_called(alone, 0)


def test_a_new_encounters_enemies_are_named_as_the_new_table_holds_them() -> None:
    """A move that ends one encounter and starts the next: before the new encounter, its
    words name the old enemies; from it on, the new ones at the same places."""
    before, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["six"])
    after, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["five"])
    old, new = before.enemy_def(0).name, after.enemy_def(0).name
    assert old != new
    enemy, ann = Ref(side=Side.GM, index=0), Ref(side=Side.PLAYERS, index=0)
    hit = Attacked(attacker=enemy, defender=ann, cards=cards("9♠"), category="high", size=1)
    events = [hit, EncounterStarted(encounter=2, level=1, target=20), hit]
    first, *_, last = GAME.narrate(events, before, after, ["Ann"])
    assert old in first and new not in first
    assert new in last and old not in last


def test_every_encounter_of_a_move_names_its_own_enemies() -> None:
    """Even a move that runs through two new encounters, told with no table before it, names
    each enemy as it was drawn."""
    after, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["five"])
    enemy, ann = Ref(side=Side.GM, index=0), Ref(side=Side.PLAYERS, index=0)
    hit = Attacked(attacker=enemy, defender=ann, cards=cards("9♠"), category="high", size=1)
    drawn = [
        EnemyDrawn(index=0, enemy_id=enemy_id, name=enemy_id.title(), difficulty=1, total=1)
        for enemy_id in ("one", "six")
    ]
    start = EncounterStarted(encounter=2, level=1, target=5)
    events = [start, drawn[0], hit, start, drawn[1], hit]
    lines = GAME.narrate(events, None, after, ["Ann"])
    assert "One" in lines[1] and "Six" not in lines[1]
    assert "Six" in lines[3] and "One" not in lines[3]


def test_counts_of_one_card_are_singular() -> None:
    state, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["one"], gm_deck="5♥")
    (line,) = GAME.narrate([Folded(cards_left=1)], None, state, ["Ann"])
    assert "with 1 card in hand" in line
    enemies = GAME.table(state, ["Ann"]).fields[0].value
    assert enemies.endswith("1 card") and "1 cards" not in enemies


def test_a_won_encounter_says_its_enemies_are_all_defeated() -> None:
    state, _ = table(["9♠ 9♦ 4♣ 5♣ 6♣ 7♣ 8♦"], ["one"], gm_deck="5♥", mode=Mode.QUEST_BEGINNER)
    commons = [Loot(card=card, tier=Tier.COMMON) for card in cards("3♠ 4♠")]
    state.players[0].loot = commons  # two Commons to trade: the loot step waits for the player
    state.apply(0, Attack(target=0, cards=tuple(cards("9♠ 9♦"))))
    assert state.prompt is not None and state.prompt.kind == "loot" and not state.enemies
    assert GAME.table(state, ["Ann"]).fields[0].value == "none left: all defeated"


def test_no_two_buttons_read_alike_with_twin_enemies_and_aimed_abilities() -> None:
    jab = ability("jab", {"op": "discard", "count": 1}, target="foe")
    tester = ClassDef(id="tester", name="Tester", abilities=[{"level": 1, "ability": jab}])
    state, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["one", "one"], classes=[tester], stay=True)
    actions = state.legal_actions(0)
    labels = [GAME.label(state, 0, action, ["Ann"]) for action in actions]
    assert len(set(labels)) == len(labels)
    assert "Jab on One 2" in labels


def test_an_ally_aimed_ability_names_the_ally_even_when_two_share_a_name() -> None:
    mend = ability("mend", {"op": "draw", "count": 1, "who": "target"}, target="ally")
    healer = ClassDef(id="healer", name="Healer", abilities=[{"level": 1, "ability": mend}])
    hand = "4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"
    state, _ = table([hand, hand], ["six"], classes=[healer, healer], stay=True)
    seat = state.waiting_for[0]
    aimed = [a for a in state.legal_actions(seat) if a.kind == "ability"]
    labels = {GAME.label(state, seat, action, ["Sam", "Sam"]) for action in aimed}
    assert labels == {"Mend on Sam (1)", "Mend on Sam (2)"}


def test_an_ability_is_told_with_what_it_did() -> None:
    boost = ability(
        "battle_hymn",
        {"op": "draw", "count": 2},
        {"op": "edge", "amount": 2},
        {"op": "extra_attack", "count": 1},
    )
    klass = ClassDef(id="singer", name="Singer", abilities=[{"level": 1, "ability": boost}])
    state, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["six"], classes=[klass])
    before = state.model_copy(deep=True)
    events = state.apply(0, UseAbility(ability="battle_hymn"))
    lines = GAME.narrate(events, before, state, ["Ann"])
    assert any("Battle Hymn" in line for line in lines)
    assert "Ann draws 2 cards." in lines
    assert "Ann gains an edge of +2 on the next play." in lines
    assert "Ann may attack 1 more time this turn." in lines


def test_a_shed_a_gift_and_a_cancelled_attack_are_told() -> None:
    state, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["six"])
    ann, foe = Ref(side=Side.PLAYERS, index=0), Ref(side=Side.GM, index=0)
    events = [
        CardsDiscarded(who=ann, cards=cards("3♠ 4♠"), reason="hand_limit"),
        LootGiven(seat=0, to=1, card=cards("K♥")[0], tier=Tier.EPIC),
        AttackCancelled(by=foe),
        CardsDiscarded(who=ann, cards=cards("5♠"), reason="guard"),
        CardsDrawn(who=ann, count=1),
    ]
    lines = GAME.narrate(events, state, state, ["Ann", "Bob"])
    assert lines[0] in (
        "Ann sheds 3♠ 4♠ to keep ten cards.",
        "Too much to hold: Ann lets go of 3♠ 4♠.",
    )
    assert "Bob" in lines[1] and "K♥" in lines[1] and "epic" in lines[1]
    assert state.enemy_def(0).name in lines[2]
    assert len(lines) == 3, "a guard's discard and a combat's draw are told elsewhere"


def test_the_attack_to_answer_reads_as_it_counts() -> None:
    def clash(text: str, category: int, key: list[int], edge: int = 0) -> Clash:
        played = cards(text)
        return Clash(
            attacker=Ref(side=Side.GM, index=0),
            defender=Ref(side=Side.PLAYERS, index=0),
            cards=played,
            category=category,
            key=key,
            size=len(played),
            edge=edge,
        )

    assert attack_words(clash("J♣", 1, [11], edge=1)) == "J♣: single Q (+1 edge)"
    assert attack_words(clash("9♠ 9♦", 2, [9])) == "9♠ 9♦: pair of 9s"
    assert attack_words(clash("5♥", 1, [14])) == "5♥: single A (raised or wild)"
    straight = clash("7♠ 8♦ 9♣ 10♥ J♠", 5, [11], edge=-1)
    assert attack_words(straight) == "7♠ 8♦ 9♣ 10♥ J♠: straight, J high (-1 edge)"


def test_the_table_explains_the_words_it_shows() -> None:
    state, _ = table(["4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 2♦ 2♣"], ["one"], gm_deck="5♥")
    footer = GAME.table(state, ["Ann"]).legend
    assert "difficulty:" in footer and "threat:" in footer
    assert "loot:" not in footer, "nobody holds loot yet"
    state.players[0].loot = [Loot(card=cards("3♠")[0], tier=Tier.RARE)]
    assert "Rare counts twice" in GAME.table(state, ["Ann"]).legend


def test_a_duel_won_names_its_winner_once() -> None:
    state, _ = new_game(3, DeucesOptions(mode=Mode.DUEL), players=4)
    names = ["Ann", "Ann", "Bo", "Bo"]
    ended = DuelEncounterEnded(encounter=4, winner=1, by_count=False, wins=[1, 3])
    (line,) = GAME.narrate([ended], None, state, names)
    assert line.count("Bo") == 1 and "the duel" in line and "3 to 1" in line
