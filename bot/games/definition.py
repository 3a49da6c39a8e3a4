"""A game as the rest of the bot knows it: what it is (data), and one typed way to play it.

`GameInfo` is everything the Discord layer, the help, the boards and the terminal derive from:
title, seats, variants, settings, and the capabilities the game declares (a challenge, a lobby,
a daily deal, private hands, a turn timer). `Game[S, A]` ties a state type and an action type to
their voice, views and rules page. `Match` is one game in play, which the layers outside speak to
in action texts and view models only, so they never see a game's types; `GameMatch[S, A]` is the
typed game behind it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, Field, model_validator

from bot.games.contract import Action, Event, GameState, IllegalAction, SeatResult, Setup
from bot.games.views import Control, HandView, RulesPage, TableView


class SeatRange(BaseModel, frozen=True):
    min: int = Field(default=1, ge=1)
    max: int = Field(default=1, ge=1)


class Variant(BaseModel, frozen=True):
    key: str
    label: str
    """How a choice shows it ("Classic (ranked): no running twice in a row")."""
    seats: SeatRange = SeatRange()
    rated: bool = False
    """Head-to-head games of this variant move the players' ratings."""


class NumberSetting(BaseModel, frozen=True):
    """A whole number a player may set when starting (a level, say), or one of a few named
    values (`choices`), which Discord then offers as a list."""

    name: str
    description: str
    minimum: int
    maximum: int
    default: int
    choices: list[tuple[str, int]] = []
    """(what players read, value) of each value on offer; empty for a plain number."""

    def shown(self, value: int) -> str | None:
        """The setting as a lobby's title tells it ("level 3", "Salt Marsh"); a choice left
        at its default goes untold."""
        if not self.choices:
            return f"{self.name} {value:+d}" if self.minimum < 0 else f"{self.name} {value}"
        if value == self.default:
            return None
        return next((label for label, number in self.choices if number == value), None)


class Challenge(BaseModel, frozen=True):
    """One player invites another by name to a variant for two."""

    variant: str
    description: str
    opponent_description: str = "Who you challenge; they accept or decline with a button"
    against_bot: bool = False
    """`new` starts the variant against the bot (the game's `bot_action`) instead."""
    command: str = Field(default="challenge", pattern=r"^[a-z][a-z0-9_-]{0,31}$")
    """The subcommand that issues it (`/<game> challenge opponent:`, `/deuces duel opponent:`)."""
    heroes: int = Field(default=1, ge=1, le=3)
    """How many seats each of the two people holds (a duel of two heroes a side: 2); the
    challenger's come first."""


class Tutorial(BaseModel, frozen=True):
    """A guided first game: `/<game> tutorial` starts this variant alone, at once, and /help
    suggests it to a player until they have finished it."""

    variant: str
    description: str


class PickList(BaseModel, frozen=True):
    """One choice each player makes in a lobby: a class, an ability."""

    key: str
    """The name the game reads the choice by, in `Setup.picks`."""
    placeholder: str
    options: list[tuple[str, str, str]]
    """(id, name, description) of each option, in the order shown."""
    by_seat: bool = True
    """A player who chooses nothing gets the option at their seat's place (so a party is
    mixed by default); otherwise the game's seed chooses for them."""


class Lobby(BaseModel, frozen=True):
    """Players join a table, each makes the choices the game offers, and the host starts."""

    blurb: str
    choices: list[PickList] = []
    heroes: int = Field(default=1, ge=1, le=3)
    """How many seats one person may hold: choosing that many options of the first menu
    (classes, say) runs that many heroes, one seat each."""
    bots: bool = False
    """The host may fill seats with bot players, which the game's `bot_action` plays."""


class Daily(BaseModel, frozen=True):
    """One deal a day for everyone, one attempt each, of one variant."""

    variant: str
    description: str
    name: str = "daily deal"
    """What players call it ("the daily dungeon of 2026-11-22")."""
    won: str = "won"
    lost: str = "lost"
    """How the shared result says the attempt ended ("escaped", "fell in")."""


class Board(BaseModel, frozen=True):
    """One board a server can look at: which results it ranks, and how."""

    key: str = Field(pattern=r"^[a-z][a-z0-9-]{0,15}$")
    """Short and plain: a page button carries it in its custom_id."""
    title: str
    game: str
    """The game whose results it ranks, or (rated) the rating pool."""
    variants: list[str] = []
    default_variant: str | None = None
    daily: bool = False
    rated: bool = False
    unit: str = "score"
    tiebreak: str | None = None
    """What the board calls a result's tiebreak, a count that ranks equal scores fewer first
    ("fall": level 4 with 1 fall ranks above level 4 with 2); None where results have none."""

    def told(self, score: float, tiebreak: int = 0) -> str:
        """A result as this board counts it: "12", "1204" (a rating, whole: its decimals are
        noise), "4 · 1 fall"."""
        text = f"{round(score)}" if self.unit == "rating" else f"{score:g}"
        if self.tiebreak is None:
            return text
        return f"{text} · {tiebreak} {self.tiebreak}" + ("" if tiebreak == 1 else "s")


RESERVED_KEYS = {"game", "help", "rules", "leaderboard", "stats", "history", "replay"}
"""Commands of the bot itself, which no game may be called."""


class GameInfo(BaseModel, frozen=True):
    key: str = Field(pattern=r"^[a-z][a-z0-9_-]{0,31}$")
    """Its slash command group's name, its key in the registry and on results."""
    title: str
    description: str
    """One line: the command group's description and the game's line in /help."""
    new_description: str
    seats: SeatRange = SeatRange()
    variants: list[Variant]
    default_variant: str
    variant_option: str = "variant"
    """The name of the `new` command's variant option (Deuces calls its variants modes)."""
    variant_description: str = "Which variant"
    settings: list[NumberSetting] = []
    challenge: Challenge | None = None
    lobby: Lobby | None = None
    daily: Daily | None = None
    tutorial: Tutorial | None = None
    turn_timer: bool = False
    """A seat that keeps the table waiting is answered for (the game's `time_out`)."""
    private_hands: bool = False
    """Each seat plays from a hand only it sees (the game's `hand`)."""
    boards: list[Board] = []
    seats_may_leave: bool = False
    """A player who gives up leaves a game of several that goes on without them (the
    state's `leave`), instead of ending it for everyone."""
    hints: bool = False
    """A player alone at the table may ask for a hint (the game's `advise`), where the table
    offers hints at all (`offers_hints`); a game played with one is not ranked."""
    solver: bool = False
    """A finished deal of a player alone can be solved with its deck known (the game's
    `hindsight`): could it have been won? A daily deal is one the solver can win."""

    @model_validator(mode="after")
    def _consistent(self) -> GameInfo:
        """Facts that would break a command, a button or a route if they disagreed."""
        if self.key in RESERVED_KEYS:
            raise ValueError(f"a game cannot be called {self.key!r}: the bot has that command")
        if self.lobby is not None and self.challenge is not None and self.challenge.against_bot:
            raise ValueError("a game with a lobby seats its bots there, not by a challenge")
        keys = [variant.key for variant in self.variants]
        if self.default_variant not in keys:
            raise ValueError(f"the default variant {self.default_variant!r} is not a variant")
        if self.tutorial is not None and self.variant(self.tutorial.variant).seats.min != 1:
            raise ValueError("a tutorial is a variant played alone")
        return self

    def variant(self, key: str | None) -> Variant:
        """The named variant (the default for None); a ValueError names the ones there are."""
        chosen = key or self.default_variant
        for variant in self.variants:
            if variant.key == chosen:
                return variant
        known = ", ".join(v.key for v in self.variants)
        raise ValueError(f"{self.title} has no variant {key!r}: {known}")

    def check(self, setup: Setup) -> None:
        """A ValueError, in words a player reads, for a setup this game does not offer: an
        unknown variant, a number of players out of its range, a setting out of bounds."""
        variant = self.variant(setup.variant)
        seats = variant.seats
        if not seats.min <= setup.seats <= seats.max:
            players = f"{seats.min}" if seats.min == seats.max else f"{seats.min} to {seats.max}"
            noun = "player" if seats.max == 1 else "players"
            raise ValueError(f"{self.title} ({variant.key}) is for {players} {noun}")
        known = {setting.name: setting for setting in self.settings}
        for name, value in setup.settings.items():
            setting = known.get(name)
            if setting is None:
                raise ValueError(f"{self.title} has no setting {name!r}")
            if not setting.minimum <= value <= setting.maximum:
                raise ValueError(
                    f"{name} must be from {setting.minimum} to {setting.maximum} (got {value})"
                )

    @property
    def bot_players(self) -> bool:
        """Whether the bot can play some of its seats (a lobby's bots, a duel against it)."""
        lobby_bots = self.lobby is not None and self.lobby.bots
        return lobby_bots or (self.challenge is not None and self.challenge.against_bot)

    def is_challenge(self, variant: str | None) -> bool:
        """Whether games of this variant are gathered by a challenge (not a lobby, not alone)."""
        return self.challenge is not None and self.variant(variant).key == self.challenge.variant

    def board_of(self, variant: str | None) -> Board | None:
        """The board a finished game of this variant is ranked on (not a rating's)."""
        key = self.variant(variant).key
        return next(
            (
                b
                for b in self.boards
                if b.game == self.key and (not b.variants or key in b.variants)
            ),
            None,
        )

    def offers_hints(self, variant: str | None, people: int) -> bool:
        """Whether a table of this variant, with this many people at it (bot seats aside),
        offers hints of any kind: a game rated between people offers none (a duel, a table
        of several rated players), so no rating is ever moved by the bot's advice. Every
        other table may ask, and a game played with a hint is kept off the boards."""
        return not (self.variant(variant).rated and people >= 2)

    def rating_pool(self, variant: str | None) -> str | None:
        """Where a variant's games move ratings, if they do."""
        return f"{self.key}-{self.variant(variant).key}" if self.variant(variant).rated else None

    @property
    def new_variants(self) -> list[Variant]:
        """The variants `new` offers: every one a lobby can seat (a challenge's is issued by
        its own command), else those played alone."""
        tutorial = self.tutorial.variant if self.tutorial else None
        if self.lobby is not None:
            return [v for v in self.variants if not self.is_challenge(v.key) and v.key != tutorial]
        against_bot = (
            self.challenge.variant if self.challenge and self.challenge.against_bot else None
        )
        return [
            v
            for v in self.variants
            if (v.seats.min == 1 or v.key == against_bot) and v.key != tutorial
        ]


@dataclass(frozen=True, slots=True)
class Hint:
    """A move suggested from what the player can see, and why, in one line."""

    action: str
    """Its text form, as a button would carry it."""
    label: str
    reason: str


def with_hint(controls: list[Control], hint: Control) -> list[Control]:
    """The plays led by the hint, marked as such: pressing it is taking a hint. A play that
    does what the hint does stays offered as the player's own, so a move chosen by hand never
    counts as one; where the game named the hint as that very play (its cards were picked),
    the play alone is shown."""
    if any(c.action == hint.action and c.label == hint.label for c in controls):
        return controls
    return [hint.model_copy(update={"hint": True, "style": "success"}), *controls]


@dataclass(frozen=True, slots=True)
class LinePart:
    """A stretch of a solved line told together, so that a line of forty moves reads as a
    dozen rooms: where it is played ("Room 2") and its moves' labels, in order."""

    where: str
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Hindsight:
    """A deal solved with its whole deck known: its best score and a line that reaches it, and
    where a player's line let the win go, or the best score."""

    winnable: bool
    best_score: int
    best_exact: bool = True
    """False when the search for the best score was cut short: the best is at least this."""
    lost_at: str | None = None
    """The move after which no line could win any more ("Room 4: Fight Q♠ barehanded"); None
    when the player won, or when the deal was never winnable."""
    instead: str | None = None
    """A move at that point that kept the win."""
    lost_move: int | None = None
    """Where `lost_at` is in the player's line: the index of that move among the moves
    (0 for the first), so a replay can go to it; None with `lost_at`."""
    best_line: tuple[LinePart, ...] = ()
    """A line from the deal's start that reaches `best_score`, grouped by room; empty when the
    best score is not known."""
    dropped_at: str | None = None
    """The first move after which the best score still within reach was below the deal's
    ("Room 5: Drink 4♥"). None when the player's line kept the best to the end, when the best
    is not exactly known, or when the search ran out before it could prove where it fell."""
    dropped_move: int | None = None
    """Where `dropped_at` is in the player's line (0 for the first move); None with it."""
    best_before: int | None = None
    """The best score within reach just before `dropped_at`: the deal's own best."""
    best_after: int | None = None
    """The best score within reach just after `dropped_at`."""
    kept_by: str | None = None
    """A move at `dropped_at`'s position that kept `best_before` within reach."""
    kept_past: str | None = None
    """Where the search for `dropped_at` ran out of budget: the latest move of the player's
    line after which the best was proved still within reach (None if none past the first)."""


# A state's action type is its own type parameter, which a TypeVar's bound cannot name (there
# are no higher-kinded types): the bound leaves it open, and `Game[S, A]` pairs the two, as
# every game declares (`Game[ScoundrelState, ScoundrelAction]`).
S = TypeVar("S", bound="GameState[Any]")
A = TypeVar("A", bound=Action)


class GameEntry(ABC):
    """What the registry holds: a game's facts, and how to start or reload one of its games."""

    info: GameInfo
    rules: RulesPage

    @abstractmethod
    def start(self, seed: int, setup: Setup) -> tuple[Match, Sequence[Event]]: ...

    @abstractmethod
    def resume(self, state_json: str | bytes) -> Match: ...


class Game(GameEntry, Generic[S, A]):
    """One game, typed: its state and action types, its voice, its views and its rules page."""

    state_type: type[S]

    @abstractmethod
    def new_game(self, seed: int, setup: Setup) -> tuple[S, Sequence[Event]]:
        """Deal a game from the seed: every shuffle comes from it, nothing else."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """An action from its text form; a GameError for anything that names none."""

    @abstractmethod
    def label(self, state: S, seat: int, action: A, names: Sequence[str] = ()) -> str:
        """How a button or the terminal names an action ("Fight 9♣ (weapon)", "Attack Bo");
        `names` are the players' by seat, where the caller knows them."""

    @abstractmethod
    def narrate(
        self, events: Sequence[Event], before: S | None, after: S, names: list[str]
    ) -> list[str]:
        """The voice (the Dealer, the GM) telling one move's events; `before` is the state the
        move started from (None for the deal), `after` the state it left."""

    @abstractmethod
    def table(self, state: S, names: list[str]) -> TableView:
        """The public table, with a control for every play the channel's message offers."""

    def key(self, state: S, seat: int, action: A) -> str | None:
        """A short name the terminal offers for a legal action ("a", "a!", "r"), one that keeps
        meaning the same move for as long as what it plays stays on the table (a room card's
        place, not its rank in the list), so a player who types what they just read never
        plays another move. Lowercase letters, then at most a "!"; never "h" or "q" (the
        terminal's hint and quit) and unique among the seat's legal actions. None, the
        default, leaves the action numbered in the list."""
        return None

    def hand(
        self, state: S, seat: int, picked: list[str], names: Sequence[str] = ()
    ) -> HandView | None:
        """A seat's private view, with the plays made of the picked cards (`private_hands`);
        `names` are the players' by seat, so a play can name whom it targets. A suggested move
        goes in the view's `hint`, never among its plays: whether it is shown is the table's
        to say (`Match.hand`)."""
        return None

    def suggest(self, state: S, seat: int) -> A | None:
        """A sensible legal move, offered as a hint; None where the game gives none."""
        return None

    def advise(self, state: S, seat: int) -> Hint | None:
        """A hint worked out from what the seat can see, with its reason (`info.hints`). It
        may take tens of milliseconds: the bot asks for it off the event loop, on demand."""
        return None

    def hindsight(self, start: S, moves: Sequence[str]) -> Hindsight | None:
        """The deal `start` solved with its deck known (its best score and a line to it), and
        the first of `moves` (the player's line from it) after which it could no longer be won,
        and after which its best score was out of reach (`info.solver`). None where the game
        has no solver, or its search ran out of budget before it could tell."""
        return None

    def can_win(self, start: S) -> bool | None:
        """Whether the deal `start` can be won with its deck known (`info.solver`): the quick
        half of `hindsight`, without the best score or a line. None where the game has no
        solver, or its search ran out of budget before it could tell."""
        return None

    def bot_action(self, state: S, seat: int) -> A | None:
        """The move a bot player makes for a seat the game waits on (`Lobby.bots`): legal,
        decided from what that seat can see, and the same for the same state."""
        return None

    def typed_action(self, state: S, seat: int, text: str) -> A | None:
        """A move as a person types it in the terminal, read against the table (cards in any
        order, players by the numbers the table shows), legal or not; None, the default, where
        the text is not one the game reads (the terminal then reads it its own way)."""
        return None

    def settings_of(self, state: S) -> dict[str, int]:
        """The settings a game was started with, so "New game" starts the same again."""
        return {}

    def picks_of(self, state: S) -> list[dict[str, str]]:
        """The lobby's picks the game was dealt with, by seat (`Setup.picks`), read back from
        its state, so the same deal can be dealt again to replay it. Empty, the default, for
        a game whose deal no pick changes."""
        return []

    def sealed(self, state: S, seat: int) -> bool:
        """Whether the seat now answers a sealed choice that several seats make at once, one
        the others' answers leave as it was (what the seat sees and may choose): then a click
        from a hand shown before their answers still plays, as nothing it was chosen from has
        changed. False, the default, for every other moment."""
        return False

    reads_before: ClassVar[bool] = True
    """Whether `narrate` looks at the state before the move. A game whose voice never does
    spares every move a copy of its state."""

    def load(self, state_json: str | bytes) -> S:
        return self.state_type.model_validate_json(state_json)

    def start(self, seed: int, setup: Setup) -> tuple[Match, Sequence[Event]]:
        """A new game in play; an IllegalAction for a setup the game does not offer."""
        try:
            self.info.check(setup)
        except ValueError as error:
            raise IllegalAction(str(error)) from error
        state, events = self.new_game(seed, setup)
        return GameMatch(self, state), events

    def resume(self, state_json: str | bytes) -> Match:
        return GameMatch(self, self.load(state_json))

    def rules_of(self, state: S) -> RulesPage:
        """The page that teaches the game being played: its mode's own, where the game has a
        page per mode (`RulesPage.pages`), else the game's."""
        return self.rules


class Match(ABC):
    """One game in play, as everything outside the game's folder holds it.

    The Discord layer and the terminal hold only Matches. They name actions by their text form
    and read views, so nothing outside a game's folder depends on its types, and no caller
    names a game's state or action type: `GameMatch` is the typed game behind this face.
    """

    @property
    @abstractmethod
    def info(self) -> GameInfo: ...

    @property
    @abstractmethod
    def rules(self) -> RulesPage: ...

    @property
    @abstractmethod
    def page(self) -> RulesPage:
        """The rules page of this game as it is set up (`Game.rules_of`): the one to read
        while playing it."""

    @property
    @abstractmethod
    def reads_before(self) -> bool:
        """Whether narrating a move reads the table before it (`Game.reads_before`)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def turn(self) -> int: ...

    @abstractmethod
    def dump(self) -> str: ...

    @abstractmethod
    def snapshot(self) -> Match:
        """A copy of the table as it is."""

    def before_move(self) -> Match | None:
        """What narrating a move needs of the table before it: a copy if the game's voice reads
        it (`Game.reads_before`), else nothing."""
        return self.snapshot() if self.reads_before else None

    @abstractmethod
    def acting(self) -> list[int]: ...

    @abstractmethod
    def legal(self, seat: int) -> list[str]: ...

    @abstractmethod
    def labelled(
        self, seat: int, names: Sequence[str] = (), hints: bool = True
    ) -> tuple[list[tuple[str, str]], str | None]:
        """Every legal action of a seat as (text, label), in the game's own order (so a move
        keeps its place from one screen to the next), and the hint's text where the game
        gives one: the hint is worked out once."""

    @abstractmethod
    def keys(self, seat: int) -> dict[str, str]:
        """The key of each legal action of a seat that has one (`Game.key`), by its text."""

    @abstractmethod
    def play(self, seat: int, text: str) -> Sequence[Event]:
        """Play an action named by its text form; a GameError (the state unchanged) if it is
        unreadable, not this seat's to play, or illegal now."""

    def typed(self, seat: int, text: str) -> str | None:
        """The text form of the move a person typed, where the game reads typed moves
        (`Game.typed_action`); None where it leaves the text to the terminal. A GameError says
        what is wrong with a text that names cards but no one move."""
        return None

    @abstractmethod
    def time_out(self, seat: int) -> tuple[str, Sequence[Event]]:
        """Play the rules' move for a seat that kept the table waiting: its text and events."""

    @abstractmethod
    def narrate(self, events: Sequence[Event], before: Match | None, names: list[str]) -> list[str]:
        """The voice telling one move's events; `before` is this game's table before the move
        (`before_move`, or the same game loaded again), None for the deal."""

    @abstractmethod
    def table(self, names: list[str]) -> TableView: ...

    @abstractmethod
    def hand(
        self, seat: int, picked: list[str], names: Sequence[str] = (), hints: bool = True
    ) -> HandView | None:
        """A seat's private view; the game's hint leads its plays only where `hints`."""

    @abstractmethod
    def results(self) -> list[SeatResult]: ...

    @abstractmethod
    def forfeits(self, forfeiters: set[int], outcome: str) -> list[SeatResult]: ...

    @abstractmethod
    def still_playing(self, seat: int) -> bool: ...

    @abstractmethod
    def settings(self) -> dict[str, int]: ...

    @abstractmethod
    def setup(self, variant: str, seats: int) -> Setup:
        """What this game was dealt from besides its seed (its settings and lobby picks, read
        back from the state), to deal it again: a replay starts there."""

    @abstractmethod
    def sealed(self, seat: int) -> bool:
        """The seat answers a sealed choice that others' answers leave as it was."""

    @abstractmethod
    def bot_move(self, seat: int) -> str | None:
        """The text of the move a bot player makes for `seat` now, if the game has bots."""

    @abstractmethod
    def leave(self, seat: int) -> Sequence[Event]:
        """A seat leaves a game that goes on without it (`GameInfo.seats_may_leave`)."""

    @abstractmethod
    def advise(self, seat: int) -> Hint | None: ...

    @abstractmethod
    def hindsight(self, setup: Setup, moves: Sequence[str]) -> Hindsight | None:
        """This game's deal, dealt again from its seed and `setup`, solved, with the moves
        played in it."""

    @abstractmethod
    def can_win(self, setup: Setup) -> bool | None:
        """Whether this game's deal, dealt again from its seed and `setup`, can be won."""


class GameMatch(Match, Generic[S, A]):
    """A `Match` with its game's types: the state, and the game that knows it."""

    def __init__(self, game: Game[S, A], state: S) -> None:
        self.game = game
        self.state = state

    @property
    def info(self) -> GameInfo:
        return self.game.info

    @property
    def rules(self) -> RulesPage:
        return self.game.rules

    @property
    def page(self) -> RulesPage:
        return self.game.rules_of(self.state)

    @property
    def reads_before(self) -> bool:
        return self.game.reads_before

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def turn(self) -> int:
        return self.state.turn

    def dump(self) -> str:
        return self.state.model_dump_json()

    def snapshot(self) -> GameMatch[S, A]:
        """Read back from JSON, which is several times faster than a deep copy of the model."""
        return GameMatch(self.game, self.game.load(self.dump()))

    def acting(self) -> list[int]:
        return self.state.acting()

    def _actions(self, seat: int) -> list[A]:
        return self.state.legal_actions(seat)

    def legal(self, seat: int) -> list[str]:
        return [str(action) for action in self._actions(seat)]

    def labelled(
        self, seat: int, names: Sequence[str] = (), hints: bool = True
    ) -> tuple[list[tuple[str, str]], str | None]:
        """Every legal action of a seat as (text, label), in the game's own order (so a move
        keeps its place from one screen to the next), and the hint's text where the game
        gives one and the table offers hints (`GameInfo.offers_hints`): the hint is worked out
        once."""
        actions = self._actions(seat)
        hint = self.game.suggest(self.state, seat) if actions and hints else None
        label = self.game.label
        moves = [(str(action), label(self.state, seat, action, names)) for action in actions]
        # The listed move equal to the hint, whose text may order the same cards differently.
        hinted = next((m for m, action in zip(moves, actions, strict=True) if action == hint), None)
        return moves, hinted[0] if hinted is not None else None

    def keys(self, seat: int) -> dict[str, str]:
        keys = {str(a): self.game.key(self.state, seat, a) for a in self._actions(seat)}
        return {text: key for text, key in keys.items() if key is not None}

    def play(self, seat: int, text: str) -> Sequence[Event]:
        return self.state.apply(seat, self.game.parse_action(text))

    def typed(self, seat: int, text: str) -> str | None:
        action = self.game.typed_action(self.state, seat, text)
        return str(action) if action is not None else None

    def time_out(self, seat: int) -> tuple[str, Sequence[Event]]:
        action: A | None = self.state.timeout_action(seat)
        if action is None:
            raise IllegalAction("this game has no turn timer")
        return str(action), self.state.apply(seat, action)

    def narrate(self, events: Sequence[Event], before: Match | None, names: list[str]) -> list[str]:
        return self.game.narrate(events, self._state_of(before), self.state, names)

    def _state_of(self, other: Match | None) -> S | None:
        """The state of a table of this same game, as `narrate` is given it."""
        if other is None:
            return None
        if not isinstance(other, GameMatch) or other.info.key != self.info.key:
            raise TypeError("a move is narrated from a table of its own game")
        # Callers pass this game's table before the move (`before_move`, or the same record
        # loaded again), so its state is of this game's state type: a fact about where the
        # table came from, which the erased `Match` they hold cannot carry.
        return cast("GameMatch[S, A]", other).state

    def table(self, names: list[str]) -> TableView:
        return self.game.table(self.state, names)

    def hand(
        self, seat: int, picked: list[str], names: Sequence[str] = (), hints: bool = True
    ) -> HandView | None:
        """A seat's private view. Where the table offers hints (`GameInfo.offers_hints`), the
        game's hint leads its plays, marked as the hint; where it does not, the hint is left
        out and the plays stay as they are."""
        hand = self.game.hand(self.state, seat, picked, names)
        if hand is None or hand.hint is None:
            return hand
        hint, hand.hint = hand.hint, None
        if hints:
            hand.controls = with_hint(hand.controls, hint)
        return hand

    def results(self) -> list[SeatResult]:
        return self.state.results()

    def forfeits(self, forfeiters: set[int], outcome: str) -> list[SeatResult]:
        return self.state.forfeits(forfeiters, outcome)

    def still_playing(self, seat: int) -> bool:
        return self.state.still_playing(seat)

    def settings(self) -> dict[str, int]:
        return self.game.settings_of(self.state)

    def setup(self, variant: str, seats: int) -> Setup:
        picks = self.game.picks_of(self.state)
        return Setup(variant=variant, seats=seats, settings=self.settings(), picks=picks)

    def sealed(self, seat: int) -> bool:
        return seat in self.acting() and self.game.sealed(self.state, seat)

    def bot_move(self, seat: int) -> str | None:
        action = self.game.bot_action(self.state, seat)
        return str(action) if action is not None else None

    def leave(self, seat: int) -> Sequence[Event]:
        return self.state.leave(seat)

    def advise(self, seat: int) -> Hint | None:
        return self.game.advise(self.state, seat) if not self.is_over else None

    def hindsight(self, setup: Setup, moves: Sequence[str]) -> Hindsight | None:
        start, _ = self.game.new_game(self.state.seed, setup)
        return self.game.hindsight(start, moves)

    def can_win(self, setup: Setup) -> bool | None:
        start, _ = self.game.new_game(self.state.seed, setup)
        return self.game.can_win(start)
