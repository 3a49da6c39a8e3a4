"""Dungeon of Cards through the offline Discord: a duel against the bot, played to its end from
the table's buttons and selects and the player's own hand, with the dungeon drawn on every
update of the table."""

from bot.games.cards import Card
from bot.games.dungeon.engine import DungeonState, Phase
from bot.games.registry import GAMES
from storage import GameStatus
from tests.discord.hands import press_hint
from tests.discord.positions import put_state
from tests.harness import StoredMessage

UPDATE_MESSAGE = 7
MOVES = 400


async def state_of(discord, game_id: int = 1):
    record = await discord.bot.store.get_game(game_id)
    return record, GAMES["dungeon"].load(record.state)


def menus_of(table: StoredMessage) -> list[dict]:
    return [c for c in table.walk_components() if c.get("type") == 3]


async def play_from_the_table(discord, table: StoredMessage, user) -> bool:
    """Choose the first move a table select offers; False when the table offers none."""
    menus = [m for m in menus_of(table) if m["options"]]
    if not menus:
        return False
    chosen = await discord.select(
        table, menus[0]["custom_id"], [menus[0]["options"][0]["value"]], user
    )
    assert chosen.response_type == UPDATE_MESSAGE, chosen.content
    return True


async def test_a_duel_against_the_bot_is_played_to_its_end(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        started = await discord.slash("dungeon new", alice)
        table = started.message
        assert table.heading.startswith("Dungeon of Cards")
        record, state = await state_of(discord)
        assert [p.is_bot for p in record.players] == [False, True]
        assert state.acting() == [0], "the bot has made its opening moves already"

        from_selects = 0
        edits = table.edits
        for _ in range(MOVES):
            record, state = await state_of(discord)
            if record.status != GameStatus.ACTIVE:
                break
            assert state.acting() == [0], "the bot never keeps the table waiting"
            [picture] = table.attachments
            assert picture["filename"] == "table.png", "the dungeon is drawn on every update"
            assert "```" not in table.text, "the map is drawn once: as text, it is in the hand"
            [alt] = [
                item.get("description", "")
                for c in table.walk_components()
                if c.get("type") == 12
                for item in c.get("items", [])
            ]
            assert alt.startswith("Dungeon map") and "P1" in alt, "the map in words, for all"
            assert len(alt) <= 1024
            if from_selects < 3 and await play_from_the_table(discord, table, alice):
                from_selects += 1
            else:
                await press_hint(discord, table, alice)
            assert table.edits > edits, "every move updates the table"
            edits = table.edits
        else:
            raise AssertionError("the duel did not end")

        record, state = await state_of(discord)
        assert record.status == GameStatus.FINISHED and state.is_over and from_selects == 3
        results = await discord.bot.store.results(1)
        assert [r.user_id for r in results] == [alice.id], "the bot has no result"
        labels = [b["label"] for b in table.buttons]
        assert "New game" in labels and "Rematch" not in labels, "no rematch with the bot"


async def test_a_select_by_someone_else_or_from_before_a_move_is_refused(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        table = (await discord.slash("dungeon new", alice)).message
        [menu, *_] = [m for m in menus_of(table) if m["options"]]
        first = menu["options"][0]["value"]
        before = (await state_of(discord))[0].version
        nope = await discord.select(table, menu["custom_id"], [first], bob)
        assert nope.ephemeral and "alice's game" in nope.content
        assert (await state_of(discord))[0].version == before, "nothing was played"

        old = StoredMessage(payload=dict(table.payload))
        moved = await discord.select(table, menu["custom_id"], [first], alice)
        assert moved.response_type == UPDATE_MESSAGE
        after = (await state_of(discord))[0].version
        stale = await discord.select(old, menu["custom_id"], [first], alice)
        assert stale.ephemeral and (await state_of(discord))[0].version == after


MONSTER = Card.parse("JH")


async def set_state(discord, state: DungeonState) -> None:
    """Put the game in a chosen position, as a move would have left it."""
    await put_state(discord, (await state_of(discord))[0], state)


async def test_a_turn_is_two_decisions_the_pawns_move_accepting_facings_then_any_cell(
    harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        table = (await discord.slash("dungeon new", alice)).message
        cells = {(0, 0): "+3D", (1, 0): "8S", (0, 1): "+2H", (5, 5): "+4D", (4, 0): "5C"}
        cells |= {(3, 4): "6S"}
        state, _ = DungeonState.scripted(
            cells,
            hands=("9S 7H", "KC"),
            pawns=((0, 0), (5, 5)),
            monsters=[("JH", (3, 0), "e"), ("QD", (3, 3), "s")],
        )
        assert state.phase == Phase.PAWN, "both monsters moved with no press"
        left_alone = state.board.monster(Card.parse("QD")).facing  # type: ignore[union-attr]
        await set_state(discord, state)
        stale = await discord.select(table, menus_of(table)[0]["custom_id"], ["joker.0.0"], alice)
        assert stale.ephemeral, "a move from before is refused, and the table redrawn"
        assert "👹 Facing" in table.text and "J♥ E1" in table.text, "facings beside the moves"

        # Accepting the offer costs nothing; here one facing is changed first, from its select.
        turn = next(m for m in menus_of(table) if "monster" in m.get("placeholder", ""))
        assert {o["value"].split(".")[1] for o in turn["options"]} == {"JH", "QD"}
        other = next(o["value"] for o in turn["options"] if o["value"].startswith("face.JH."))
        changed = await discord.select(table, turn["custom_id"], [other], alice)
        assert changed.response_type == UPDATE_MESSAGE, changed.content
        record, state = await state_of(discord)
        assert state.phase == Phase.PAWN and state.acting() == [0], "still the pawn's move"
        facing = other.rsplit(".", 1)[1]

        stepped = await discord.click(table, table.button("⬇️ A2")["custom_id"], alice)
        assert stepped.response_type == UPDATE_MESSAGE, stepped.content
        record, state = await state_of(discord)
        assert state.phase == Phase.PLAY and state.board.monster(MONSTER).facing == facing  # type: ignore[union-attr]
        assert state.board.monster(Card.parse("QD")).facing == left_alone, "accepted as offered"  # type: ignore[union-attr]
        assert not any(str(m).startswith("face.") for m in state.legal_actions(0))

        opened = await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)
        hand = opened.message
        assert opened.ephemeral and "```" in " ".join(f["value"] for f in hand.embed["fields"])
        picker = next(cid for cid in hand.custom_ids if ":pick" in cid)
        hand = (await discord.select(hand, picker, ["0.9S"], alice)).message
        hint = next(b for b in hand.buttons if b["label"].startswith("💡"))
        cells_offered = [m for m in menus_of(hand) if "Place 9♠" in m.get("placeholder", "")]
        options = [o for menu in cells_offered for o in menu["options"]]
        wanted = {str(m) for m in state.legal_actions(0) if str(m).startswith("place.9S.")}
        assert {o["value"] for o in options} == wanted, "every cell the card may go to"
        chosen = next(o for o in options if not hint["custom_id"].endswith(o["value"]))
        menu = next(m for m in cells_offered if chosen in m["options"])
        placed = await discord.select(hand, menu["custom_id"], [chosen["value"]], alice)
        assert placed.response_type == UPDATE_MESSAGE, placed.content
        record, state = await state_of(discord)
        x, y = (int(v) for v in chosen["value"].split(".")[2:])
        cell = state.board.cell((x, y))
        assert cell is not None and cell.card == Card.parse("9S") and 0 in cell.known_by
        assert record.hints == 0, "a cell chosen by hand is the player's own play"
