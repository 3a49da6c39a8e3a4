"""Dungeons & Deuces as the bot hosts it: a lobby, private hands, a timer and the GM's voice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.games.contract import Event, IllegalAction, Setup, seeded_rng
from bot.games.definition import (
    Board,
    Challenge,
    Game,
    GameInfo,
    Lobby,
    NumberSetting,
    PickList,
    SeatRange,
    Tutorial,
    Variant,
)
from bot.games.deuces.actions import DeucesAction, parse_action
from bot.games.deuces.autoplay import suggest
from bot.games.deuces.content import ClassDef, describe, load_content
from bot.games.deuces.engine import DeucesState, new_game
from bot.games.deuces.modes import catalogue as catalogue  # every mode registers itself
from bot.games.deuces.modes.duel.flow import SEATS as DUEL_SEATS
from bot.games.deuces.modes.masters.flow import MIN_SEATS as MASTERS_SEATS
from bot.games.deuces.modes.registry import mode_of
from bot.games.deuces.rules import DEUCES_RULES
from bot.games.deuces.state import (
    HEROES_PER_SIDE,
    LOOT_LIMIT,
    MAX_LEVEL,
    MAX_PLAYERS,
    DeucesOptions,
    Mode,
    SeatChoice,
)
from bot.games.deuces.table import deuces_hand, deuces_table, label
from bot.games.deuces.voice import narrate
from bot.games.views import HandView, RulesPage, TableView

PARTY = SeatRange(min=1, max=MAX_PLAYERS)
CONTENT = load_content()
CLASS_PICK, CUSTOM_PICK = "class", "custom"
HEROES = 3
STARTING_CHIPS = DeucesOptions().chips
"""Classes one person may run at once (the rules suggest it for small groups)."""


def class_summary(klass: ClassDef) -> str:
    """What a class brings at level 1, for the lobby's menu: its ability and what it does
    (Discord shows the first 100 characters)."""
    return "; ".join(f"{a.name}: {describe(a)}" for a in klass.abilities_at(1))


INFO = GameInfo(
    key="deuces",
    title="Dungeons & Deuces",
    description="Dungeons & Deuces: a party of 1-5 against encounters the GM draws",
    new_description="Open a Dungeons & Deuces table: players join, then start",
    seats=PARTY,
    variants=[
        Variant(key=Mode.ENCOUNTER.value, label="One encounter", seats=PARTY),
        Variant(key=Mode.QUEST_BEGINNER.value, label="Quest for Power (beginner)", seats=PARTY),
        Variant(key=Mode.QUEST_HARDCORE.value, label="Quest for Power (hardcore)", seats=PARTY),
        Variant(
            key=Mode.LOOT.value, label="Quest for Loot (wager chips against the GM)", seats=PARTY
        ),
        Variant(
            key=Mode.MASTERS.value,
            label="Masters & Monsters (play the enemies, first to X Epic loot)",
            seats=SeatRange(min=MASTERS_SEATS, max=MAX_PLAYERS),
            rated=True,
        ),
        Variant(
            key=Mode.QUEST.value,
            label="Traditional Quest (explore a mapped dungeon to its last fight)",
            seats=PARTY,
        ),
        Variant(
            key=Mode.DUEL.value,
            label="Duel of the Duos (two heroes each, best of five)",
            seats=SeatRange(min=DUEL_SEATS, max=DUEL_SEATS),
            rated=True,
        ),
        Variant(
            key=Mode.TUTORIAL.value,
            label="Tutorial (a guided first encounter)",
            seats=SeatRange(min=1, max=1),
        ),
    ],
    tutorial=Tutorial(
        variant=Mode.TUTORIAL.value,
        description="A guided first encounter: a coach says what to play and why, move by move",
    ),
    challenge=Challenge(
        variant=Mode.DUEL.value,
        command="duel",
        heroes=HEROES_PER_SIDE,
        description="Challenge someone to a Duel of the Duos: two heroes each, best of five",
    ),
    default_variant=Mode.ENCOUNTER.value,
    variant_option="mode",
    variant_description="What to play",
    settings=[
        NumberSetting(
            name="level",
            description=f"The party's level, 1 to {MAX_LEVEL} (default 1; 3 for Quest for Loot)",
            minimum=1,
            maximum=MAX_LEVEL,
            default=1,
        ),
        NumberSetting(
            name="difficulty",
            description="Added to the target of 5 per player: -3 (easier) to +3 (harder)",
            minimum=-3,
            maximum=3,
            default=0,
        ),
        NumberSetting(
            name="enemies",
            description="The enemy set the GM draws from (default: one at random)",
            minimum=0,
            maximum=len(CONTENT.sets),
            default=0,
            choices=[
                ("One at random", 0),
                *((enemy_set.name, n) for n, enemy_set in enumerate(CONTENT.sets, start=1)),
            ],
        ),
        NumberSetting(
            name="levelling",
            description="When the party levels up (default: when a deck runs out)",
            minimum=0,
            maximum=1,
            default=0,
            choices=[("When a deck runs out", 0), ("After every encounter (faster)", 1)],
        ),
        NumberSetting(
            name="chips",
            description="Quest for Loot: each player's chips; the GM holds their sum (default 10)",
            minimum=2,
            maximum=50,
            default=STARTING_CHIPS,
        ),
        NumberSetting(
            name="epics",
            description="Masters & Monsters: the Epic loot cards that win (default 3)",
            minimum=1,
            maximum=LOOT_LIMIT,
            default=DeucesOptions().epics,
        ),
    ],
    lobby=Lobby(
        choices=[
            PickList(
                key=CLASS_PICK,
                placeholder=f"Choose your class (up to {HEROES} to run several heroes)",
                options=[(k.id, k.name, class_summary(k)) for k in CONTENT.classes],
            ),
            PickList(
                key=CUSTOM_PICK,
                placeholder="Choose your custom ability (one per hero)",
                options=[(a.id, a.name, describe(a)) for a in CONTENT.customs],
                by_seat=False,
            ),
        ],
        heroes=HEROES,
        blurb="The GM deals an encounter for your party. Join, choose a class and a custom"
        f" ability, and the host starts (1 to {MAX_PLAYERS} heroes). Few players? Choose two"
        " or three classes and run that many heroes.",
    ),
    turn_timer=True,
    private_hands=True,
    boards=[
        Board(
            key="deuces-encounter",
            title="Dungeons & Deuces encounters",
            game="deuces",
            variants=[Mode.ENCOUNTER.value],
            default_variant=Mode.ENCOUNTER.value,
            unit="level",
            tiebreak="fall",
        ),
        Board(
            key="deuces-power",
            title="Quest for Power",
            game="deuces",
            variants=[Mode.QUEST_BEGINNER.value, Mode.QUEST_HARDCORE.value],
            default_variant=Mode.QUEST_BEGINNER.value,
            unit="level",
            tiebreak="fall",
        ),
        Board(
            key="deuces-quest",
            title="Traditional Quest",
            game="deuces",
            variants=[Mode.QUEST.value],
            default_variant=Mode.QUEST.value,
        ),
        Board(
            key="deuces-chips",
            title="Quest for Loot chips",
            game="deuces",
            variants=[Mode.LOOT.value],
            default_variant=Mode.LOOT.value,
            unit="chips",
        ),
        Board(
            key="deuces-duel",
            title="Duel of the Duos ratings",
            game="deuces-duel",
            rated=True,
            unit="rating",
        ),
        Board(
            key="deuces-masters",
            title="Masters & Monsters ratings",
            game="deuces-masters",
            rated=True,
            unit="rating",
        ),
    ],
)


def mode_pages() -> list[RulesPage]:
    """Each mode's own page once, in the order `/deuces new` offers the modes (the Quest for
    Power's beginner and hardcore share one)."""
    pages: list[RulesPage] = []
    for variant in INFO.variants:
        page = mode_of(variant.key).rules_page
        if all(page is not known for known in pages):
            pages.append(page)
    return pages


RULES = DEUCES_RULES.model_copy(update={"pages": mode_pages()})
"""The core page, every mode's own page under it."""


class DeucesGame(Game[DeucesState, DeucesAction]):
    info = INFO
    rules = RULES
    state_type = DeucesState

    def new_game(self, seed: int, setup: Setup) -> tuple[DeucesState, Sequence[Event]]:
        mode = Mode(self.info.variant(setup.variant).key)
        party = party_of(setup, seed)
        try:
            options = options_of(setup, mode, party)
        except ValueError as error:
            raise IllegalAction(str(error)) from error
        return new_game(seed, options, players=setup.seats)

    def parse_action(self, text: str) -> DeucesAction:
        return parse_action(text)

    def label(
        self, state: DeucesState, seat: int, action: DeucesAction, names: Sequence[str] = ()
    ) -> str:
        return label(state, seat, action, hero_names(state, names))

    def narrate(
        self,
        events: Sequence[Event],
        before: DeucesState | None,
        after: DeucesState,
        names: list[str],
    ) -> list[str]:
        return narrate(events, before, after, hero_names(after, names))

    def rules_of(self, state: DeucesState) -> RulesPage:
        return state.mode.rules_page

    def table(self, state: DeucesState, names: list[str]) -> TableView:
        return deuces_table(state, hero_names(state, names))

    def hand(
        self, state: DeucesState, seat: int, picked: list[str], names: Sequence[str] = ()
    ) -> HandView | None:
        return deuces_hand(state, seat, picked, hero_names(state, names))

    def suggest(self, state: DeucesState, seat: int) -> DeucesAction | None:
        return suggest(state, seat)

    def sealed(self, state: DeucesState, seat: int) -> bool:
        """A duel's draft and initiative and Quest for Loot's wagers are sealed: another
        player's answer shows nothing and changes none of this seat's choices."""
        prompt = state.prompt
        if prompt is None or seat not in state.waiting_for:
            return False
        return state.mode.kind(prompt).sealed

    def settings_of(self, state: DeucesState) -> dict[str, int]:
        options = state.options
        sets = [enemy_set.id for enemy_set in CONTENT.sets]
        return {
            "level": options.level,
            "difficulty": options.modifier,
            "enemies": sets.index(options.enemy_set) + 1 if options.enemy_set in sets else 0,
            "levelling": int(options.level_every_encounter),
            "chips": options.chips,
            "epics": options.epics,
        }

    def picks_of(self, state: DeucesState) -> list[dict[str, str]]:
        """The party as the lobby chose it (`party_of` reads these back into the same party);
        none where the seed drew the whole party."""
        party = state.options.party or []
        return [
            {CLASS_PICK: hero.class_id, **({CUSTOM_PICK: hero.custom_id} if hero.custom_id else {})}
            for hero in party
        ]


def hero_names(state: DeucesState, names: Sequence[str]) -> list[str]:
    """What each seat is called: its player's name, and where a name sits at several seats (a
    player running several heroes), the name with the hero's class ("ann's Tinker") when
    that tells them apart (a duel's heroes are numbered until the sealed draft is shown)."""
    counted = Counter(names)
    sealed = state.mode.hides_classes(state)
    called = [
        (
            f"{name}'s hero {seat % 2 + 1}"
            if sealed
            else f"{name}'s {state.players[seat].klass.name}"
        )
        if counted[name] > 1 and seat < len(state.players)
        else name
        for seat, name in enumerate(names)
    ]
    told_apart = Counter(called)
    return [new if told_apart[new] == 1 else old for old, new in zip(names, called, strict=True)]


def options_of(setup: Setup, mode: Mode, party: list[SeatChoice] | None) -> DeucesOptions:
    """The engine's options from the settings chosen in `/deuces new` (or the terminal)."""
    settings = setup.settings
    chosen_set = settings.get("enemies", 0)
    return DeucesOptions(
        level=settings.get("level", 1),
        mode=mode,
        party=party,
        modifier=settings.get("difficulty", 0),
        enemy_set=CONTENT.sets[chosen_set - 1].id if chosen_set > 0 else None,
        level_every_encounter=bool(settings.get("levelling", 0)),
        chips=settings.get("chips", STARTING_CHIPS),
        epics=settings.get("epics", DeucesOptions().epics),
    )


def party_of(setup: Setup, seed: int) -> list[SeatChoice] | None:
    """Each seat's class and custom ability as chosen in the lobby, those left unchosen drawn
    from the seed; None when nobody chose a class (the seed draws the whole party)."""
    if len(setup.picks) != setup.seats or not all(CLASS_PICK in p for p in setup.picks):
        return None
    rng = seeded_rng(seed, "customs")
    return [
        SeatChoice(
            class_id=picks[CLASS_PICK],
            custom_id=picks.get(CUSTOM_PICK) or rng.choice(CONTENT.customs).id,
        )
        for picks in setup.picks
    ]


GAME = DeucesGame()
