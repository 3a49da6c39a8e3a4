"""Dungeon of Cards' rules as this bot plays them, and every ruling where the text is silent or
contradicts itself. `/rules dungeon` shows this page; every ruling is a tested behaviour."""

from __future__ import annotations

from bot.games.views import RulesPage, boards_section, rulings_section

HOUSE_RULINGS: list[str] = [
    # From the bot's rule book (RULES.md).
    "The pawns are the two Jokers. The other 52 cards are shuffled; 16 make a 4×4 dungeon face "
    "down, each player is dealt 10, and the rest is the pile.",
    "Black cards of every rank are walls. Red A and red 5–10 are treasure (A scores 15, the "
    "others their face value). Red 2–4 are floor: stood on, worth nothing. Red J, Q, K are "
    "monsters: Goblin 11, Troll 12, Giant 13 health.",
    "A blank is an empty cell; the dungeon is every cell that holds a card. A pawn stands on a "
    "card: the Joker is a card, so the cell of a pawn is part of the dungeon even after the card "
    "under it was claimed; the cell becomes blank when the pawn leaves.",
    "Battle: you start at 12 health, the monster at its own. You pick two cards next to your "
    "pawn, your opponent picks two next to the monster, one at a time, you first. Face-down "
    "cards are turned up; red number cards add their value (A counts 1), walls and monsters "
    "add 0, and a monster turned up this way is fought next. Higher total wins; a tie goes to "
    "the monster. A win scores 5 and discards the monster; a loss costs 5 (never below 0) and "
    "your pawn goes back to your hand.",
    "The game ends when a player reaches 100 points, at once, even in the middle of a turn. "
    "After 200 turns (one player's turn each: 100 each), or when the pile, the discards and both "
    "hands are empty, the higher score wins; a tie is a draw.",
]

RULINGS: list[str] = [
    # The start.
    "Who places their Joker first, and plays first, is drawn. Each player in turn puts their "
    "Joker on any face-down card of the 4×4 (not on the other Joker). The card under a starting "
    "Joker stays face down, unseen by both; once the pawn moves off it is an ordinary face-down "
    "card.",
    # The turn.
    "A turn: the monsters move; your pawn moves (a step, a Knight's move, or you turn a card "
    "over, or take it into your hand; or it re-enters); hops; battles; you play a card; cards "
    "out of sight go. Each step waits on one choice at a time.",
    # Monsters.
    "The player whose turn it is moves every live monster, one at a time in reading order of "
    "where they stand (top row first), and then turns each to face any way (also one that "
    "could not move). Each is offered the facing the bot would choose, shown beside your pawn's "
    "moves: your pawn's move accepts them all, and you may turn any of them another way first.",
    "A monster moves one cell onto a card nobody stands on that is not a face-up wall; a "
    "face-down card stays face down under it. With a wall, a blank, a pawn or another monster "
    "ahead it stays put. A new monster (just turned up) goes to any such neighbouring cell its "
    "mover picks, or stays if there is none.",
    "A monster that moves next to your opponent's pawn is fought at once: they fight it and you "
    "pick for the monster. One that did not move, or moved next to your own pawn, starts no "
    "battle then (you fight monsters next to your pawn after your own move).",
    # Moving.
    "Your pawn moves one cell (no diagonals) or makes a Knight's move (two cells one way, then "
    "one across), onto a card: a face-down card, or face-up floor or treasure; never onto a "
    "blank, a wall, a pawn or a monster.",
    "A Knight's move crosses the two cells of its long leg (one and two cells from the start; "
    "the second is the corner of the L). Neither may hold a face-up wall, a pawn or a monster. "
    "Blanks and face-down cards may be crossed (they stay face down).",
    "Landing on a face-down card turns it up. Treasure is claimed: it scores and is discarded, "
    "and your pawn stands on the empty cell. Floor is stood on. A wall sends you back: to where "
    "you were after a step; after a Knight's move back one, to the corner of the L if you can "
    "stand there (a face-down card, left face down, or a red number card, face up or not, "
    "neither claimed nor turned), else (a blank) to where you began. The card stays face up.",
    "Landing on a face-down monster turns it up, alive, and sends you back as a wall does, and "
    "you always fight it, wherever the pawn went back to: the picks come from around your pawn "
    "and around the monster.",
    "Instead of moving you may turn over any face-down card nobody stands on. A monster turned "
    "over comes alive and is fought only if it is next to your pawn; treasure turned over is "
    "not claimed (land on it later).",
    "Hopping: after your pawn lands on a red number card (by a step or a Knight's move), it may "
    "hop onto a face-up red number card next to it that nobody stands on: the other card of the "
    "same rank (a pair), or the next card of a run (one rank up or down, A as 1, either red "
    "suit; a run's first hop is offered only when a third card follows next to it), and on "
    "along the run in the same direction. Every card hopped onto is claimed and discarded "
    "(treasure scores, floor scores nothing); you may stop at any time.",
    "Take your pawn into your hand only when it has no step and no Knight's move (you may still "
    "turn a card over instead). It costs no points, but you play no card that turn.",
    # Battles.
    "Battle picks come from cells next to the fighter's pawn (or next to the monster) holding a "
    "card nobody stands on; a card counts once per battle, whichever side took it. When one "
    "side has nothing left to pick the other picks on; a side with no cards around picks none. "
    "Picked cards stay face up where they lie (picked treasure is not claimed).",
    "After a battle, monsters turned up by its picks are fought next (wherever they are); then, "
    "on your own turn, every other monster next to your pawn, in the order north, east, south, "
    "west. Losing ends the fighting: your pawn is off the board.",
    "Losing a battle on your own turn still leaves you your card to play. Next turn, after the "
    "monsters move, you must re-enter on any empty cell next to the dungeon; you fight any "
    "monster next to you, and your turn ends there (no card played).",
    # Playing a card.
    "Playing a card is required when you can: a card from your hand face down on an empty cell "
    "next to the dungeon (a pawn or monster counts), or a black card onto a face-up wall of the "
    "same rank in the other black suit (both are discarded), or the pile's top card blind, face "
    "down and unseen by both players. Only with no card in hand and none left to draw is the "
    "play skipped.",
    "A card you play from your hand is known to you (your hand view shows what lies under "
    "them); a blind card is known to nobody.",
    "When your hand is empty you are dealt 10 more at once (fewer if fewer are left). When the "
    "pile runs out, the discard pile is flipped over as the new pile (not shuffled): the first "
    "card discarded is drawn first.",
    # Out of sight.
    "Out of sight: at the end of every turn, every card and monster more than four steps from "
    "both pawns is discarded face up. Steps are counted straight along the grid, through any "
    "cells (blanks and walls too): across plus down. A pawn in your hand sees nothing; with both "
    "pawns in hand nothing goes.",
    "If the dungeon is ever wholly empty, a pawn re-enters, or a card is played, on the cell "
    "where the first dungeon's top-left card lay.",
    # Time.
    "A player who lets the turn timer run out plays the bot's move for that choice.",
    "A cell keeps its name all game: the first 4×4 is A1–D4; columns go on east E, F… and "
    "west Z, Y…, rows go on south 5, 6… and north 0, -1…, so no cell is ever renamed when the "
    "dungeon grows.",
]

DUNGEON_RULES = RulesPage(
    title="Dungeon of Cards",
    summary=(
        "A duel in a dungeon of cards that grows where cards are played and crumbles out of "
        "sight. Move your Joker through it, claim treasure, beat monsters, and play cards face "
        "down to set traps and hide treasure for yourself. First to 100 points wins."
    ),
    sections=[
        (
            "The cards",
            "🂠 Face down: anything. ♠ ♣ **walls** (any rank). ♥ ♦ A and 5–10 **treasure** "
            "(A = 15). ♥ ♦ 2–4 **floor**. ♥ ♦ J Q K **monsters**: Goblin 11, Troll 12, Giant "
            "13. The Jokers are the two pawns.",
        ),
        (
            "Your turn",
            "1. The monsters move: each goes one cell the way it faces (a new one: any way "
            "you pick), then faces the way offered (change it before your move if you like). "
            "One that comes next to your opponent fights them now.\n"
            "2. Move your Joker one cell or by a Knight's move, or turn a card over. Treasure "
            "you land on scores; a wall or a monster sends you back. Hop on over pairs and "
            "runs.\n"
            "3. Fight every monster next to you: 12 + two picks against its health + two "
            "picks. Win +5, lose −5 and your Joker goes to your hand.\n"
            "4. Play a card face down next to the dungeon (or a matching black card onto a "
            "wall, or the pile's top card blind).\n"
            "5. Cards more than four steps from both Jokers fade away.",
        ),
        (
            "Reading the table",
            "The picture and the text grid name cells alike, and a cell keeps its name all "
            "game (the first 4×4 is A1–D4). A big dungeon's picture shows the part around "
            "the pawn whose turn it is; the picture's alt text (**ALT** on a phone) and **My "
            "hand** show the whole map as a text grid: `##` "
            "face down, `W5` a wall of rank 5, `7♥` a face-up card (`T` is 10), `P1` `P2` the "
            "pawns, `J↑` a monster and the way it faces (`J*` a new one), `..` an empty cell "
            "where a card may go. Play a card from **My hand**: pick it, then choose its cell "
            "(or press the hint).",
        ),
        (
            "In the terminal",
            "Type a move's number, or a card and a cell in any order with any separator: "
            "`9s c3`, `C3 9♠` and `9s,c3` all play 9♠ at C3; a cell alone (`c3`) is the one "
            "move going there, where only one does; a card alone lists the cells it may go to.",
        ),
        rulings_section(HOUSE_RULINGS + RULINGS),
        boards_section(
            "It is scored with the points you had, and a rated rival who played on counts as "
            "the winner."
        ),
        (
            "Giving up a duel",
            "Abandoning a duel, or letting it expire, is a loss for you and a rating win for "
            "your rival.",
        ),
    ],
)
