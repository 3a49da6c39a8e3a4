"""A game is its folder plus one registry line: Nim (tests/nim) is registered here and nowhere
else, then started with its own slash command, clicked to its end through the offline Discord,
ranked on its board, listed by /help and /rules, and played in the terminal."""

import copy
import io
from collections.abc import Iterator

import pytest

from bot.cli import play
from bot.games.contract import Setup
from bot.games.registry import GAMES, register, unregister
from storage import GameStatus
from tests.harness import StoredMessage
from tests.nim import GAME
from tests.nim.engine import NimState

CHANNEL_MESSAGE, UPDATE_MESSAGE = 4, 7


@pytest.fixture
def nim() -> Iterator[None]:
    register(GAME)
    try:
        yield
    finally:
        unregister(GAME.info.key)


def best_take(message: StoredMessage) -> dict:
    """Leave the house a multiple of four where possible, else take one."""
    pile = int(message.heading.split("·")[1].split()[0])
    wanted = pile % 4 or 1
    return message.button(f"Take {wanted}")


async def test_a_registered_game_is_started_and_clicked_to_its_end(
    nim, harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        assert "nim" in {c.name for c in discord.bot.tree.get_commands()}
        started = await discord.slash("nim new", alice, variant="long")
        assert started.response_type == CHANNEL_MESSAGE and not started.ephemeral
        message = started.message
        assert message.heading.startswith("Nim · ")
        assert "A pile of" in message.text
        assert [b["label"] for b in message.buttons] == ["Take 1", "Take 2", "Take 3"]
        clicks = 0
        while message.buttons[0]["label"] != "New game":
            played = await discord.click(message, best_take(message)["custom_id"], alice)
            assert played.response_type == UPDATE_MESSAGE, played.content
            message, clicks = played.message, clicks + 1
        record = await discord.bot.store.get_game(1)
        actions = await discord.bot.store.actions(1)
        (result,) = await discord.bot.store.results(1)
    assert record.status == GameStatus.FINISHED and record.variant == "long"
    assert all(a.action.startswith("take.") for a in actions), "the log keeps the text form"
    replay, _ = GAME.new_game(record.seed, Setup(variant="long"))
    for logged in actions:
        replay.apply(0, GAME.parse_action(logged.action))
    assert (result.outcome, result.score) == (replay.outcome.value, replay.score())
    assert result.outcome == "won" and clicks == len(actions), "taking to fours always wins"


async def test_its_buttons_refuse_strangers_and_illegal_moves(
    nim, harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        message = (await discord.slash("nim new", alice)).message
        stranger = await discord.click(message, message.button("Take 1")["custom_id"], bob)
        assert stranger.ephemeral and "alice's game" in stranger.content
        # A client showing a forged button: taking more sticks than the rules allow.
        forged = StoredMessage(payload=copy.deepcopy(message.payload))
        custom_id = message.button("Take 1")["custom_id"].replace("take:1", "take:9")
        forged.buttons[0]["custom_id"] = custom_id
        illegal = await discord.click(forged, custom_id, alice)
        assert illegal.ephemeral and "You can't do that now" in illegal.content
        assert (await discord.bot.store.get_game(1)).version == 0, "nothing changed"


async def test_help_rules_and_boards_list_it(nim, harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        help_text = str((await discord.slash("help", alice)).embed)
        assert "/nim new [variant]" in help_text
        rules = await discord.slash("rules", alice, game="nim")
        assert rules.ephemeral and rules.embed["title"] == "Rules: Nim"
        board = await discord.slash("leaderboard", alice, game="nim", variant="short")
        assert board.embed["title"].startswith("🏆 Nim · Short")


async def test_without_registration_there_is_no_such_command(harness, make_bot) -> None:
    async with harness.running(make_bot) as discord:
        assert "nim" not in {c.name for c in discord.bot.tree.get_commands()}
    assert "nim" not in GAMES


def test_it_is_played_in_the_terminal(nim) -> None:
    out = io.StringIO()
    assert play("nim", seed=4, stdin=io.StringIO("1\n" * 30), stdout=out) == 0
    text = out.getvalue()
    state, _ = GAME.new_game(4, Setup(variant="short"))
    while not state.is_over:
        state.apply(0, state.legal_actions(0)[0])
    assert isinstance(state, NimState)
    assert f"Game over: you {state.outcome.value}, score {state.score()}." in text
    assert "1) Take 1" in text and "You take 1;" in text
