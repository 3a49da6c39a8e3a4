"""Dungeons & Deuces in Discord: the public table, and each player's hand in a message only
they see.

A player picks cards in a select menu; the hand message then offers, as buttons, exactly the
legal plays made of those cards (attack which enemy, defend, guard, an ability), plus the GM's
hint. The plays are never enumerated in advance, so a hand of seven offers no more than a few
buttons at a time.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord
from pydantic import BaseModel

from bot.games.cards import Card
from bot.games.deuces import DeucesState, hand_view, parse_action, suggest, table_view
from bot.games.deuces.state import player
from bot.narration.gm import GameMaster
from bot.render.dungeon import Field, GameView
from cogs.buttons import STYLES, GameButton, GameSelect
from cogs.custom_ids import SELECT_KIND, CustomId
from cogs.game_ui import ButtonSpec
from storage import GameRecord, ResultRow

DO = "do"
HAND = "hand"
PICK = "pick"
MAX_PLAY_BUTTONS = 19  # 4 rows of 5, one of them the hint
PROMPTS = {"vote": "vote Hit or Stay", "turn": "take a turn", "defend": "defend", "loot": "loot"}


def action_cards(action: Any) -> list[Card]:
    """The cards an action puts on the table (or trades), in any order."""
    if hasattr(action, "cards"):
        return list(action.cards)
    return [getattr(action, name) for name in ("card", "keep", "give") if hasattr(action, name)]


def action_arg(action: Any) -> str:
    return str(action).replace(" ", ".")


def action_label(state: DeucesState, seat: int, action: Any) -> str:
    cards = " ".join(str(card) for card in action_cards(action))
    labels = {
        "vote": lambda: "Vote hit" if action.hit else "Vote stay",
        "attack": lambda: f"Attack {state.enemy_def(action.target).name} with {cards}",
        "defend": lambda: f"Defend with {cards}",
        "guard": lambda: f"Guard with {cards}",
        "end": lambda: "End turn",
        "ability": lambda: (
            f"{state.ability(player(seat), action.ability).name} {cards}".strip()
            + (f" @{action.target}" if action.target is not None else "")
        ),
        "trade": lambda: f"Trade {action.give} up into {action.keep}",
        "drop": lambda: f"Drop loot {action.card}",
        "done": lambda: "Done with loot",
    }
    return labels[action.kind]()[:80]


class Pick(BaseModel):
    """The cards a player has picked in their hand message, by position in the hand."""

    cards: list[Card] = []


class DeucesUI:
    rating_pool = None
    private_hands = True

    def names(self, record: GameRecord) -> list[str]:
        return [p.display_name for p in record.players]

    def narrate(
        self,
        seed: int,
        state: DeucesState,
        events: list,
        names: list[str],
        before: DeucesState | None = None,
    ) -> list[str]:
        tables = [table for table in (before, state) if table is not None]

        def name(who: Any) -> str:
            if isinstance(who, int) or who.side == "players":
                seat = who if isinstance(who, int) else who.index
                return names[seat] if seat < len(names) else f"Player {seat + 1}"
            # A move that ends an encounter speaks of enemies the table no longer holds.
            for table in tables:
                if who.index < len(table.enemies):
                    return table.enemy_def(who.index).name
            return "the enemy"

        return GameMaster(seed, name).narrate(events, state.turn)

    def view(self, record: GameRecord, state: DeucesState, narration: list[str]) -> GameView:
        table = table_view(state)
        names = self.names(record)
        foes = [
            f"`{f.index}` **{f.name}** ({f.rank}): "
            + ("defeated" if f.defeated else f"{f.cards} cards, edge {f.edge:+d}")
            for f in table.enemies
        ]
        party = [
            f"**{names[s.seat]}**, {s.class_name}: {s.cards} in hand, {s.deck} in deck"
            + (f", threat {s.threat}" if s.threat else "")
            + (f", loot {' '.join(str(item.card) for item in s.loot)}" if s.loot else "")
            + (" (defeated)" if s.defeated else "")
            for s in table.seats
        ]
        fields = [
            Field(name="👹 Enemies", value="\n".join(foes) or "none yet", inline=False),
            Field(name="🛡️ Party", value="\n".join(party), inline=False),
        ]
        if table.attack:
            attack = " ".join(str(card) for card in table.attack)
            fields.append(Field(name="⚔️ Attack to answer", value=attack, inline=False))
        if not state.is_over and table.prompt:
            waiting = ", ".join(names[seat] for seat in table.waiting_for)
            what = PROMPTS.get(table.prompt, table.prompt)
            fields.append(Field(name="⏳ Waiting for", value=f"{waiting} to {what}", inline=False))
        title = (
            f"Dungeons & Deuces · encounter {table.encounter} · level {table.level}"
            f" · difficulty {table.difficulty}/{table.target}"
        )
        footer = "Press My hand to see your cards and play" if not state.is_over else ""
        return GameView(title=title, narration=narration, fields=fields, footer=footer)

    def buttons(self, record: GameRecord, state: DeucesState) -> list[ButtonSpec]:
        specs = [ButtonSpec(label="🂠 My hand", action=HAND, style="primary")]
        if state.prompt is not None and state.prompt.kind == "vote":
            for hit in (True, False):
                action = parse_action("vote hit" if hit else "vote stay")
                specs.append(
                    ButtonSpec(
                        label=action_label(state, 0, action),
                        action=DO,
                        arg=action_arg(action),
                        style="danger" if hit else "secondary",
                    )
                )
        return specs

    def parse_action(self, action: str, arg: str | None) -> Any:
        if action != DO or not arg:
            raise ValueError("that button plays nothing")
        return parse_action(arg.replace(".", " "))

    def still_playing(self, state: DeucesState, seat: int) -> bool:
        return not state.is_over

    def results(self, record: GameRecord, state: DeucesState) -> list[ResultRow]:
        return [self._row(p, state.outcome.value, state.score, state.turn) for p in record.players]

    def forfeits(
        self, record: GameRecord, state: DeucesState, outcome: str, forfeiters: set[int]
    ) -> list[ResultRow]:
        """The party plays together: a forfeit is everyone's loss, scored as it stands."""
        return [self._row(p, outcome, state.score, state.turn) for p in record.players]

    @staticmethod
    def _row(player: Any, outcome: str, score: int, turns: int) -> ResultRow:
        return ResultRow(
            user_id=player.user_id,
            display_name=player.display_name,
            outcome=outcome,
            score=score,
            turns=turns,
        )

    # ---- a player's hand, in a message only they see -----------------------------------------

    def hand_message(
        self, record: GameRecord, state: DeucesState, seat: int, picked: list[Card]
    ) -> dict[str, Any]:
        hand = hand_view(state, seat)
        marks = [
            f"{held.card}"
            + (f" (+{held.raised})" if held.raised else "")
            + (" wild" if held.wild else "")
            for held in hand.cards
        ]
        embed = discord.Embed(
            title=f"Your hand: {state.players[seat].klass.name}",
            description=" · ".join(marks) or "No cards.",
            colour=0x8B5CF6,
        )
        for ability in hand.abilities:
            ready = "ready" if ability.usable_now else "not now"
            embed.add_field(
                name=f"{ability.name} ({ready})", value=ability.text[:1024], inline=False
            )
        waiting = seat in state.waiting_for and not state.is_over
        embed.set_footer(
            text="Pick cards below, then press a play."
            if waiting
            else "The table is not waiting for you right now."
        )
        view = discord.ui.View(timeout=None)
        if hand.cards:
            view.add_item(self._picker(record, hand.cards, picked))
        if waiting:
            for action, label, style in self._plays(state, seat, picked):
                custom = CustomId(
                    game_id=record.id, version=record.version, action=DO, arg=action_arg(action)
                )
                button = discord.ui.Button(
                    label=label, custom_id=custom.encode(), style=STYLES[style]
                )
                view.add_item(GameButton(custom, button))
        return {"embed": embed, "view": view}

    @staticmethod
    def _picker(record: GameRecord, held: list[Any], picked: list[Card]) -> GameSelect:
        custom = CustomId(kind=SELECT_KIND, game_id=record.id, version=record.version, action=PICK)
        options = [
            discord.SelectOption(
                label=str(item.card), value=f"{index}.{item.card.code}", default=item.card in picked
            )
            for index, item in enumerate(held)
        ][:25]
        select = discord.ui.Select(
            custom_id=custom.encode(),
            placeholder="Pick cards for your play",
            min_values=0,
            max_values=min(5, len(options)),
            options=options,
        )
        return GameSelect(custom, select)

    def _plays(
        self, state: DeucesState, seat: int, picked: list[Card]
    ) -> list[tuple[Any, str, str]]:
        """The hint, then every legal play made of exactly the picked cards."""
        hint = suggest(state, seat)
        wanted = Counter(picked)
        loot = state.prompt is not None and state.prompt.kind == "loot"  # loot cards aren't held
        matching = [
            action
            for action in state.legal_actions(seat)
            if (loot or Counter(action_cards(action)) == wanted) and action != hint
        ]
        plays = [(hint, f"💡 {action_label(state, seat, hint)}"[:80], "success")]
        plays += [(action, action_label(state, seat, action), "primary") for action in matching]
        return plays[: MAX_PLAY_BUTTONS + 1]

    @staticmethod
    def picked_cards(state: DeucesState, seat: int, values: list[str]) -> list[Card]:
        """The cards a select's values name ("3.9C": the fourth card, 9♣), if still held."""
        hand = state.players[seat].hand
        cards = []
        for value in values:
            index, _, code = value.partition(".")
            if index.isdigit() and int(index) < len(hand) and hand[int(index)].code == code:
                cards.append(hand[int(index)])
        return cards
