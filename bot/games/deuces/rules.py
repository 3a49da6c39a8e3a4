"""Dungeons & Deuces as this bot plays it: `/rules deuces`, with the rulings where the text is
silent, each a tested behaviour of the engine."""

from __future__ import annotations

from bot.games.views import BOARDS_SECTION, RulesPage, rulings_section

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
    "Jokers are out of every deck (but a Traditional Quest's, see below). Should one ever be in "
    "play it is wild, and as a Threat Card it counts as 15, above an ace.",
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
    "Quest for Power: reach level 6 (run through your deck at level 5). Beginner: a defeated "
    "party reshuffles and goes on; Hardcore: a defeat ends the quest. A quest not won within "
    "its encounter limit (60 by default) is lost. Option: level up after every encounter.",
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
    "Not played here: quest loot and special encounters.",
    "Score: the total difficulty of the encounters won (in Quest for Loot, your chips).",
]

LOOT_RULINGS: list[str] = [
    "Quest for Loot: every player sits down with the same chips (the chips setting, 10 by "
    "default) and the GM's stack is their sum. The starting level is the level setting; the "
    "rules recommend 3. Levels rise as usual but stop at 5 (there is no level 6 to reach). "
    "There is no Hit or Stay vote.",
    "Wagers: once hands are drawn, every player bids at once and sealed, from the 1-chip "
    "blind (a target of 5, with the table's modifier) up to every chip they hold (no cap), "
    "each chip above the blind "
    "adding 1 to their own target. The bids are shown together; each player who bid less than "
    "the highest matches it or folds. Nobody bids again before the draw.",
    "Short of the highest bid, a player may go all in: they match with every chip they hold, "
    "and their bet and their target are what they put in.",
    "The GM's blind: 'the GM still takes their blind' is the blind of a player who does not "
    "take part. A player who folds pays the GM 1 chip (the blind; any raise they bid is "
    "theirs again) and sits the encounter out: no turns, never attacked, no loot.",
    "The GM's stack does not limit a bet. When it cannot pay every survivor in full (after "
    "collecting from the fallen), it pays all it holds, shared in proportion to their bets. "
    "When the GM cannot cover a 1-chip blind for every player, the house is broken and the "
    "table ends.",
    "The draw: the target is the sum of the playing players' targets, and the GM draws until "
    "the encounter meets or exceeds it. Then each player in may raise once more, sealed, by "
    "any of the chips they have not bet, each adding 1 to the target; while the raised "
    "target stays within the "
    "encounter no enemy is added, past it the GM draws until it is met again. Less, equal or "
    "greater then decide who goes first and treasure, as usual.",
    "Settling: the GM pays each player still standing when the encounter ends (won, or the GM "
    "folded) their whole bet, and collects the whole bet of each player defeated, even one "
    "who fell in the blow that won it for the others.",
    "The table ends when a player has no chips left, when the house is broken, after the "
    "encounter limit (60), or when the players stop: after each encounter everyone chooses "
    "Play on or Stop, and more than half stopping ends it (a tie plays on).",
    "Timeouts in Quest for Loot: a wager is the blind, a match is a fold, the raise after the "
    "draw is none, and play on or stop is Stop.",
    "Results: your chips at the end are your score on the server's Quest for Loot chips board; "
    "ending with more than you sat down with is a win, even or less a loss. An abandoned or "
    "expired table scores everyone's chips as they stand.",
]

DUEL_RULINGS: list[str] = [
    "Duel of the Duos: two players, two heroes each, no GM, no enemies, no Threat Cards. Each "
    "hero has its own 52-card deck, draws its own hand (6 cards, 7 from level 3) and discards "
    "to its own pile: 'a hand for each of their chosen Classes', with a deck for each.",
    "The draft: each player draws 3 classes and 3 custom abilities from the seed and keeps 2 "
    "of each, pairing each kept class with one kept custom ability; the choice is sealed and "
    "both are shown together. Classes that summon a pet (the Tinker, the Herbalist) are not "
    "in the draw: pets answer only the GM's targeting.",
    "Initiative, every encounter: each player, sealed, draws or concedes. If exactly one "
    "concedes, the other goes first; otherwise both first heroes flip their top cards (back to "
    "the bottom), the higher goes first, and equal cards flip again. The player without "
    "initiative then gives one extra card to the hero of their choice.",
    "Turns: both heroes of a side take their turn (in the order their player likes) before "
    "the rival side's; a turn is as in a party game (one ability and one attack, Guard, or "
    "pass).",
    "Attacks and defence: the attacker chooses which standing rival hero to attack, and that "
    "hero answers from its own hand (its partner cannot answer for it), with a Disrupt if it "
    "has one; the attacker's turn waits for the answer. Everything else of combat is as "
    "against the GM: the winner draws what it played, a tie draws both, no cards is defeated.",
    "Abilities: 'an enemy' is a standing rival hero and 'an ally' a hero of your own side "
    "(yourself included); 'all enemies' are both rival heroes. A Taunt makes the rival heroes "
    "attack the taunting hero until the end of their next turn.",
    "An encounter is won by defeating both rival heroes; if the last heroes of both sides fall "
    "in one blow, the side whose turn it was wins. An encounter still undecided after 30 "
    "rounds goes to the side whose standing heroes hold more cards, a tie to the side without "
    "initiative.",
    "A hero whose deck runs out during an encounter shuffles its discard pile into a new deck "
    "at once and fights on: no Threat Card is flipped, and it brings no extra level (both "
    "sides level after every encounter anyway).",
    "Between encounters: no loot and no deuces count (there is no GM to pay them); every "
    "hero's hand and discard pile go back into its deck, shuffled, and both sides gain a "
    "level (levels stop at 5). The first to win 3 encounters wins the duel.",
    "Timeouts and hints: the draft keeps the two classes ranked highest for duels with the "
    "custom abilities that bring cards; initiative is conceded (moving second, with the extra "
    "card, wins more encounters); the extra card goes to the hero holding fewer; turns and "
    "defences as in a party game.",
    "Results: the duel is rated, winner over loser, with the same ratings as the other duels "
    "(mu - 3 sigma), on its own board; each player has one result, whatever their two heroes "
    "did. A duel abandoned is lost by the player who left it and won (and rated) for the "
    "other. A duel nobody moves in expires: lost by the one player it was waiting on (both "
    "heroes of theirs count as one) or, once the table has answered three times running for "
    "absent players, by the one it answered for, and won (and rated) for the other; when "
    "that was both players, both lose and nobody is rated.",
]

MASTERS_RULINGS: list[str] = [
    "Masters & Monsters: 2 to 5 players, no GM. It begins at level 1 (the level setting is "
    "not used); levels rise as usual when a deck runs out (or after every encounter, by "
    "option) and stop at 5. There is no Hit or Stay vote, no treasure and no folding.",
    "Enemies: after hands and Threat Cards, each player in seat order draws from the shared "
    "enemy deck until their own enemies' difficulty is 5 or more (with the table's modifier); "
    "the enemy discard is reshuffled when the deck runs out. Every enemy's hand is drawn from "
    "the one shared playing-card deck (two decks with 4 or more players) and discards to its "
    "one shared pile. A player sees their own enemies' cards in My hand; the others see counts.",
    "Turn order: lowest difficulty first; on a tie more enemies first; still tied, each tied "
    "player flips the top card of their deck (it goes back to the bottom) and the higher goes "
    "first, flipping again while tied (after ten flips, seat order). The order holds for the "
    "whole encounter.",
    "A round: in turn order each player takes their hero's turn, then their enemies' turn. A "
    "fallen hero with no pet skips their hero's turn but still plays their enemies; a player "
    "with no enemies left skips their enemy turn.",
    "The enemy turn: each enemy may use one ability and make one attack, in either order, one "
    "enemy after another (once another enemy acts, the one before has finished); End passes "
    "the rest. Let the GM play hands the rest of the turn to the GM's policy, as at a GM "
    "table; a player who lets their enemy turn time out has it played so.",
    "Targeting: no hero attacks their own enemies and no enemy attacks its master (nor its "
    "master's pet). An enemy must attack the player with the highest Threat Card among those "
    "it may attack (a tie is its master's choice), or that player's pet, or the pet of a "
    "fallen player; a Taunt binds it, a hunt frees it, as at a GM table. Abilities may aim at "
    "any valid target: a hero's at any enemy but their own, an enemy's at any player but its "
    "master (an ally ability at any enemy).",
    "A hero's attack on an enemy is answered at once by the GM's policy (its cheapest winning "
    "answer, a Disrupt when that would not win), so no hero's turn waits on another player. "
    "An enemy's attack is answered by the attacked player, as against the GM.",
    "Once-per-turn abilities, heroes' and enemies', are fresh at the start of every turn of the "
    "round, a hero's or an enemy turn: so once during a hero's turn and once during an enemy "
    "turn. A Taunt lasts until the taunting hero's next turn.",
    "The encounter ends when nobody may attack anybody: every enemy down, every hero down, or "
    "only one hero standing with nothing but their own enemies left (they survive). After 30 "
    "rounds time is called and the heroes standing survive.",
    "Deuces at the end of an encounter: each player counts the printed 2s in hand, plus 2 for "
    "every player their enemies defeated (the enemy that won the attack, or whose ability or "
    "defence left the hero with no cards), plus, for each survivor, one per survivor. A fallen "
    "player has no hand but keeps their bonus for defeats. 2 deuces buy Common loot, 3 Rare, "
    "4 or more Epic; one loot card per player per encounter.",
    "When every hero has fallen (the last enemies and heroes falling together included) "
    "nobody survives, and every player shuffles their discard pile back into their deck.",
    "Loot: as usual 2 Commons trade up into a Rare and 2 Rares into an Epic, and a player "
    "holds at most 5. Each plays for themselves: no gifts of loot.",
    "Winning: after the loot step, a player holding the Epic loot chosen for the table (the "
    "epics setting, 1 to 5, 3 by default) wins. When several reach it at once, the most Epic "
    "loot wins, then the most Rare, then the most Common; still level, they share the win. "
    "After the encounter limit (60) the best loot wins the same way.",
    "Results: winners win, the others lose. The finishing order is the winners first, then "
    "the most Epic loot, then Rare, then Common (level loot shares a place); a score is the "
    "number of players who finished below. Games between two or more people are rated with "
    "openskill over that order, on the Masters & Monsters ratings board (mu - 3 sigma).",
    "A table abandoned or expired is lost by whoever gave up or kept it waiting (with every "
    "hero they run), below everyone who played on; where people are rated, the players who "
    "played on count as winners. When that was everyone, all lose and nobody is rated.",
]

QUEST_RULINGS: list[str] = [
    "Traditional Quest: a party of 1 to 5, the bot as the GM of a quest written as data: a map "
    "of rooms joined by paths, with fixed and random encounters, shops and quest loot. The "
    "party begins at the level chosen (1 by default) in the quest's first room, which is safe, "
    "and keeps its decks, discard piles and loot from room to room.",
    "Moving: between encounters the party stands on the map and walks one room at a time along "
    "a path. Any player may choose the next room, and the first choice made moves everyone "
    "(talk it over first), as the first to act takes the party's open turn. The table's map "
    "shows the rooms walked into and the doors seen from them (a room never entered is marked "
    "❔). A timeout walks on as the hint does: to the nearest room never seen, else the "
    "nearest fight still waiting; it never spends cards.",
    "A room holds a fixed encounter, a random one, or none. The party meets a room's encounter "
    "every time it walks in until it is beaten; a beaten room, or one with none, is safe for "
    "the rest of the quest and walking through it meets nothing.",
    "Fixed encounters read 'Special Encounter, LVL, modifier', each part optional. The Special "
    "Encounter's entities are set out first and their difficulty counts; the GM then chooses "
    "enemies of the quest's set from the enemy deck to meet the modified target (5 per player "
    "plus the modifier and the table's difficulty, at least 1 per player): the cards that make "
    "it exactly, else the fewest points above it (then the fewest cards, then the first in the "
    "deck), the rest of the deck keeping its order. There is no Hit or Stay vote. "
    "Its enemies, entities included, fight at its LVL (hand sizes, Elite and Boss); the party's "
    "hands stay at the party's level. Initiative and treasure follow the usual comparison. A "
    "random encounter is the standard draw: to within 3 of the target, then Hit or Stay.",
    "A Special Encounter scales with the party: where its entities together are worth more "
    "than the modified target (as they are for a small party), each entity is dealt its hand "
    "at the LVL in that proportion (hand x target / their difficulty, rounded up, at least 1 "
    "card); their difficulty still counts in full for initiative and treasure. A party whose "
    "target they fit meets them as printed.",
    "A Special Encounter card shows on the table: its setup, its entities (each its own hand, "
    "played by the GM like any enemy, never part of the enemy deck) with their abilities, and "
    "its secret face down beside the condition that reveals it: the start of a given round, "
    "its owner down to a given number of cards, or another of its entities falling. The "
    "condition is checked between any two moves of the fight (never in the middle of an "
    "attack); once met, the secret is turned face up for the rest of the quest. A hidden "
    "ability can be used by its owner from then on; a weakness strikes its owner at once, and "
    "at the start of every later attempt at that encounter.",
    "When the whole party falls, discard piles are shuffled into decks as usual and the party "
    "wakes in the room it walked in from, with the encounter waiting, whole again. The third "
    "fall ends the quest, lost.",
    "Shops are used on the map, while the party stands in the shop's room, as often as it comes "
    "back; each piece of quest loot is sold once. The buyer pays its price in cards from their "
    "own discard pile: the pile is shuffled, the price taken from it face down, and the rest "
    "stays as the pile (its new top is the Threat Card). Cards paid stay out of play for the "
    "rest of the quest. Buy from the table's buttons (the one who presses pays) or My hand.",
    "Quest loot and Jokers: each player's two Jokers start boxed. Each piece of quest loot a "
    "player gains (two at most) brings one into their deck, shuffled in. A Joker in hand may be "
    "played as a wild card, or sacrificed on its holder's turn to use one piece of their quest "
    "loot, of their choice: the Joker is shuffled back into the deck and the loot's effect "
    "happens. Loot is neither the turn's attack nor its ability (unless it is used instead of "
    "attacking), and each piece is used at most as often per encounter as it says. As a "
    "Threat Card a Joker counts as an Ace + 1 (15).",
    "Quest loot lying in a room is picked up once the room is safe, by the player holding the "
    "fewest pieces (the first seat of them); when everyone carries two it stays where it lies.",
    "Levels rise as usual when a deck runs out (or after every encounter, by option), up to 5; "
    "the loot step follows every encounter as usual.",
    "The quest is won when the goal room's encounter is beaten, and lost at the third fall or "
    "after the encounter limit (60). The party wins or loses together, scored by the "
    "difficulty of every encounter won plus 5 for each room explored.",
]

DEUCES_RULES = RulesPage(
    title="Dungeons & Deuces",
    summary=(
        "A party of 1 to 5 adventurers, each with their own 52-card deck and a class, against "
        "encounters the bot draws and plays as Game Master. Fights are poker: singles, pairs, "
        "triples, four of a kind and five-card hands."
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
            "is the GM's hint. A player who lets the table wait too long is answered for: defended "
            "with their best cards, or they Guard. When the GM has answered three times "
            "running and nobody plays, the table expires.",
        ),
        (
            "Quest for Loot",
            "`/deuces new mode:Quest for Loot` (3 is the recommended level): a competitive table "
            "where each of you wagers chips against the GM's stack every encounter. Look at "
            "your hand, then bid in **My hand**: the blind (1 chip) or a raise, each chip "
            "lifting your own target by 1. Match the highest bid or fold; after the draw you "
            "may raise once more. Survive and the GM pays your bet; fall and it collects it. "
            "Chips show on the table; play on or stop after each encounter.",
        ),
        (
            "Duel of the Duos",
            "`/deuces duel @player` challenges someone (they accept or decline within 10 "
            "minutes). Each of you keeps 2 of 3 drawn classes and 2 of 3 custom abilities in "
            "**My hand**, sealed (a hand you opened before your rival chose still counts); "
            "then every encounter you draw for initiative or concede it, "
            "and both your heroes act before your rival's. Defeat both rival heroes to win an "
            "encounter; the best of five wins the duel, rated on its own board.",
        ),
        (
            "Masters & Monsters",
            "`/deuces new mode:Masters & Monsters [epics]` (2 to 5 players, no GM): each of you "
            "draws enemies to a difficulty of 5 and plays them against the others, right after "
            "your hero's turn, from **My hand** (or let the GM play them). Your enemies never "
            "attack you and you never attack them. Defeating a player with your enemies is "
            "worth 2 deuces, surviving one per survivor; the first to the Epic loot chosen "
            "(3 by default) wins, rated on its own board.",
        ),
        (
            "Traditional Quest",
            "`/deuces new mode:Traditional Quest`: your party explores *The Well Beneath "
            "Thornwick*, room by room, to the fight at its heart. The map on the table shows "
            "where you have been; press a path to walk on (the first press moves everyone). "
            "Rooms hold fixed encounters, some with a Special Encounter card whose secret shows "
            "once you discover it, random ones, shops and quest loot. Shops take cards from "
            "your discard pile; quest loot is used by sacrificing a Joker from your hand (see "
            "My hand). Three falls and the quest is lost.",
        ),
        rulings_section(
            DEUCES_RULINGS + LOOT_RULINGS + DUEL_RULINGS + MASTERS_RULINGS + QUEST_RULINGS
        ),
        BOARDS_SECTION,
    ],
)
