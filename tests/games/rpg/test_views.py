"""What players see: the public table, a private hand with the plays of the picked cards, the
dealer's voice (which never tells a hidden card), the game's facts and its rules page."""

import io

import pytest
from PIL import Image

from bot.games.cards import cards
from bot.games.contract import Setup
from bot.games.definition import GameMatch
from bot.games.rpg import GAME, RPG_RULINGS
from bot.games.rpg.actions import Attack, Bid, Buy, Defend, EndTurn, NoBid
from bot.games.rpg.events import Attacked, Bought, Defended, Fell, RoundClosed, TurnStarted
from bot.games.rpg.table import LABEL_LIMIT, MAX_CONTROLS
from bot.games.views import HandView
from bot.render.card_faces import CARD_W, label
from bot.render.palette import CAPTION
from bot.render.pictures import CARD_GAP, caption_size, least_size, render

from .scripts import NAMES, build, c, cs, play


def hand_of(state, seat: int, picked: list[str], hints: bool = True) -> HandView:
    """The hand as a table shows it: the hint leading, where the table offers hints."""
    view = GameMatch(GAME, state).hand(seat, picked, hints=hints)
    assert view is not None
    assert len(view.controls) <= MAX_CONTROLS
    assert all(len(control.label) <= LABEL_LIMIT for control in view.controls)
    return view


def picks(state, seat: int, *codes: str) -> list[str]:
    """Picker values for cards of a hand ("3.9C"), as the Discord menu sends them."""
    hand = state.hands[seat]
    return [f"{hand.index(c(code))}.{code}" for code in codes]


# ---- the table -------------------------------------------------------------------------------


def test_the_table_shows_each_player_the_turn_and_the_attack_to_answer() -> None:
    state, _ = build(["3H JS 5C 7C KD", "4H 8H 6S", "5H"], deck="2C 3C")
    state.leave(2)
    play(state, 0, Attack(spade=c("JS"), clubs=cs("5C 7C"), target=1))
    view = GAME.table(state, NAMES)
    assert view.title == "Role Playing Card Game · round 1 of 30 · ↻"
    players = view.fields[0]
    assert players.value.splitlines() == [
        "`1` **Ana** · 3 cards",
        "▶ `2` **Bo** · 3 cards",
        "☠️ `3` ~~Cy~~",
    ]
    fields = {field.name: field.value for field in view.fields}
    assert (
        fields["⏳ Waiting for"] == "**Bo** to defend against **Ana**'s J♠ + 5♣ 7♣ = **12** damage"
    )
    assert view.controls == []
    assert view.picture is not None
    (group,) = view.picture.groups
    assert [card.card for card in group.cards] == ["JS", "5C", "7C"]
    text = view.model_dump_json()
    assert "K♦" not in text and "KD" not in text, "a hand's cards are never on the table"


def test_the_table_says_who_is_awaited_in_a_turn_and_after_an_attack() -> None:
    state, _ = build(["3H 9S 5C KD", "4H 8H 6S"], deck="2C 3C")
    fields = {f.name: f.value for f in GAME.table(state, NAMES).fields}
    assert fields["⏳ Waiting for"] == "**Ana** to take a turn: buy, attack or end it"
    assert fields["🂠 Cards"] == "44 in the deck · 0 discarded"
    play(state, 0, Buy(card=c("KD")))
    fields = {f.name: f.value for f in GAME.table(state, NAMES).fields}
    assert fields["🂠 Cards"].endswith("out of the game: ♦ K")
    play(state, 0, Attack(spade=c("9S"), clubs=cs("5C"), target=1))
    play(state, 1, Defend(cards=cs("6S")))
    fields = {f.name: f.value for f in GAME.table(state, NAMES).fields}
    assert fields["⏳ Waiting for"] == "**Ana** to take a turn: attack or end it"


def test_the_table_shows_the_revealed_bids_during_the_bonus_turn() -> None:
    state, _ = build(["3H QD", "4H 3D"], deck="2C 3C 4C")
    play(state, 0, EndTurn())
    play(state, 1, EndTurn())
    fields = {f.name: f.value for f in GAME.table(state, NAMES).fields}
    assert "special round" in fields["⏳ Waiting for"]
    play(state, 0, Bid(card=c("QD")))
    play(state, 1, Bid(card=c("3D")))
    view = GAME.table(state, NAMES)
    assert view.picture is not None
    (bids,) = view.picture.groups
    assert [(card.card, card.caption) for card in bids.cards] == [("QD", "Ana"), ("3D", "Bo")]
    assert "bonus turn" in {f.name: f.value for f in view.fields}["⏳ Waiting for"]


def test_after_a_reversal_the_title_arrow_turns() -> None:
    state, _ = build(["3H", "4H"], deck="2C 3C 4C")
    play(state, 0, EndTurn())
    play(state, 1, EndTurn())
    play(state, 0, NoBid())
    play(state, 1, NoBid())
    assert GAME.table(state, NAMES).title == "Role Playing Card Game · round 2 of 30 · ↺"


# ---- a hand ----------------------------------------------------------------------------------


def test_a_hand_shows_its_cards_and_with_nothing_picked_the_hint_and_end_turn() -> None:
    state, _ = build(["3H 9S 5C 7C KD", "4H 8H 6S", "5H"], deck="2C")
    view = hand_of(state, 0, [])
    assert view.title == "Your hand · ❤️ 1 · 🂠 6"
    assert view.description == "♥ 3 · ♠ 9 · ♣ 2 5 7 · ♦ K"
    assert [card.value for card in view.cards] == ["5.KD", "1.9S", "2.2C", "3.5C", "4.7C", "0.3H"]
    hint, *rest = view.controls
    assert hint.style == "success" and hint.label.startswith("💡 ")
    assert [control.label for control in rest] == ["End turn"]
    assert view.picture is not None
    captions = [card.caption for card in view.picture.groups[0].cards]
    assert captions == ["3", "9 · 1 club", "2", "5", "7", "+2 cards"]
    assert "Pick a diamond" in view.footer


def test_a_picked_diamond_offers_to_buy() -> None:
    state, _ = build(["3H 9S 5C 7C KD 2D", "4H 8H 6S", "5H"], deck="2C")
    view = hand_of(state, 0, picks(state, 0, "2D"))
    labels = [control.label for control in view.controls]
    assert "Buy a card with 2♦" in labels or labels[0] == "💡 Buy a card with 2♦"
    assert labels[-1] == "End turn"
    assert [card.picked for card in view.cards].count(True) == 1


def test_a_picked_spade_and_clubs_offer_one_attack_per_living_opponent() -> None:
    state, _ = build(["3H JS 5C 7C", "4H 8H 6S", "5H", "6H"], deck="2C")
    state.leave(3)
    view = hand_of(state, 0, picks(state, 0, "JS", "5C", "7C"))
    plays = [(control.label, control.action) for control in view.controls[1:]]
    assert ("Attack player 2 (12)", "attack.JS.5C7C.1") in plays
    assert ("Attack player 3 (12)", "attack.JS.5C7C.2") in plays
    assert all("player 4" not in label for label, _ in plays), "the dead are no target"
    assert "then choose whom to attack" in view.footer


def test_picks_beyond_a_spades_allowance_offer_no_attack() -> None:
    state, _ = build(["3H 9S 5C 7C", "4H 8H 6S"], deck="2C")
    view = hand_of(state, 0, picks(state, 0, "9S", "5C", "7C"))
    assert all(not control.action.startswith("attack.9S.5C7C") for control in view.controls)


def test_a_defender_is_offered_the_picked_defence_and_warned_about_the_last_heart() -> None:
    state, _ = build(["3H 9S 7C", "5S 2C 4H 9C", "5H"], deck="QC")
    play(state, 0, Attack(spade=c("9S"), clubs=cs("7C"), target=1))
    view = hand_of(state, 1, picks(state, 1, "5S", "2C"))
    assert ("Defend with 5♠ 2♣ (7)", "defend.5S2C") in [
        (control.label, control.action) for control in view.controls
    ] or view.controls[0].action == "defend.5S2C"
    assert "worth at least 7" in view.footer
    risky = hand_of(state, 1, picks(state, 1, "5S", "4H"))
    assert risky.controls[-1].label == "Defend with 4♥ 5♠ (9) ☠️ your last heart"
    short = hand_of(state, 1, picks(state, 1, "5S"))
    assert all(control.action != "defend.5S" for control in short.controls)
    idle = hand_of(state, 0, [])
    assert idle.controls == [] and "player 2 is defending" in idle.footer


def test_a_bidder_picks_a_diamond_or_passes() -> None:
    state, _ = build(["3H QD 5D", "4H"], deck="2C 3C")
    play(state, 0, EndTurn())
    play(state, 1, EndTurn())
    view = hand_of(state, 0, picks(state, 0, "5D"))
    actions = [control.action for control in view.controls]
    assert actions == ["bid.5D", "nobid"], "only the picked diamond, and the pass"
    assert not any(control.hint for control in view.controls), "the pass is the player's own"


def test_picking_the_cards_of_the_hint_shows_that_play_as_the_players_own() -> None:
    """A play the player picked is theirs, even where it is the hint's: pressing it takes no
    hint (the game stays ranked)."""
    state, _ = build(["3H AD", "4H"], deck="2C 3C")
    play(state, 0, EndTurn())
    play(state, 1, EndTurn())
    assert state.hands[0][-1] == c("AD")
    nothing = hand_of(state, 0, [])
    assert [(b.label, b.style) for b in nothing.controls] == [
        ("💡 Bid A♦", "success"),
        ("No bid", "secondary"),
    ]
    view = hand_of(state, 0, picks(state, 0, "AD"))
    assert [(b.label, b.action, b.style, b.hint) for b in view.controls] == [
        ("Bid A♦", "bid.AD", "primary", False),
        ("No bid", "nobid", "secondary", False),
    ]


def test_a_fallen_players_hand_is_empty() -> None:
    state, _ = build(["3H", "4H", "5H"], deck="2C")
    state.leave(2)
    view = hand_of(state, 2, [])
    assert view.cards == [] and view.controls == [] and view.description.startswith("You have")


def test_a_stale_pick_is_ignored() -> None:
    state, _ = build(["3H 9S 5C 7C KD", "4H"], deck="2C")
    view = hand_of(state, 0, ["5.9S", "9.KD", "x.y"])
    assert not any(card.picked for card in view.cards)


def test_every_label_of_a_listed_action_fits_a_button() -> None:
    state, _ = build(["3H AS 10C JC QC KD", "4H 8H 6S", "5H"], deck="2C")
    for action in state.legal_actions(0):
        assert 0 < len(GAME.label(state, 0, action)) <= LABEL_LIMIT
    assert GAME.label(state, 0, Buy(card=c("KD"))) == "Buy 2 cards with K♦"
    attack = Attack(spade=c("AS"), clubs=cs("10C JC QC"), target=2)
    assert GAME.label(state, 0, attack) == "Attack player 3 with A♠ 10♣ J♣ Q♣ (33)"


# ---- the voice -------------------------------------------------------------------------------


def test_the_voice_speaks_as_the_table_would() -> None:
    state, _ = build(["3H", "4H", "5H"], deck="2C")
    lines = GAME.narrate(
        [
            Bought(seat=0, diamond=c("KD"), cards=cards("2C 3C")),
            Attacked(seat=0, target=1, spade=c("9S"), clubs=cards("5C 7C"), damage=12),
            Defended(seat=1, cards=cards("5S 7C"), total=12),
            Defended(seat=1, cards=cards("5S 7C 2H"), total=14),
            Fell(seat=1, reason="heartless", cards=0),
            RoundClosed(round=4, direction=-1, first=1),
        ],
        None,
        state,
        ["Ana", "Bo"],
    )
    assert lines == [
        "**Ana** buys 2 cards with K♦.",
        "**Ana** attacks **Bo** with 9♠: 5♣ 7♣ = 12 damage.",
        "**Bo** runs and counters: 5♠ 7♣ (12).",
        "**Bo** runs, counters and takes it: 5♠ 7♣ 2♥ (14).",
        "**Bo** has no heart left. **Bo** falls: out of the game.",
        "The deck is shuffled and everyone still standing draws a card.",
        "Play now goes the other way: **Bo** starts round 4.",
    ]


def test_the_voice_never_tells_a_drawn_card() -> None:
    state, events = build(["3H KD", "4H"], deck="QC 2S 7H JC")
    lines = GAME.narrate(events, None, state, NAMES)
    assert lines == ["**Ana**'s turn: draws a card."]
    events = play(state, 0, Buy(card=c("KD")))
    lines = GAME.narrate(events, None, state, NAMES)
    assert lines == ["**Ana** buys 2 cards with K♦."]
    assert not any(code in " ".join(lines) for code in ("Q♣", "2♠", "7♥"))
    bonus = GAME.narrate([TurnStarted(seat=1, bonus=True, cards=cards("JC"))], None, state, NAMES)
    assert bonus == ["**Bo**'s bonus turn: draws a card."]


def test_the_deal_is_told_with_its_redeals() -> None:
    match, events = GAME.start(1, Setup(variant="classic", seats=3))
    first = match.state.current
    assert GAME.narrate(events, None, match.state, NAMES)[0].endswith(
        f"**{NAMES[first]}** goes first."
    )


# ---- the game's facts ------------------------------------------------------------------------


def test_the_games_facts() -> None:
    info = GAME.info
    assert info.key == "rpg" and info.title == "Role Playing Card Game"
    assert len(info.description) <= 100
    assert (info.seats.min, info.seats.max) == (2, 6)
    (variant,) = info.variants
    assert variant.key == "classic" and variant.label == "Last one standing" and variant.rated
    assert info.lobby is not None and info.lobby.bots and info.lobby.choices == []
    assert info.turn_timer and info.private_hands and info.seats_may_leave
    (board,) = info.boards
    assert board.game == info.rating_pool("classic") == "rpg-classic" and board.rated
    assert GAME.reads_before is False
    assert GAME.rules.title == info.title


@pytest.mark.parametrize("seats", [1, 7])
def test_a_table_of_the_wrong_size_is_refused(seats: int) -> None:
    with pytest.raises(Exception, match="2 to 6"):
        GAME.start(1, Setup(variant="classic", seats=seats))


def test_the_rules_page_lists_every_ruling() -> None:
    page = GAME.rules
    rulings = dict(page.sections)["Rulings"]
    assert all(ruling in rulings for ruling in RPG_RULINGS)
    assert len(RPG_RULINGS) >= 20
    assert "Boards" in dict(page.sections)
    for needle in ("30 rounds", "Leaving", "Timeouts", "hidden", "bonus turn", "heart"):
        assert needle in rulings


def test_a_sealed_bid_leaves_its_bidders_card_count_as_it_was() -> None:
    state, _ = build(["3H QD 5D", "4H 6S"], deck="2C 3C")
    play(state, 0, EndTurn())
    play(state, 1, EndTurn())
    before = GAME.table(state, NAMES).fields[0].value
    play(state, 0, Bid(card=c("QD")))
    after = GAME.table(state, NAMES).fields[0].value
    assert "4 cards" in before.splitlines()[0]
    assert after == before.replace("⏳ `1`", "✅ `1`"), "nobody learns who bid"


def test_during_a_defence_the_table_marks_the_defender() -> None:
    state, _ = build(["3H 9S 7C", "5S 2C 4H 9C", "5H"], deck="QC")
    play(state, 0, Attack(spade=c("9S"), clubs=cs("7C"), target=1))
    lines = GAME.table(state, NAMES).fields[0].value.splitlines()
    assert lines[1].startswith("▶") and not lines[0].startswith("▶")


def test_the_picker_lists_first_the_suits_that_play_now() -> None:
    state, _ = build(["3H 4H 5H 9S 7C KD", "5S 2C 6H 9C"], deck="QC")
    turn = [card.label[-1] for card in hand_of(state, 0, []).cards]
    assert turn[0] == "♦" and turn[-1] == "♥", "a turn buys with diamonds, never plays hearts"
    play(state, 0, Attack(spade=c("9S"), clubs=cs("7C"), target=1))
    defence = [card.label[-1] for card in hand_of(state, 1, []).cards]
    assert defence[0] == "♠" and "♦" not in defence[:3]


PHONE_PICTURE = 330
"""How wide a phone 400 px wide shows a message's picture (the gallery's estimate)."""


def test_a_long_hands_captions_stay_readable_on_a_phone() -> None:
    state, _ = build(["AH 5H 10H QH 6S QS KS AS AC 9C QC KD AD 2D", "4H"], deck="2C")
    view = hand_of(state, 0, [])
    assert view.picture is not None
    image = Image.open(io.BytesIO(render(view.picture)))
    widest = CARD_W + CARD_GAP - 2
    least = least_size(image.width)
    for card in view.picture.groups[0].cards:
        size = caption_size(card.caption, least)  # as drawn: shrunk to fit its card
        shown = size * PHONE_PICTURE / image.width
        assert shown >= 10, f"{card.caption} shown {shown:.1f} px tall"
        assert label(card.caption, size, CAPTION, 10_000).width <= widest, card.caption
    assert {card.caption for card in view.picture.groups[0].cards} >= {
        "6 · 1 club",
        "13 · 2 clubs",
        "1 · 3 clubs",
        "+1 card",
        "+3 cards",
        "12",
    }


def test_the_fallen_share_one_line_and_a_full_set_of_spent_diamonds_is_named_once() -> None:
    diamonds = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
    state, _ = build(["3H", "4H", "5H", "6H"], deck="2C", removed=diamonds)
    state.leave(1)
    state.leave(3)
    view = GAME.table(state, NAMES)
    lines = view.fields[0].value.splitlines()
    assert lines == ["▶ `1` **Ana** · 2 cards", "`3` **Cy** · 1 card", "☠️ `2` ~~Bo~~, `4` ~~Di~~"]
    cards = next(f.value for f in view.fields if f.name == "🂠 Cards")
    assert cards.endswith("out of the game: every diamond")
