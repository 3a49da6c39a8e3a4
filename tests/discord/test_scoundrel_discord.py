"""Scoundrel through the offline Discord: whole games, restarts, and every kind of bad click."""

import asyncio
import copy
import json

from bot.games.crawl.actions import parse_action
from bot.games.registry import GAMES
from bot.games.scoundrel.engine import new_game
from cogs.panel_colour import COLOURS
from storage import GameStatus
from tests.discord.conftest import SEED
from tests.discord.tables import fact, footnote, stats_line
from tests.harness import StoredMessage

UPDATE_MESSAGE = 7
CHANNEL_MESSAGE = 4


HINT, HINDSIGHT = "💡 Hint", "🔍 Could I have won?"
SAME_DEAL, REPLAY = "🤝 Challenge a friend to this deal", "⏯ Replay"
TABLE_LABELS = {"New game", "Share my result", HINT, HINDSIGHT, REPLAY, SAME_DEAL}
"""The table's own buttons: none of them plays a move."""


def moves_left(message: StoredMessage) -> bool:
    return any(b["label"] not in TABLE_LABELS for b in message.buttons)


def enabled(message: StoredMessage) -> list[dict]:
    return [b for b in message.buttons if not b.get("disabled")]


def cautious(message: StoredMessage) -> dict:
    """Drink, equip, fight with the weapon, else fight barehanded; never run."""
    order = ("Drink", "Equip", "(weapon)", "barehanded")
    playable = [b for b in enabled(message) if b["label"] not in {"Run", *TABLE_LABELS}]
    return min(playable, key=lambda b: next(i for i, w in enumerate(order) if w in b["label"]))


async def start(discord, user, **options):
    result = await discord.slash("scoundrel new", user, **options)
    assert result.response_type == CHANNEL_MESSAGE and not result.ephemeral
    return result


def room_cards(message) -> list[str]:
    """The room's cards, each on its line beside its move (the picture shows them too, so the
    message's text leaves the room's own line out)."""
    assert "Room" not in stats_line(message)
    return [s["components"][0]["content"].split("**")[1] for s in message.sections]


async def test_a_whole_game_clicked_from_new_to_the_end(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        message = game.message
        assert message.heading == "Scoundrel · Classic"
        assert room_cards(message) == ["3♠", "7♥", "8♣", "2♣"], "the picture shows the room"
        assert fact(message, "Health").endswith("20/20")
        assert "kobold (3♠)" in message.text
        labels = [b["label"] for b in message.buttons]
        assert labels == [  # each move says what it would do
            "Fight 3♠ barehanded · −3 HP",
            "Drink 7♥ · no healing",
            "Fight 8♣ barehanded · −8 HP",
            "Fight 2♣ barehanded · −2 HP",
            "Run",
            HINT,
        ]
        clicks = 0
        while moves_left(message):
            button = cautious(message)
            result = await discord.click(message, button["custom_id"], alice)
            assert result.response_type == UPDATE_MESSAGE and result.message.id == message.id
            message = result.message
            clicks += 1
        footer = footnote(message)
        assert [b["label"] for b in message.buttons] == ["New game", HINDSIGHT, REPLAY, SAME_DEAL]

        record = await discord.bot.store.get_game(1)
        actions = await discord.bot.store.actions(1)
    assert record.status == GameStatus.FINISHED and record.version == clicks == len(actions)
    replay, _ = new_game(SEED)
    for logged in actions:
        replay.apply(0, parse_action(logged.action))  # the log keeps each move's text form
    assert f"· {replay.outcome.value.upper()} · score {replay.score} ·" in footer
    assert message.edits == clicks


async def test_easy_and_hard_variants_and_their_run_button(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        easy = await start(discord, alice, variant="easy")
        assert easy.message.heading == "Scoundrel · Easy"
        run = easy.message.button("Run")
        ran = await discord.click(easy.message, run["custom_id"], alice)
        assert not ran.message.button("Run").get("disabled"), "Easy may run again at once"
        await discord.slash("game abandon", alice)
        hard = await start(discord, alice, variant="hard")
        assert hard.message.button("Run").get("disabled") is True


async def test_buttons_keep_working_after_a_restart(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        first = await discord.click(
            game.message, game.message.button("Drink 7♥")["custom_id"], alice
        )
    async with harness.running(make_bot) as discord:  # a new process on the same database
        fight = first.message.button("Fight 2♣ barehanded")["custom_id"]
        after = await discord.click(first.message, fight, alice)
        assert after.response_type == UPDATE_MESSAGE
        assert fact(after.message, "Health").endswith("18/20")
        assert (await discord.bot.store.get_game(1)).version == 2


async def test_another_users_click_is_refused_and_changes_nothing(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        before = copy.deepcopy(game.message.payload)
        result = await discord.click(game.message, game.message.buttons[0]["custom_id"], bob)
        assert result.ephemeral and "alice's game" in result.content
        assert game.message.payload == before
        assert (await discord.bot.store.get_game(1)).version == 0


async def test_a_stale_button_is_refused(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        old = StoredMessage(
            payload=copy.deepcopy(game.message.payload)
        )  # as a lagging client sees it
        await discord.click(game.message, game.message.button("Drink 7♥")["custom_id"], alice)
        result = await discord.click(old, old.button("Fight 3♠ barehanded")["custom_id"], alice)
        assert result.ephemeral and "out of date" in result.content
        assert (await discord.bot.store.get_game(1)).version == 1
        assert len(await discord.bot.store.actions(1)) == 1


async def test_a_burst_of_stale_clicks_brings_the_table_up_to_date_once(
    harness, make_bot, alice
) -> None:
    """Each is refused; the old message is edited back to the game as it stands by the first
    only, not once per click."""
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        old = StoredMessage(payload=copy.deepcopy(game.message.payload))
        await discord.click(game.message, game.message.button("Drink 7♥")["custom_id"], alice)
        edits_before = _edits_of(discord, game.message.id)
        custom_id = old.button("Fight 3♠ barehanded")["custom_id"]
        results = await asyncio.gather(
            *(discord.click(old, custom_id, alice, settle=False) for _ in range(5))
        )
        await discord.settle()
        assert all("out of date" in _told(r) for r in results)
        assert _edits_of(discord, game.message.id) == edits_before + 1
        assert len(await discord.bot.store.actions(1)) == 1


def _told(result) -> str:
    """What only the clicker reads: the answer, or, for a click acknowledged first because it
    waited behind others, the follow-up."""
    if result.response_type == 6:
        (followup,) = result.followups
        assert followup.ephemeral
        return followup.content
    assert result.ephemeral
    return result.content


def _edits_of(discord, message_id: int) -> int:
    """Edits of a message by the bot's own REST calls (not by interaction answers)."""
    return sum(
        1
        for request in discord.requests
        if request.method == "PATCH" and request.params.get("message_id") == str(message_id)
    )


async def test_two_clicks_at_the_same_time_apply_once(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        custom_id = game.message.button("Drink 7♥")["custom_id"]
        other = game.message.button("Fight 8♣ barehanded")["custom_id"]
        first, second = await asyncio.gather(
            discord.click(game.message, custom_id, alice, settle=False),
            discord.click(game.message, other, alice, settle=False),
        )
        await discord.settle()
        kinds = sorted([first.response_type, second.response_type])
        assert kinds == [CHANNEL_MESSAGE, UPDATE_MESSAGE]
        refused = first if first.response_type == CHANNEL_MESSAGE else second
        assert refused.ephemeral and "out of date" in refused.content
        assert len(await discord.bot.store.actions(1)) == 1


async def test_the_same_button_double_clicked_applies_once(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        custom_id = game.message.button("Drink 7♥")["custom_id"]
        results = await asyncio.gather(
            *(discord.click(game.message, custom_id, alice, settle=False) for _ in range(2))
        )
        await discord.settle()
        assert sorted(r.response_type for r in results) == [CHANNEL_MESSAGE, UPDATE_MESSAGE]
        assert [a.seq for a in await discord.bot.store.actions(1)] == [1]


async def test_forged_custom_ids_get_an_answer_and_change_nothing(
    harness, make_bot, alice, world
) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        before = copy.deepcopy(game.message.payload)
        not_on_message = await discord.click(game.message, "g:1:0:bare:AS", alice, check=False)
        garbage = await discord.click(game.message, "x" * 100, alice, check=False)
        assert not_on_message.ephemeral and "out of date" in not_on_message.content
        assert garbage.ephemeral and "isn't one of mine" in garbage.content
        # A client that shows a forged button: an unknown game, an illegal card, an unknown move.
        forged = StoredMessage(payload=copy.deepcopy(game.message.payload))
        for custom_id in ("g:999:0:run", "g:1:0:drink:AS", "g:1:0:fly", "g:1:0:bare:7H"):
            forged.buttons[0]["custom_id"] = custom_id
            result = await discord.click(forged, custom_id, alice)
            assert result.ephemeral, custom_id
            expected = "no longer exists" if custom_id.startswith("g:999") else "can't do that"
            assert expected in result.content, (custom_id, result.content)
        assert game.message.payload == before
        assert (await discord.bot.store.get_game(1)).version == 0


async def test_a_click_on_a_finished_or_abandoned_game(harness, make_bot, alice, moderator) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        snapshot = StoredMessage(payload=copy.deepcopy(game.message.payload))
        abandoned = await discord.slash("game abandon", moderator)
        assert not abandoned.ephemeral and "Abandoned by mod" in abandoned.content
        assert game.message.buttons == [], "the abandoned game's buttons are removed"
        assert "Abandoned by mod" in game.message.text
        result = await discord.click(snapshot, snapshot.buttons[0]["custom_id"], alice)
        assert result.ephemeral and "abandoned" in result.content
        record = await discord.bot.store.get_game(1)
        assert record.status == GameStatus.ABANDONED and record.version == 1


async def test_a_new_game_in_a_busy_channel_opens_a_thread(
    harness, make_bot, alice, bob, world
) -> None:
    async with harness.running(make_bot) as discord:
        await start(discord, alice)
        second = await discord.slash("scoundrel new", bob)
        assert second.ephemeral
        (thread,) = second.created_threads
        assert thread.mention in second.followup.content
        (posted,) = discord.messages_in(thread)
        assert "bob's table" in footnote(posted)
        click = await discord.click(posted, posted.buttons[0]["custom_id"], bob)
        assert click.response_type == UPDATE_MESSAGE


async def test_resume_reposts_the_game_and_retires_the_old_message(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        nothing = await discord.slash("game resume", alice)
        assert nothing.ephemeral and "no game running" in nothing.content
        game = await start(discord, alice)
        table = game.message.texts
        resumed = await discord.slash("game resume", alice)
        assert not resumed.ephemeral and resumed.message.id != game.message.id
        assert resumed.message.texts == table
        assert game.message.buttons == [] and "moved to a new message" in game.message.text
        click = await discord.click(
            resumed.message, resumed.message.button("Drink 7♥")["custom_id"], alice
        )
        assert click.response_type == UPDATE_MESSAGE
        record = await discord.bot.store.get_game(1)
        assert record.message_id == resumed.message.id


async def test_only_players_or_moderators_resume(harness, make_bot, alice, bob, moderator) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        refused = await discord.slash("game resume", bob)
        assert refused.ephemeral and "Manage Server" in refused.content
        assert game.message.buttons, "a stranger's resume leaves the players' message alone"
        assert (await discord.bot.store.get_game(1)).message_id == game.message.id
        by_moderator = await discord.slash("game resume", moderator)
        assert not by_moderator.ephemeral and game.message.buttons == []
        by_player = await discord.slash("game resume", alice)
        assert not by_player.ephemeral and by_moderator.message.buttons == []


async def test_only_players_or_moderators_abandon(harness, make_bot, alice, bob) -> None:
    async with harness.running(make_bot) as discord:
        await start(discord, alice)
        refused = await discord.slash("game abandon", bob)
        assert refused.ephemeral and "Manage Server" in refused.content
        done = await discord.slash("game abandon", alice)
        assert "Abandoned by alice" in done.content
        again = await discord.slash("game abandon", alice)
        assert again.ephemeral and "no game running" in again.content


async def test_an_idle_game_expires_and_says_so(harness, make_bot, alice, clock) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        snapshot = StoredMessage(payload=copy.deepcopy(game.message.payload))
        clock.advance(minutes=59)
        assert await discord.bot.router.lifecycle.expire_idle() == 0
        clock.advance(minutes=2)
        assert await discord.bot.router.lifecycle.expire_idle() == 1
        assert game.message.buttons == []
        assert "Expired after 1 h without a move" in game.message.text
        late = await discord.click(snapshot, snapshot.buttons[0]["custom_id"], alice)
        assert late.ephemeral and "expired" in late.content
        results = await discord.bot.store.results(1)
        assert [(r.outcome, r.score) for r in results] == [
            ("expired", new_game(SEED)[0].forfeit_score())
        ]


async def test_a_click_on_an_idle_game_expires_it_instead_of_playing(
    harness, make_bot, alice, clock
) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        clock.advance(minutes=120)
        late = await discord.click(game.message, game.message.buttons[0]["custom_id"], alice)
        assert late.ephemeral and "expired" in late.content
        assert (await discord.bot.store.get_game(1)).status == GameStatus.EXPIRED


async def test_new_game_button_starts_another(harness, make_bot, alice, seeds) -> None:
    seeds.append(SEED)
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        await discord.slash("game abandon", alice)
        assert game.message.buttons == []
        fresh = await start(discord, alice)
        # Play to the end, then press New game.
        message = fresh.message
        while moves_left(message):
            message = (await discord.click(message, cautious(message)["custom_id"], alice)).message
        again = await discord.click(message, message.button("New game")["custom_id"], alice)
        assert again.response_type == CHANNEL_MESSAGE and again.message.id != message.id
        assert "· Game #3 ·" in footnote(again.message)


async def test_rules_and_help_answer_privately(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        rules = await discord.slash("rules", alice, game="scoundrel")
        assert rules.ephemeral
        text = json.dumps(rules.embed, ensure_ascii=False)
        for ruling in ["strictly weaker", "first potion you play in a room", "Classic", "Hard"]:
            assert ruling in text
        help_ = await discord.slash("help", alice)
        assert help_.ephemeral and "/scoundrel new" in json.dumps(help_.embed)
        assert "python -m bot" not in json.dumps(help_.embed), "players cannot run the bot"


async def test_a_player_gets_one_thread_per_busy_channel_not_one_per_command(
    harness, make_bot, alice, bob, clock
) -> None:
    async with harness.running(make_bot) as discord:
        await start(discord, alice)
        first = await discord.slash("scoundrel new", bob)
        (thread,) = first.created_threads
        clock.now += 10  # past the moment a fresh game holds back the next
        again = await discord.slash("scoundrel new", bob)
        assert again.ephemeral and again.created_threads == []
        assert f"<#{thread.id}>" in again.content and "/game abandon" in again.content
        other = await discord.slash("dragons new", alice)  # another player: their own thread
        assert len(other.created_threads) == 1
        ended = await discord.slash("game abandon", bob, channel=thread)
        assert "Abandoned" in ended.content
        later = await discord.slash("scoundrel new", bob)  # the old thread's game is over
        assert len(later.created_threads) == 1


async def test_the_table_shows_its_cards_as_a_picture_until_the_game_ends(
    harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        [picture] = game.message.attachments
        assert picture["filename"] == "table.png" and 2_000 < picture["size"] < 60_000
        assert game.message.media_urls == ["attachment://table.png"]
        played = await discord.click(game.message, cautious(game.message)["custom_id"], alice)
        [redrawn] = played.message.attachments
        assert redrawn["id"] != picture["id"], "each move draws the room as it now is"
        done = played.message
        while moves_left(done):
            done = (await discord.click(done, cautious(done)["custom_id"], alice)).message
        assert done.attachments == [] and done.media_urls == []


async def test_two_new_game_commands_at_once_start_one_game(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        first, second = await asyncio.gather(
            discord.slash("scoundrel new", alice, settle=False),
            discord.slash("scoundrel new", alice, settle=False),
        )
        await discord.settle()
        assert sorted([first.ephemeral, second.ephemeral]) == [False, True]
        held = first if first.ephemeral else second
        assert "a moment ago: play it first" in held.content
        assert held.created_threads == [] and await discord.bot.store.get_game(2) is None


async def test_a_second_new_game_at_once_is_held_back_until_the_first_is_played(
    harness, make_bot, alice, clock
) -> None:
    async with harness.running(make_bot) as discord:
        first = await start(discord, alice)
        double = await discord.slash("scoundrel new", alice)
        assert double.ephemeral and double.created_threads == []
        assert "a moment ago: play it first" in double.content
        assert f"<#{first.message.channel_id}>" in double.content
        played = await discord.click(first.message, cautious(first.message)["custom_id"], alice)
        assert played.response_type == UPDATE_MESSAGE
        await discord.slash("game abandon", alice)
        after_a_move = await discord.slash("scoundrel new", alice)
        assert not after_a_move.ephemeral, "a game that was played holds nothing back"
        clock.now += 10  # game 2, unplayed, holds back no more after a few seconds
        later = await discord.slash("dragons new", alice)
        assert len(later.created_threads) == 1


PHONE_TEXT = 600
"""Characters of text a table may show: about one phone screen with its picture."""
PHONE_ROWS = 6
"""Rows of buttons (a section with its button counts as one)."""


def button_rows(message: StoredMessage) -> int:
    return len(message.sections) + sum(1 for c in message.walk_components() if c["type"] == 1)


def assert_fits_a_phone(message: StoredMessage) -> None:
    chars = sum(len(text) for text in message.texts)
    assert chars <= PHONE_TEXT, f"{chars} characters: {message.text}"
    assert button_rows(message) <= PHONE_ROWS


async def test_a_scoundrel_table_is_one_container_that_fits_a_phone(
    harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        message = (await start(discord, alice)).message
        (container,) = message.components
        assert message.components_v2 and container["type"] == 17
        assert message.content == "" and message.embeds == []
        assert message.accent_colour == COLOURS["active"]
        assert message.media_urls == ["attachment://table.png"]
        assert message.attachments[0]["filename"] == "table.png"
        heading, body = message.texts[:2]
        *narration, stats = body.splitlines()
        assert heading == "### Scoundrel · Classic" and 1 <= len(narration) <= 2
        assert stats.split(" · ")[0].startswith("❤️ Health") and len(stats.split(" · ")) == 3
        # Barehanded, each room card has one move: beside its own line, in a section.
        sections = message.sections
        assert [s["components"][0]["content"] for s in sections] == [
            "**3♠** monster",
            "**7♥** potion",
            "**8♣** monster",
            "**2♣** monster",
        ]
        assert [s["accessory"]["label"].split(" · ")[0] for s in sections] == [
            "Fight 3♠ barehanded",
            "Drink 7♥",
            "Fight 8♣ barehanded",
            "Fight 2♣ barehanded",
        ]
        assert_fits_a_phone(message)
        while moves_left(message):
            room = room_cards(message)
            labels = [b["label"] for b in message.buttons]
            assert all(any(card in label for label in labels) for card in room), labels
            assert len(message.texts[1].splitlines()) <= 3, "two lines of the voice, the stats"
            assert_fits_a_phone(message)
            message = (await discord.click(message, cautious(message)["custom_id"], alice)).message
        record = await discord.bot.store.get_game(1)
        assert record.status == GameStatus.FINISHED
        assert message.accent_colour in (COLOURS["won"], COLOURS["lost"])
        assert message.accent_colour != COLOURS["active"] and message.media_urls == []
        assert_fits_a_phone(message)


async def test_an_abandoned_table_turns_grey_and_keeps_its_text(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        game = await start(discord, alice)
        await discord.slash("game abandon", alice)
        assert game.message.components_v2 and game.message.accent_colour == COLOURS["closed"]
        assert game.message.heading == "Scoundrel · Classic" and game.message.buttons == []


async def test_a_barehanded_fight_the_weapon_could_take_is_chosen_from_the_menu(
    harness, make_bot, alice
) -> None:
    """Once the weapon may strike a monster, its button fights with the weapon, and fighting it
    barehanded instead (to keep the weapon for a bigger one) is one menu under the buttons."""
    async with harness.running(make_bot) as discord:
        message = (await start(discord, alice)).message
        for _ in range(40):
            menus = [c for c in message.walk_components() if c.get("type") == 3]
            if menus:
                break
            message = (await discord.click(message, cautious(message)["custom_id"], alice)).message
        (menu,) = menus
        option = menu["options"][0]
        assert option["label"].startswith("Fight") and option["label"].endswith("barehanded")
        card = option["label"].split()[1]
        assert any(b["label"].startswith(f"Fight {card} (weapon)") for b in message.buttons)
        record = await discord.bot.store.get_game(1)
        before = GAMES["scoundrel"].load(record.state)
        result = await discord.select(message, menu["custom_id"], [option["value"]], alice)
        assert result.response_type == UPDATE_MESSAGE
        after = GAMES["scoundrel"].load((await discord.bot.store.get_game(1)).state)
        fought = parse_action(option["value"]).card
        assert after.weapon == before.weapon and after.last_kill == before.last_kill
        assert after.hp == max(0, before.hp - fought.value), "the full blow, barehanded"
