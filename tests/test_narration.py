from bot.games.cards import JOKER, Card, cards
from bot.games.contract import GameEnded, Outcome
from bot.games.crawl.dealer import DRAGON_ROOM, Dealer, describe
from bot.games.crawl.events import HeroFell, MonsterFought, PotionDrunk, Ran, RoomDealt

ROOM = RoomDealt(room=cards("9♠ 5♦ 7♥ 2♣"), deck_left=40, room_number=1)


def test_a_room_names_every_card_by_what_it_is() -> None:
    (line,) = Dealer(1).narrate([ROOM], 0)
    for part in ["ogre (9♠)", "short sword (5♦)", "healing draught (7♥)", "rat (2♣)"]:
        assert part in line


def test_monsters_are_described_by_strength() -> None:
    assert describe(Card.parse("2♣")).startswith("a feeble rat")
    assert describe(Card.parse("7♠")).startswith("a fierce orc")
    assert describe(Card.parse("K♣")).startswith("a deadly troll king")
    assert describe(JOKER).startswith("a legendary dragon")


def test_a_dragon_in_the_room_gets_its_own_line() -> None:
    lair = RoomDealt(room=[JOKER, *cards("2♣ 3♣ 4♣")], deck_left=1, room_number=2)
    plain = RoomDealt(room=cards("5♣ 2♣ 3♣ 4♣"), deck_left=1, room_number=2)
    for seed in range(5):
        assert any(line in Dealer(seed).narrate([lair], 0)[0] for line in DRAGON_ROOM)
        assert not any(line in Dealer(seed).narrate([plain], 0)[0] for line in DRAGON_ROOM)


def test_the_same_seed_and_turn_read_the_same_and_other_seeds_vary() -> None:
    events = [ROOM, PotionDrunk(card=Card.parse("7♥"), healed=3, wasted=False, hp=20)]
    assert Dealer(5).narrate(events, 3) == Dealer(5).narrate(events, 3)
    assert len({tuple(Dealer(seed).narrate(events, 3)) for seed in range(30)}) > 3


def test_each_play_is_told_with_its_numbers() -> None:
    dealer = Dealer(2)
    hit = MonsterFought(card=Card.parse("9♠"), weapon=Card.parse("5♦"), damage=4, hp=16)
    bare = MonsterFought(card=Card.parse("3♣"), weapon=None, damage=3, hp=13)
    broke = MonsterFought(
        card=Card.parse("8♣"), weapon=Card.parse("5♦"), damage=8, hp=5, weapon_broke=True
    )
    wasted = PotionDrunk(card=Card.parse("6♥"), healed=0, wasted=True, hp=5)
    lines = dealer.narrate(
        [hit, bare, broke, wasted, Ran(cards=cards("2♠ 3♠ 4♠ 5♠"), reshuffled=True)], 1
    )
    assert "4" in lines[0] and "9♠" in lines[0] and "5♦" in lines[0]
    assert "3♣" in lines[1] and "3" in lines[1]
    assert "8♣" in lines[2] and "8" in lines[2]
    assert "6♥" in lines[3]
    assert "reshuffled" in lines[4]


def test_game_end_and_fallen_heroes() -> None:
    lines = Dealer(9).narrate(
        [HeroFell(hero=Card.parse("J♦")), GameEnded(outcome=Outcome.WON, score=25)], 4
    )
    assert "Jack of Diamonds" in lines[0]
    assert "Score: 25" in lines[1]


def test_with_two_players_lines_are_addressed_to_the_player() -> None:
    dealer = Dealer(3, names=["Alice", "Bob"])
    fight = MonsterFought(card=Card.parse("3♣"), weapon=None, damage=3, hp=17, seat=1)
    lines = dealer.narrate([ROOM, fight], 2)
    assert "**Bob**" in lines[1] and "**Alice**" not in lines[0]


def test_cards_are_described_with_the_right_article_and_not_all_alike() -> None:
    assert describe(Card.parse("J♥")).startswith("an elixir")
    assert describe(Card.parse("2♦")).startswith("a dagger")
    assert describe(Card.parse("9♠")) == "a fierce ogre (9♠)", "a card in a few words"


def test_a_card_carried_into_the_next_room_is_mentioned_once() -> None:
    room = cards("9♠ 2♦ 5♥ J♣")
    event = RoomDealt(room=room, carried=room[0], deck_left=20, room_number=2)
    (line,) = Dealer(seed=1).narrate([event], turn=4)
    assert line.count("9♠") == 1 and all(str(card) in line for card in room)
