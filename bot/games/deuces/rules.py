"""Dungeons & Deuces as this bot plays it: `/rules deuces` is the core every mode shares, with
the rulings where the text is silent, each a tested behaviour of the engine. Each mode teaches
itself on a page of its own (`DeucesMode.rules_page`, built with `mode_page`)."""

from __future__ import annotations

from bot.games.views import RulesPage, boards_section

DEUCES_RULINGS: list[str] = [
    "Decks: each player and the GM have their own 52 cards without jokers; with 4 or more "
    "players the GM shuffles two decks together. The enemy deck holds two copies of each "
    "enemy of the set. Loot is drawn from a separate 52-card loot deck.",
    "The draw: the GM draws enemies until the total difficulty is within 3 below the target "
    "(5 per player, plus the game's modifier). While the total is not above the target the "
    "players vote: a majority of Hit draws one more enemy and the vote is held again; a tie, "
    "or a vote that times out, is Stay.",
    "Less than the target: players go first. Equal: players go first, with treasure. Greater: "
    "treasure, and the first player with cards in their deck flips their top card against the "
    "GM's; the higher goes first, players win ties, and both cards go to the bottom.",
    "Each encounter starts with a fresh hand: 6 cards, 7 from level 3. A player with no "
    "discard pile then flips the top card of their deck as their Threat Card.",
    "A hand above 10 cards during a fight is shed at once, whatever the table was doing: its "
    "player chooses the cards (a timeout sheds the lowest, deuces last), then the interrupted "
    "turn or defence goes on. Once the encounter is decided the lowest are shed without asking.",
    "Each side acts one fighter at a time. The players choose their order every round: while "
    "several have yet to act, whoever moves first takes the turn, and the others wait until it "
    "ends. Enemies act in table order. On its turn a fighter may use one ability and make one "
    "attack, in either order, or Guard instead, or pass. A turn ends by itself when nothing "
    "is left to do in it.",
    "One to four cards must share a value and only the value counts. A five-card hand must use "
    "all five cards: straight, flush, full house or straight flush, ranked as in poker. Suits "
    "never break a tie. Aces are high, and also low in A-2-3-4-5 (a 5-high straight). Values "
    "raised above an ace are simply higher numbers.",
    "A defence has as many cards as the attack, so four of a kind is only answered by four of "
    "a kind. A defence that makes no valid hand loses. A defender holding fewer cards than the "
    "attack is defeated at once (their hand is discarded) and the attacker wins; a player who "
    "holds a Disrupt they may use is asked first, and may use it or yield.",
    "The winner draws as many cards as they played (a Rare card played as a pair draws one); "
    "on a tie both draw. Anyone left with no cards is defeated.",
    "Played cards go to their owner's discard pile lowest first, so the highest card played "
    "becomes the Threat Card. Enemies share the GM's discard pile.",
    "The GM attacks the standing player with the highest Threat Card (by printed value); on a "
    "tie it picks the one with the fewest cards, then by the seed. A taunt makes every enemy "
    "attack the taunting player until the end of the GM's next turn; a hunting enemy may "
    "attack anyone that turn.",
    "Basic and Elite enemies attack with at most three cards; Bosses with any play. Any enemy "
    "answers with as many cards as it must.",
    "Abilities: 'instead of attacking' spends an attack; a Disrupt is used by the fighter being "
    "attacked, before it answers. Uses are counted per turn or per encounter. Raised and wild "
    "marks last until the card leaves the hand; an edge applies to its holder's next play, "
    "attack or defence. Taking cards back from a discard pile never takes its last card.",
    "Guard: instead of attacking or using an ability, discard one card and draw one; the turn "
    "ends.",
    "Jokers are out of every deck but a Traditional Quest's (see its page). Should one ever be "
    "in play it is wild, and as a Threat Card it counts as 15, above an ace.",
    "Wild cards (Epic loot, wild marks, jokers) may be any value from 2 to an ace and any suit; "
    "Common loot may be read one higher; a Rare card may count as two of its kind. The bot "
    "reads every play at its best: an attack as the largest valid hand its cards make, a "
    "defence counting each Rare card once or twice to match the attack.",
    "A player whose deck runs out shuffles their discard pile into a new deck at once and "
    "flips a new Threat Card; when the encounter ends the whole party levels up, and every "
    "player shuffles deck and discard pile together.",
    "The GM may fold before any of its moves, so in the middle of its turn too: when its "
    "enemies hold 2 cards or fewer and the party at least five times as many; when the party "
    "holds three times its cards and no enemy has an attack worth making (judged from the "
    "party's card counts, as every GM choice is); and always after round 30. Each standing "
    "player then draws as many cards as the enemies had left, and the encounter is won.",
    "The encounter is won when every enemy is defeated, even if the last player fell at the "
    "same time; it is lost when every player is defeated, and then each player shuffles their "
    "discard pile back into their deck.",
    "Loot, after a win: each standing player counts the printed 2s in hand: two for Common, "
    "three for Rare, four or more for Epic, each one fewer with treasure; at most one loot "
    "card per player per encounter. Then hands are discarded.",
    "Trading up turns two loot cards of one tier into one of the next: the card you keep is "
    "upgraded and the other returns to the loot deck. Holding more than five, a player must "
    "trade up or give loot back before the next encounter.",
    "Trading loot between players: at the loot step after an encounter, a player may give any "
    "loot card to another player who holds fewer than five. A gift needs no answer; a swap is "
    "two gifts. Players who could give, trade up or must shed loot are asked; the others are not.",
    "Timeouts: a defence is answered with the cheapest winning hand, else a tie, else the "
    "lowest cards (in a quest deuces last, as they make loot), and a player too short to "
    "answer yields; a turn Guards the lowest card that is not a deuce (or passes, by option); "
    "a vote Stays; a shed drops the lowest cards, deuces last; the loot step gives back only "
    "what is over the limit.",
    "Pets: the Tinker's Wind-up Hound (level 1) and the Herbalist's Briar Sprite (level 3) "
    "summon one, instead of attacking, with 3 cards drawn from their master's deck. A pet "
    "attacks once on each of its master's turns, from the turn it arrives, with any play; its "
    "played cards go to its master's discard pile (so they can become the master's Threat "
    "Card) and it draws from its master's deck. It has no abilities, loot or hand limit.",
    "The GM may attack a player's pet instead of the player it must attack, and may always "
    "attack a pet whose master has fallen; it goes for whoever holds the fewest cards, the "
    "player on a tie. The master answers for the pet, with the pet's cards; a Disrupt only "
    "answers an attack on its owner.",
    "A pet is not defeated with its master: while any player stands, the fallen master still "
    "plays the pet's attack on their turn. When every player has fallen the encounter is lost "
    "whatever pets remain. Pets leave when the encounter ends, their cards to their master's "
    "discard pile.",
    "Several heroes: one person may run two or three, by choosing that many classes in the "
    "lobby (and up to as many custom abilities, in the same order; those left out are drawn). "
    "Each hero is a seat of its own, called by its class (ann's Tinker); the target counts "
    "heroes, 5 each. My hand shows the first of your heroes the table waits on; the person "
    "has one result on the boards.",
    "Custom abilities: each player chooses one in the lobby; one left unchosen is drawn by "
    "the game's seed. It is usable from level 1, beside the class's abilities.",
]

CORE_KEY = "core"
"""The core page's own name, for `/rules mode:` and `--mode` (the game's page without a mode)."""

PARTY_ABANDONED = "The party loses it together, scored as it stands."
"""What giving up costs a party against the GM (`DeucesMode.forfeits`)."""


def rulings(rulings: list[str]) -> str:
    """Rulings as a page lists them, one bullet each."""
    return "\n".join(f"• {ruling}" for ruling in rulings)


def mode_page(
    key: str,
    title: str,
    summary: str,
    start: str,
    sections: list[tuple[str, list[str]]],
    abandoning: str,
) -> RulesPage:
    """One mode's own page: how it starts, then its rulings under the headings a newcomer asks
    (how a turn goes, how it is won, what is special), then what giving up costs. The core
    rules it builds on are the game's page, which every surface links to beside it."""
    return RulesPage(
        key=key,
        title=title,
        summary=summary,
        sections=[
            ("Starting", start),
            *((heading, rulings(lines)) for heading, lines in sections),
            boards_section(abandoning),
        ],
    )


DEUCES_RULES = RulesPage(
    key=CORE_KEY,
    title="Dungeons & Deuces",
    summary=(
        "A party of 1 to 5 adventurers, each with their own 52-card deck and a class, against "
        "encounters the bot draws and plays as Game Master. Fights are poker: singles, pairs, "
        "triples, four of a kind and five-card hands. This page is how a fight goes, in every "
        "mode; each mode has a page of its own."
    ),
    sections=[
        (
            "How to play",
            "Your party fights encounters with ordinary playing cards; the bot is the Game "
            "Master (GM).\n"
            "1. **The draw.** The GM turns over enemies until they come close to the target "
            "(5 per player). Vote **Hit** for one more enemy or **Stay**.\n"
            "2. **Attack.** On your turn, attack an enemy with cards from your hand: a single "
            "card, a pair, three or four of a kind, or a five-card poker hand (straight, "
            "flush, full house).\n"
            "3. **Defend.** Whoever is attacked answers with as many cards; the higher wins, "
            "suits do not count. The winner draws as many cards as they played; on a tie both "
            "draw.\n"
            "4. **Out of cards, out of the fight.** Defeat every enemy to win the encounter.\n"
            "5. **Threat.** The last card you played shows on your discard pile: the GM "
            "attacks whoever shows the highest.\n"
            "6. **Instead of attacking** you may Guard (swap a card for a new one). Your "
            "class's abilities help; a *Disrupt* one is used when you are attacked.\n"
            "7. **Loot.** Keep your 2s: two or more in hand when an encounter is won bring "
            "loot, which makes one of your cards stronger.",
        ),
        (
            "In Discord",
            "`/deuces new [level] [difficulty] [enemies] [levelling] [chips] [epics] [mode]` "
            "opens a table: Join, choose a class and a custom ability (choose two or three "
            "classes to run several heroes), and the host presses Start. Press **My hand** to "
            "see your cards (only you see them), pick cards in the menu, and press a play; 💡 "
            "is the GM's hint. A player who lets the table wait too long is answered for: "
            "defended with their best cards, or they Guard. When the GM has answered three "
            "times running and nobody plays, the table expires.",
        ),
        ("Rulings", rulings(DEUCES_RULINGS)),
    ],
)
"""The core page: what every mode shares. Each mode's own page is `DeucesMode.rules_page`."""
