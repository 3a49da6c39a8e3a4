"""The Role Playing Card Game as this bot plays it: `/rules rpg`, with every ruling where the
text is silent, each a tested behaviour of the engine (tests/games/rpg)."""

from __future__ import annotations

from bot.games.rpg.defences import MAX_LISTED
from bot.games.rpg.engine import MAX_DEFENCE_CARDS, MAX_PLAYERS, MIN_PLAYERS
from bot.games.rpg.values import LONG_NIGHT, MAX_ROUNDS
from bot.games.views import RulesPage, rulings_section

RPG_RULINGS: list[str] = [
    # The house rulings every table of this game follows.
    f"One 52-card deck, no jokers, {MIN_PLAYERS} to {MAX_PLAYERS} players. In attacks and "
    "defences A = 1, 2-10 their face value, J = 11, Q = 12, K = 13. In the special round's "
    "bids the ace is high (2 … 10, J, Q, K, A).",
    "Seven cards each. While any hand holds no heart, every hand is gathered, the deck "
    "shuffled again (by the game's seed) and dealt again. The seed chooses the first player; "
    "play goes clockwise (seat order) until the first reversal.",
    "A turn: draw 1 (compulsory); then buy any number of times (discard a diamond: 2-10 draws "
    "1, J/Q/K 2, A 3; that diamond leaves the game for good); then attack any number of "
    "times. An attack discards one spade (2-10 allows 1 club, J/Q/K 2, A 3) and plays from 1 "
    "up to that many clubs at one living opponent; the damage is the clubs' sum.",
    "Defence: the defender discards any mix of spades (running), clubs (countering) and hearts "
    "(taking it) worth at least the damage; countering only blocks, it deals no damage. "
    "Diamonds never defend. A defender who cannot reach the damage with all such cards, or "
    "who holds no heart after defending, is dead: their hand goes to the discard pile.",
    "Every card of an attack and its defence goes to the discard pile; only diamonds spent "
    "buying leave the game. An empty deck is refilled by shuffling the discard pile into it; "
    "if both are empty, the draw is skipped.",
    "After every living player has had a normal turn comes the special round: each may bid "
    "one diamond face down, all are revealed together, and the single highest bid takes a "
    "bonus turn at once (a tie for the highest: no bonus turn). Bid diamonds go to the "
    "discard pile. Then the discard pile is shuffled into the deck, each living player draws "
    "1, play reverses direction, and the player who had the last normal turn goes first.",
    "The game ends when one player is alive: they win, and the others rank by the order "
    "they died (the last to die ranks highest). To keep it finite: after "
    f"{MAX_ROUNDS} rounds, the living player with the most heart value in hand wins, and "
    "tied players share the place.",
    # This bot's rulings where the text and the house rulings are silent.
    "The compulsory draw is made for you as your turn begins; a bonus turn is a full turn "
    "and begins with it too.",
    "Buying comes before attacking, in the text's order: once you have attacked this turn "
    "you can no longer buy.",
    "A defender who cannot reach the damage falls at once, without being asked; so does one "
    "whose every possible defence would spend their last heart, since no answer could save "
    "them.",
    "The defences offered are the minimal ones (no card could be left out), cheapest first "
    f"and at most {MAX_LISTED}, always with the cheapest one that keeps a heart; any other "
    f"defence worth the damage is accepted too, of at most {MAX_DEFENCE_CARDS} cards.",
    "Attacks are offered with your lowest spade of each allowance (a higher spade of the same "
    "allowance never plays better); any spade you hold is accepted.",
    "The special round is simultaneous and hidden: every living player answers, bidding a "
    "diamond or passing (even one who holds no diamond, so nobody learns who does), and until "
    "the last answer the table only says who has answered.",
    "One deck holds one diamond of each rank, so two bids never tie; a tie, should one ever "
    "happen, gives no bonus turn.",
    "A bonus turn is not a normal turn: it does not count towards the next special round, "
    "and after it the player of the last normal turn still goes first. If that player has "
    "died, the next living player in the new direction goes first.",
    "After the special round's shuffle, each living player draws 1, starting with the player "
    "who goes first and going in the new direction.",
    f"A round is its normal turns and the special round after them. Once round {MAX_ROUNDS}'s "
    "special round is over (bonus turn and extra card included) with more than one player "
    "alive, the game ends: the most heart value in hand (A = 1) wins, ties share the win, "
    "and the other living players rank below the winners by heart value, above the dead.",
    "Hands are secret: the table shows how many cards each player holds (a sealed bid still "
    "counts in its bidder's hand until the reveal), never which, nor how many hearts; the "
    "deal's heart check is the dealer's and only says the hands were dealt again. Cards "
    "played, discarded, bid (once revealed) and spent on buying are seen by all. A bot player "
    "decides from what a person in its seat could know: its own hand and those public cards.",
    f"The Long Night (a table setting, `long_night`: from round {LONG_NIGHT} unless the table "
    "chose another round, or off). The text's game has no pressure to attack, so careful "
    "players might never fall. From that round on, at the end of every special round (after "
    "the bids and any bonus turn, before the extra card), every player still standing "
    "discards their lowest heart, face up (a wound: no defence), and a player left with no "
    "heart falls. The table warns three rounds ahead and shows 🌙 while it lasts. A game "
    "begun before the setting existed plays on without it.",
    "Players who fall to the same wound rank by the heart value they held before it (higher "
    "ranks higher; one deck has one heart of each rank, so two never tie). If the wound would "
    "leave nobody standing, the player who held the most heart value before it does not fall "
    f"and wins. The {MAX_ROUNDS}-round limit stays as a last resort.",
    "Once no diamond can be in any hand (every one is out of the game or in the discard "
    "pile, for all to see), the special round asks nobody for a bid: the round closes at once "
    "(the Long Night's wound, the shuffle and the extra card still come).",
    "Leaving: a player who gives up dies at once (their hand goes to the discard pile) and "
    "ranks as dying at that moment. On their turn, play moves on to the next player (after a "
    "bonus turn, the round closes); an attack they made or must answer ends, its cards "
    "discarded; a bid of theirs counts as no bid, its diamond discarded. If one player is "
    "left, they win.",
    "Timeouts: a turn ends; a defence is the cheapest that keeps a heart (least value, then "
    "fewest cards, then fewest hearts); a bid passes.",
    "Score: how many players you outlived, i.e. ranked below you (the sole winner of N "
    "players scores N - 1; tied winners share a score). A game closed early keeps the places "
    "of the dead, and a living player who gave up scores as if they died then.",
]

RPG_RULES = RulesPage(
    title="Role Playing Card Game",
    summary=(
        f"A card fight for {MIN_PLAYERS} to {MAX_PLAYERS} players, by Allison James, with one "
        "standard deck: diamonds are money, hearts health, clubs attack and spades stamina. "
        "The last player standing wins."
    ),
    sections=[
        (
            "The cards",
            "♦ Diamonds buy cards (2-10: 1, J/Q/K: 2, A: 3) and bid in the special round. "
            "♠ Spades pay for an attack and allow 1, 2 or 3 clubs. ♣ Clubs deal their value in "
            "damage. ♥ Hearts are your life: hold none after a defence and you fall. Spades, "
            "clubs and hearts all defend, at A = 1 up to K = 13.",
        ),
        (
            "A turn",
            "Draw a card (done for you), buy as often as you like with diamonds, then attack as "
            "often as your spades and clubs allow, then end your turn.",
        ),
        (
            "Attack and defence",
            "Play a spade and its clubs at a living opponent: the damage is the clubs' sum. "
            "The defender discards spades, clubs and hearts worth at least that much, and "
            "must keep a heart, or falls. All those cards go to the discard pile.",
        ),
        (
            "The special round",
            "When everyone alive has had a turn, each bids a diamond face down or passes. "
            "The bids are revealed together; the single highest (ace high) takes a bonus "
            "turn at once. Then the deck is shuffled, everyone alive draws a card, and play "
            "turns round, the last player to have a normal turn going first.",
        ),
        (
            "The end",
            "The last player standing wins; the others rank by when they fell. From round "
            f"{LONG_NIGHT} (a table setting) the Long Night falls: every special round ends with "
            "each player discarding their lowest heart, and whoever has none left falls. After "
            f"{MAX_ROUNDS} rounds the most heart value in hand wins instead.",
        ),
        (
            "In Discord",
            "`/rpg new` opens a table: players join, the host may add bots, then starts. Press "
            "**My hand** to see your cards (only you see them), pick cards in the menu, and "
            "press a play; 💡, alone with bot players, is the bot's hint (a table of people, "
            "rated against each other, has none). A player who lets the table wait too long is "
            "answered for: their turn ends, they defend as cheaply as they can while keeping "
            "a heart, or they pass the bid.",
        ),
        (
            "In the terminal",
            "Type a move's number, or its cards in any order with any separator: `jc 2s`, "
            "`2s jc` and `jc,2s` are the same defence; `ts 6c 2` attacks the player shown as "
            "2 (the number may be left out against a single opponent); `kd` buys with K♦ (in "
            "the special round, bids it); `end` ends a turn and `pass` passes a bid. Any "
            "defence worth the damage is accepted, listed or not.",
        ),
        rulings_section(RPG_RULINGS),
        (
            "Boards",
            "Games between players are rated by finishing order (the winner first, then "
            "whoever fell last), on this server's rating board (`/leaderboard`). Giving up, or "
            "leaving a game to expire, counts as falling at that moment, so it never protects "
            "a rating. Bots are never rated.",
        ),
    ],
)
