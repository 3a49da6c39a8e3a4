"""A modified client that sends made-up custom_ids: every kind, game, version, action and status.

Used by a test (a few hundred ids) and by `bench/forged_clicks.py` (thousands, with figures).
A forged id is one no button of the bot shows: ids that match a button on a current message (a
table word whatever its version, or a move exactly), and moves legal for the clicker, are not
forgeries and are left out. Each forged click must be answered and must change no game.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field

from bot.games.contract import GameError
from cogs.context import match_of
from cogs.custom_ids import decode
from cogs.router import TABLE_WORDS
from storage import GameStatus
from tests.harness import FakeDiscord, StoredMessage, User, World

KINDS = ["g", "t", "s", "lb", "zz"]
WORDS = [
    *["again", "share", "hand", "do", "accept", "decline", "join", "leave", "start"],
    *["pick", "klass", "run", "weapon", "bare", "drink", "equip", "fight", "face"],
    *["vote", "attack", "defend", "guard", "end", "trade", "drop", "done", "ability", "zz"],
]
ARGS = [None, "9S", "AS", "7H", "JK", "hit", "stay", "0.9C.9D", "@0", "classic", "any_all", "x"]
GAME_IDS = [1, 2, 3, 4, 5, 6, 999, 10**17]


@dataclass
class Tally:
    tried: int = 0
    answered: int = 0
    changed: list[str] = field(default_factory=list)
    new_games: int = 0


async def set_tables(discord: FakeDiscord, world: World) -> dict[str, User]:
    """Six games in every status: active, lobby, challenge, finished, abandoned, active with
    private hands (ids 1 to 6), each in a channel of its own."""
    users = {name: world.add_user(name) for name in ("ann", "ben", "cat", "dan")}
    ann, ben, cat = users["ann"], users["ben"], users["cat"]
    channels = [world.add_channel(f"forge-{n}") for n in range(6)]
    await discord.slash("scoundrel new", ann, channel=channels[0])
    await discord.slash("deuces new", ben, channel=channels[1])
    await discord.slash("dragons challenge", ann, channel=channels[2], opponent=ben)
    await discord.slash("scoundrel new", cat, channel=channels[3])
    store = discord.bot.store
    finished = await store.get_game(4)
    assert finished is not None
    await store.close_game(finished.id, finished.version, GameStatus.FINISHED)
    await discord.slash("scoundrel new", cat, channel=channels[4])
    await discord.slash("game abandon", cat, channel=channels[4])
    lobby = (await discord.slash("deuces new", ben, channel=channels[5])).message
    await discord.click(lobby, lobby.button("Start")["custom_id"], ben)
    return users


def shown_ids(world: World) -> set[tuple[str, int, str, str | None]]:
    """Every button and select the bot shows now: (kind, game, action, arg)."""
    shown = set()
    for message in world.messages.values():
        for custom_id in message.custom_ids:
            custom = decode(custom_id)
            if custom is not None:
                shown.add((custom.kind, custom.game_id, custom.action, custom.arg))
    return shown


async def snapshot(discord: FakeDiscord) -> dict[int, tuple[int, str, str]]:
    games = {}
    for game_id in range(1, 12):
        record = await discord.bot.store.get_game(game_id)
        if record is not None:
            games[game_id] = (record.version, record.status.value, record.state)
    return games


async def legal_for(discord: FakeDiscord, game_id: int, user: User, text: str) -> bool:
    record = await discord.bot.store.get_game(game_id)
    seat = record.seat_of(user.id) if record else None
    if record is None or seat is None or record.status != GameStatus.ACTIVE:
        return False
    try:
        return text in match_of(record).legal(seat)
    except GameError:
        return False


@dataclass(frozen=True)
class Forgery:
    """One made-up interaction: a custom_id's parts (the version relative to the game's) and
    which of the four users sends it."""

    kind: str
    game_id: int
    version_shift: int
    word: str
    arg: str | None
    user: int


def random_forgery(rng: random.Random) -> Forgery:
    return Forgery(
        kind=rng.choice(KINDS),
        game_id=rng.choice(GAME_IDS),
        version_shift=rng.choice([-1, 0, 0, 1, 5]),
        word=rng.choice(WORDS),
        arg=rng.choice(ARGS),
        user=rng.randrange(4),
    )


class Forger:
    """Games in every status, and a modified client showing a game message's buttons and a
    lobby's select, whose ids it replaces before sending."""

    def __init__(self, discord: FakeDiscord, world: World, users: dict[str, User]) -> None:
        self.discord, self.world, self.users = discord, world, list(users.values())
        messages = list(world.messages.values())
        self.carrier = copy.deepcopy(next(m for m in messages if m.buttons).payload)
        lobby = next(m for m in messages if any("klass" in c for c in m.custom_ids))
        self.lobby = copy.deepcopy(lobby.payload)
        self.tally = Tally()

    @classmethod
    async def at_tables(cls, discord: FakeDiscord, world: World) -> Forger:
        return cls(discord, world, await set_tables(discord, world))

    async def send(self, forgery: Forgery) -> bool:
        """Send it, unless it is no forgery (a button the bot shows, or a legal move of the
        sender's); False when it was left out."""
        kind, game_id, word, arg = forgery.kind, forgery.game_id, forgery.word, forgery.arg
        store = self.discord.bot.store
        record = await store.get_game(game_id) if game_id < 1000 else None
        version = max(0, (record.version if record else 0) + forgery.version_shift)
        custom_id = ":".join([kind, str(game_id), str(version), word, *([arg] if arg else [])])
        user = self.users[forgery.user]
        shown = shown_ids(self.world)
        table_word = kind == "t" or (kind == "g" and word in TABLE_WORDS)
        if (kind, game_id, word, arg) in shown or (
            table_word and ("t", game_id, word) in {s[:3] for s in shown}
        ):
            return False  # a button the bot really shows (old ids of table words included)
        move = f"{word}.{arg}" if arg else word
        if kind == "g" and await legal_for(self.discord, game_id, user, move):
            return False  # a legal move of the sender's own, as their hand would offer it
        before = await snapshot(self.discord)
        if kind == "s":
            forged = StoredMessage(payload=copy.deepcopy(self.lobby))
            forged.payload["components"][1]["components"][0]["custom_id"] = custom_id
            result = await self.discord.select(forged, custom_id, ["0.9S"], user, check=False)
        else:
            forged = StoredMessage(payload=copy.deepcopy(self.carrier))
            forged.buttons[0]["custom_id"] = custom_id
            result = await self.discord.click(forged, custom_id, user, check=False)
        after = await snapshot(self.discord)
        self.tally.tried += 1
        self.tally.answered += result.acknowledged
        self.tally.new_games += len(set(after) - set(before))
        for game, was in before.items():
            if after.get(game) != was:
                self.tally.changed.append(f"{custom_id} by {user.name}: game {game} changed")
        return True


async def forge(discord: FakeDiscord, world: World, count: int, rng: random.Random) -> Tally:
    """`count` random forgeries against games in every status."""
    forger = await Forger.at_tables(discord, world)
    while forger.tally.tried < count:
        await forger.send(random_forgery(rng))
    return forger.tally
