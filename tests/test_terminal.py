"""The terminal game, driven end to end through a real process's stdin and stdout."""

import io
import os
import re
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from bot.cli import play
from bot.games.contract import Setup
from bot.games.registry import GAMES
from bot.games.scoundrel.engine import new_game

ROOT = Path(__file__).resolve().parents[1]


def run_cli(
    *args: str, stdin: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})},
        timeout=60,
    )


KEYS_IN_TURN = ["g", "f", "e", "d", "d!", "c", "c!", "b", "b!", "a", "a!", "s"]
"""A player who types these keys over and over: every room card answers to one of them, so each
round of them plays at least one move."""
TYPED = "\n".join(KEYS_IN_TURN * 120) + "\n"


def replay_typing(game: str, seed: int, variant: str | None = None, seats: int = 1):
    """The state a game reaches when the keys of `TYPED` are typed in turn, each one that names
    a legal move playing it, worked out on the engine and its keys without the terminal."""
    from bot.games.contract import Setup
    from bot.games.registry import GAMES

    entry = GAMES[game]
    setup = Setup(variant=variant or entry.info.default_variant, seats=seats)
    match, _ = entry.start(seed, setup)
    for typed in TYPED.split():
        if match.is_over:
            break
        seat = match.acting()[0]
        by_key = {key: text for text, key in match.keys(seat).items()}
        if typed in by_key:
            match.play(seat, by_key[typed])
    return match.state


def test_a_whole_game_played_through_stdin_ends_with_the_engines_score() -> None:
    result = run_cli("play", "scoundrel", "--seed", "11", stdin=TYPED)
    assert result.returncode == 0, result.stderr
    expected = replay_typing("scoundrel", 11)
    assert expected.is_over, "the typed keys are enough to finish the game"
    assert f"Game over: you {expected.outcome.value}, score {expected.score}." in result.stdout
    assert "seed 11" in result.stdout
    assert "Room 1" in result.stdout and "[a" in result.stdout


def test_the_screen_shows_hp_weapon_last_kill_deck_and_keyed_moves() -> None:
    out = io.StringIO()
    # Seed 3 deals 3♠ 7♥ 8♣ 2♣; run, then equip 3♦ (b) and fight A♣ (a) with it, then quit.
    play("scoundrel", seed=3, stdin=io.StringIO("r\nb\na\nq\n"), stdout=out)
    text = out.getvalue()
    assert "Health: ▰▰▰▰▰▰▰▰▰▰ 20/20" in text
    assert "[r] Run" in text and "[a!] Fight 3♠ barehanded" in text
    assert "Weapon: 3♦, last kill A♣: fights monsters below 14" in text
    assert "Health: ▰▰▰▰▱▱▱▱▱▱ 9/20" in text
    assert "Deck: 40 cards left" in text
    assert "You leave the dungeon" in text


def test_bad_input_is_explained_and_changes_nothing() -> None:
    out = io.StringIO()
    play("scoundrel", seed=3, stdin=io.StringIO("0\n99\nfight\n\n²\n?\n"), stdout=out)
    text = out.getvalue()
    assert text.count("The moves here have keys, not numbers: type one in brackets") == 2
    assert text.count("Not now: not a move") == 2, "a word, a superscript digit"
    assert text.count("No move is marked as the hint here") == 1, "Enter alone"
    assert "== Rules: Scoundrel ==" in text and "strictly weaker" in text, "? shows the rules"
    assert "Room 2" not in text
    assert "Room 2" not in text
    assert "You leave the dungeon" in text


def test_hard_variant_offers_no_run_and_unknown_variant_is_refused() -> None:
    out = io.StringIO()
    play("scoundrel", variant="hard", seed=3, stdin=io.StringIO(""), stdout=out)
    assert "[a!] Fight 3♠ barehanded" in out.getvalue() and "Run" not in out.getvalue()
    assert play("scoundrel", variant="nightmare", seed=3, stdout=io.StringIO()) == 2


def test_without_a_token_the_bot_explains_how_to_get_one_and_how_to_play_offline(tmp_path) -> None:
    env = {"DISCORD_TOKEN": "", "DATABASE_URL": f"sqlite:///{tmp_path}/bot.sqlite3"}
    result = run_cli(stdin="", env=env)
    assert result.returncode != 0
    assert "DISCORD_TOKEN" in result.stderr
    # the interpreter that runs, as typed from the project folder: a bare `python` may lack
    # the packages the README's set-up installs into .venv
    python = os.path.relpath(sys.executable, ROOT)
    if python.startswith(".."):
        python = sys.executable
    assert f"  {python} -m bot play scoundrel\n" in result.stderr


def test_dragons_solo_in_the_terminal() -> None:
    result = run_cli("play", "dragons", "--seed", "8", stdin=TYPED)
    assert result.returncode == 0, result.stderr
    expected = replay_typing("dragons", 8)
    assert expected.is_over
    assert f"Game over: you {expected.outcome.value}, score {expected.score}." in result.stdout
    assert "K♥ ▰▰▰▰" in result.stdout


def test_a_dragons_duel_at_one_keyboard() -> None:
    result = run_cli("play", "dragons", "--variant", "duel", "--seed", "4", stdin=TYPED)
    assert result.returncode == 0, result.stderr
    state = replay_typing("dragons", 4, "duel", seats=2)
    assert state.is_over
    p1, p2 = state.parties
    assert (
        f"Game over: Player 1 {p1.outcome.value}, score {p1.score}; "
        f"Player 2 {p2.outcome.value}, score {p2.score}." in result.stdout
    )
    assert "Player 1, your move:" in result.stdout and "Player 2, your move:" in result.stdout
    assert "decides for both: run or face the room" in result.stdout


def replay_deuces_hints(seed: int):
    from bot.games.deuces import DeucesOptions, new_game, suggest

    state, _ = new_game(seed, DeucesOptions(), players=1)
    while not state.is_over:
        state.apply(0, suggest(state, 0))
    return state


def test_a_deuces_encounter_against_the_gm_in_the_terminal() -> None:
    result = run_cli("play", "deuces", "--seed", "5", stdin="\n" * 2000)
    assert result.returncode == 0, result.stderr
    expected = replay_deuces_hints(5)
    level = expected.level  # a single encounter's result is the level it reached
    assert f"Game over: you {expected.outcome.value}, score {level}." in result.stdout
    assert "Waiting for: Player 1 to vote Hit or Stay" in result.stdout
    assert "2) Vote stay   (hint)" in result.stdout, "the hint keeps the move's own place"
    assert "Enemies: Mold Slime" in result.stdout, "an enemy by its name, with no bare index"
    assert "Your hand: Tinker:" in result.stdout


def test_deuces_takes_typed_plays_and_explains_bad_ones() -> None:
    out = io.StringIO()
    moves = "attack 9 AS\nvote maybe\nvote hit\nq\n"
    play("deuces", seed=5, stdin=io.StringIO(moves), stdout=out)
    text = out.getvalue()
    assert text.count("Not now:") == 2
    assert "Player 1 votes to hit." in text
    assert "You leave the dungeon" in text


def test_a_misspelt_setting_is_named_without_echoing_values(tmp_path) -> None:
    env = {"LOG_LEVEL": "loud", "DISCORD_TOKEN": "secret-token-value", "DATABASE_URL": "x"}
    result = run_cli(stdin="", env=env)
    assert result.returncode == 2
    assert "LOG_LEVEL: Value error, must be one of DEBUG, INFO" in result.stderr
    assert "secret-token-value" not in result.stderr + result.stdout


def test_a_database_that_cannot_be_opened_is_explained_before_logging_in(tmp_path) -> None:
    in_the_way = tmp_path / "data"
    in_the_way.write_text("a file where the folder should be")
    url = f"sqlite:///{in_the_way}/bot.sqlite3"
    result = run_cli(stdin="", env={"DISCORD_TOKEN": "not-a-real-token", "DATABASE_URL": url})
    assert result.returncode == 2
    assert f"Cannot open the games database at DATABASE_URL={url}" in result.stderr
    assert "not-a-real-token" not in result.stderr


class Interrupted(io.StringIO):
    """A keyboard whose player presses Ctrl-C at the first prompt."""

    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_leaves_the_game_without_a_traceback() -> None:
    out = io.StringIO()
    assert play("scoundrel", seed=3, stdin=Interrupted(), stdout=out) == 0
    assert out.getvalue().endswith("You leave the dungeon. (Game not finished.)\n")


def test_each_move_says_what_it_would_do_before_it_is_chosen() -> None:
    out = io.StringIO()
    play("scoundrel", seed=3, stdin=io.StringIO("q\n"), stdout=out)
    assert "[a!] Fight 3♠ barehanded · −3 HP" in out.getvalue()


def test_a_move_can_be_named_by_its_card() -> None:
    out = io.StringIO()
    # Seed 3: run, then room 2 holds A♣ 3♦ 7♣ 5♥; equip the 3♦ by its card, then 7♣ has
    # two ways to be fought, so the screen asks which.
    play("scoundrel", seed=3, stdin=io.StringIO("r\n3d\n7c\nq\n"), stdout=out)
    text = out.getvalue()
    assert "Weapon: 3♦, fresh" in text, "3d equipped the 3♦"
    ways = text.split("7c can be played several ways:\n")[1].split(">")[0]
    assert "[c] Fight 7♣ with your 3♦ · −4 HP" in ways
    assert "[c!] Fight 7♣ barehanded · −7 HP" in ways
    assert "Room 3" not in text


def test_h_asks_for_a_hint_and_the_end_tells_whether_the_deal_could_be_won() -> None:
    from bot.games.scoundrel.solver import ScoundrelSolver

    out = io.StringIO()
    play("scoundrel", seed=11, stdin=io.StringIO("h\n" + TYPED), stdout=out)
    text = out.getvalue()
    hint = text.split("💡 ", 1)[1].split("\n")[0]
    assert ": " in hint and "**" not in hint, hint
    assert hint.endswith("]"), "the hint ends with the key that plays it"
    end = text.split("Could you have won?", 1)[1]
    expected = replay_typing("scoundrel", 11)
    if expected.outcome.value == "won":
        assert "You won this deal with" in end
    elif ScoundrelSolver().winnable(new_game(11)[0]):
        assert "This deal could have been won" in end and "lost the win at Room " in end
    else:
        assert "No line wins this deal" in end


def test_the_end_tells_where_the_best_score_went_and_shows_a_best_line() -> None:
    """Dragons deal 3, typed through: the first move that let the deal's best go (a fact of the
    deal and the line, whichever best line the solver names), the win lost after it, and a
    line that scores the best, room by room, without Discord's bold marks."""
    out = io.StringIO()
    play("dragons", seed=3, stdin=io.StringIO(TYPED), stdout=out)
    end = out.getvalue().split("Could you have won?", 1)[1]
    assert "the best score it allowed was 31." in end
    assert (
        "Your line first fell short of the best at Room 1: Drink J♥: before it the best within"
        " reach was 31, after it 30." in end
    )
    assert "Later it lost the win at Room " in end
    line = end.split("A line that scores 31, room by room:\n", 1)[1].strip().split("\n")
    assert line[0].startswith("Room 1: ") and len(line) > 10
    assert all(row.startswith("Room ") for row in line) and "**" not in end


def test_a_duel_has_no_hints() -> None:
    out = io.StringIO()
    play("dragons", variant="duel", seed=2, stdin=io.StringIO("h\nq\n"), stdout=out)
    assert "No hint in this game." in out.getvalue()


def test_a_duel_of_two_heroes_a_side_names_each_side_by_its_person() -> None:
    """Two people at one keyboard, two heroes each: Player 1 and Player 2, each hero by its
    class once drafted, the class not said twice."""
    out = io.StringIO()
    play("deuces", variant="duel", seed=2, stdin=io.StringIO("1\n" * 12 + "q\n"), stdout=out)
    text = out.getvalue()
    assert "Player 1: 0 of 3 won" in text and "Player 2: 0 of 3 won" in text
    assert "Player 3" not in text and "Player 4" not in text
    assert "Player 1's Cutpurse: " in text and "Cutpurse, Cutpurse" not in text


def test_a_rated_duel_marks_no_move_as_the_hint() -> None:
    """A Deuces duel is rated between two people: no move is marked, and `h` has none."""
    out = io.StringIO()
    play("deuces", variant="duel", seed=2, stdin=io.StringIO("h\nq\n"), stdout=out)
    screens = "\n".join(_without_help(out.getvalue()))
    assert "(hint)" not in screens and "💡" not in screens
    assert "No hint in this game.\n" in out.getvalue()


def _without_help(text: str) -> list[str]:
    """The screen's lines but the help line (which says how a marked move is played)."""
    return [line for line in text.splitlines() if not line.startswith("Type a move")]


def test_a_party_against_the_gm_marks_the_move_a_hint_would_play() -> None:
    """Deuces against the GM is rated between no one: the hint is marked, Enter plays it."""
    out = io.StringIO()
    play("deuces", seed=2, stdin=io.StringIO("h\nq\n"), stdout=out)
    marked = next(line for line in _without_help(out.getvalue()) if "(hint)" in line)
    said = out.getvalue().split("💡 The move marked (hint) is ", 1)[1].split(". Enter plays it.")[0]
    number = said.split(")")[0]
    assert f"{number}) " in marked, "h names the very move marked"


def test_a_key_keeps_naming_its_card_after_other_cards_are_played() -> None:
    out = io.StringIO()
    # Seed 3, room 2 lies A♣ 3♦ 7♣ 5♥ at a b c d. Equip the 3♦ (b), fight A♣ with it (a),
    # drink the 5♥ (d): the 7♣ stays for room 3 and is still c among the new cards.
    play("scoundrel", seed=3, stdin=io.StringIO("r\nb\na\nd\nc\nq\n"), stdout=out)
    text = out.getvalue()
    room_3 = text.split("Room 3", 1)[1].split(">")[0]
    assert "[c] Fight 7♣ with your 3♦ · −4 HP" in room_3
    assert "[a] Fight 7♣" not in room_3, "the carried card did not move to the first place"
    assert "Weapon: 3♦, last kill 7♣" in text, "c fought the 7♣ with the weapon"
    assert "Health: ▰▰▰▰▰▱▱▱▱▱ 10/20" in text


def test_r_runs_from_the_room() -> None:
    out = io.StringIO()
    play("scoundrel", seed=3, stdin=io.StringIO("R\nq\n"), stdout=out)
    text = out.getvalue()
    assert "Room 2: A♣ 3♦ 7♣ 5♥" in text and "Deck: 40 cards left" in text
    assert "[r] Run" not in text.split("Room 2", 1)[1], "no running twice in a row in Classic"


def test_the_barehanded_key_fights_without_the_weapon_in_either_case() -> None:
    out = io.StringIO()
    # Seed 3: run, equip the 3♦, then the 7♣ barehanded, typed in capitals.
    play("scoundrel", seed=3, stdin=io.StringIO("r\nb\nC!\nq\n"), stdout=out)
    text = out.getvalue()
    after = text.split("Room 2", 1)[1].split("[b] Equip 3♦", 1)[1]
    assert "Health: ▰▰▰▰▰▰▱▱▱▱ 13/20" in after, "7 damage: no weapon took any"
    assert "Weapon: 3♦, fresh" in after, "the weapon kept no kill"


def test_a_key_that_names_no_move_is_explained_and_changes_nothing() -> None:
    out = io.StringIO()
    # Seed 3, room 1 (no weapon): e is no place, a is the 3♠ fought barehanded only (a!).
    play("scoundrel", seed=3, stdin=io.StringIO("e\na\nz!\n7\n"), stdout=out)
    text = out.getvalue()
    assert "No move has the key [e] now. The keys now: a!, b, c!, d!, r." in text
    assert "No move has the key [a] now. Did you mean [a!]?" in text
    assert "No move has the key [z!] now." in text
    assert "The moves here have keys, not numbers: type one in brackets (a!, b, c!, d!, r)" in text
    assert "Traceback" not in text and "Room 2" not in text
    assert "Health: ▰▰▰▰▰▰▰▰▰▰ 20/20" in text.rsplit("==", 1)[1]
    assert text.endswith("You leave the dungeon. (Game not finished.)\n")


def test_a_weapon_about_to_break_is_said_before_the_fight_in_dragons() -> None:
    out = io.StringIO()
    # Seed 0 lies 5♦ 9♣ 9♠ 3♥: equip the 5♦ (a), kill the 9♣ (b); the 9♠ would break it.
    play("dragons", seed=0, stdin=io.StringIO("a\nb\nq\n"), stdout=out)
    text = out.getvalue()
    assert "[b] Fight 9♣ barehanded · −9 HP" in text
    assert "[c] Fight 9♠ with your 5♦ · −4 HP" in text
    assert "[c] Fight 9♠ with your 5♦ · −9 HP, weapon breaks" in text
    assert "[d] Drink 3♥ · no healing: health is full" in text


def test_a_game_without_keys_still_takes_numbers() -> None:
    out = io.StringIO()
    play("deuces", seed=5, stdin=io.StringIO("2\n99\nq\n"), stdout=out)
    text = out.getvalue()
    assert "1) Vote hit" in text
    assert not any(line.startswith("  [") for line in text.splitlines()), "no move has a key"
    assert "Player 1 votes to stay." in text, "2 voted to stay"
    assert "Choose a move from 1 to 29." in text, "every move of the turn is numbered"


def test_a_hint_is_marked_whatever_the_order_of_its_cards() -> None:
    """A defence whose hint picks its cards in another order than the listed move's (as at
    this Masters table) is still the listed move, marked, where the table offers hints."""
    match, _ = GAMES["deuces"].start(4, Setup(variant="masters", seats=3))
    defences = 0
    for _ in range(40):
        seat = match.acting()[0]
        moves, hint = match.labelled(seat, hints=True)
        assert hint in [text for text, _ in moves]
        defences += hint.startswith("defend")
        match.play(seat, hint)
    assert defences


def test_a_masters_table_of_people_at_the_terminal_marks_no_hint() -> None:
    out = io.StringIO()
    enters = io.StringIO("\n" * 3 + "q\n")
    play("deuces", variant="masters", seed=4, players=3, stdin=enters, stdout=out)
    screens = "\n".join(_without_help(out.getvalue()))
    assert "(hint)" not in screens and "💡" not in screens
    assert "No move is marked as the hint here" in out.getvalue(), "Enter alone says so"


def test_a_traditional_quest_is_chosen_and_walked_in_the_terminal() -> None:
    """The quest's map and its paths as moves: Enter takes the hint (the first path)."""
    out = io.StringIO()
    play("deuces", variant="quest", seed=4, stdin=io.StringIO("\nq\n"), stdout=out)
    text = out.getvalue()
    assert "The Well Beneath Thornwick" in text and "📍 The Kitchen Trapdoor" in text
    assert "1) Go to Cask Hall ❔   (hint)" in text
    assert "The party enters Cask Hall." in text


def turn_screen(text: str, index: int = -1) -> str:
    """The moves listed for one turn: the lines after the hand, up to the prompt."""
    return text.split("> ")[index].rsplit("\n  Your hand:", 1)[-1]


def test_a_deuces_turn_lists_every_move_guard_and_end_turn_included() -> None:
    """The list used to stop at 12 moves, so Guard and End turn vanished: now every legal move
    has its number, moves differing only in their cards sharing a line."""
    from bot.cli import listed_moves
    from bot.games.contract import Setup
    from bot.games.registry import GAMES

    out = io.StringIO()
    play("deuces", seed=5, stdin=io.StringIO("2\nq\n"), stdout=out)
    turn = out.getvalue().split("Waiting for: Player 1 to take a turn", 1)[1].split("> ")[0]
    assert "Guard with … · swap it for a new card: " in turn and ") End turn" in turn
    assert "Quick Hands: 8) 3♠ 7♥ · 9) 3♠ 9♦" in turn
    match, _ = GAMES["deuces"].start(5, Setup(variant="encounter", seats=1))
    match.play(0, "vote.stay")
    moves, _ = match.labelled(0)
    assert len(moves) == 29 == len(listed_moves(moves, match.keys(0)))
    for number in range(1, len(moves) + 1):
        assert f"{number}) " in turn, number


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["Guard with ", "Quick Hands ", "Vote stay", "Place 7♦ at ", "Go "]),
            st.lists(st.sampled_from(["2♠", "10♦", "A♥", "🃏", "F5", "B12"]), max_size=2),
            st.sampled_from(["", " · holds", " (deadly)"]),
        ),
        max_size=40,
    ),
    st.integers(min_value=0, max_value=40),
)
def test_every_numbered_move_is_listed_once_and_each_line_in_the_games_order(moves, hinted) -> None:
    """Whatever the labels, grouping moves on one line hides none and repeats none; a line's
    moves, and the lines' first moves, follow the game's order; the hint is marked once."""
    from bot.render.terminal import grouped_lines

    rows = [
        (f"{n})", f"{head}{' '.join(cards)}{tail}".strip(), n == hinted)
        for n, (head, cards, tail) in enumerate(moves, start=1)
    ]
    lines = grouped_lines(rows)
    tags = [[int(tag) for tag in re.findall(r"(?:^|\s)(\d+)\) ", line)] for line in lines]
    every = [tag for line in tags for tag in line]
    assert sorted(every) == list(range(1, len(rows) + 1))
    assert all(line == sorted(line) for line in tags)
    starts = [line[0] for line in tags if line]
    assert starts == sorted(starts)
    assert "\n".join(lines).count("(hint)") == (1 if 1 <= hinted <= len(rows) else 0)


def test_a_dungeon_of_cards_placement_lists_every_cell_by_card_not_one_line_each() -> None:
    """Placing a card offers a move per card and free cell (well over 100): one line per card,
    every cell numbered, where the list used to stop at 12."""
    from bot.cli import listed_moves, move_lines
    from bot.games.contract import Setup
    from bot.games.registry import GAMES

    info = GAMES["dungeon"].info
    match, _ = GAMES["dungeon"].start(4, Setup(variant=info.default_variant, seats=2))
    seat = match.acting()[0]
    moves, hint = match.labelled(seat)
    while len(moves) <= 100:  # a screen of placements: a few moves in
        match.play(seat, hint or moves[0][0])
        seat = match.acting()[0]
        moves, hint = match.labelled(seat)
    lines = move_lines(listed_moves(moves, match.keys(seat)), hint)
    numbers = re.findall(r"(?:^|\s)(\d+)\) ", "\n".join(lines))
    assert len(moves) > 100 and len(numbers) == len(moves)
    assert any(line.startswith("  Play blind at: ") for line in lines)
    assert len(lines) < len(moves) / 4


def test_question_mark_shows_the_modes_own_page_and_two_the_core() -> None:
    out = io.StringIO()
    play("deuces", variant="loot", seed=3, players=2, stdin=io.StringIO("?\n??\nq\n"), stdout=out)
    text = out.getvalue()
    page = text.split("== Rules: Quest for Loot ==", 1)[1].split("\n\n  ")[0]
    assert "Wagers: once hands are drawn" in page
    assert "The core rules every mode shares: type ??." in page
    assert "Initiative, every encounter" not in page and "Masters" not in page
    assert len(page) < 4000, "one mode's page, not every mode's"
    core = text.split("== Rules: Dungeons & Deuces ==", 1)[1]
    assert "How to play" in core and "python -m bot rules deuces --mode loot" in core


def test_the_terminal_never_points_to_a_discord_button() -> None:
    """Discord's tables say where to answer ("a sealed wager (My hand)"); here the hand is on
    the screen under the table, so the pointer goes."""
    out = io.StringIO()
    enters = io.StringIO("\n" * 60 + "q\n")
    play("deuces", variant="loot", seed=3, players=2, stdin=enters, stdout=out)
    text = out.getvalue()
    assert "Waiting for: Player 1, Player 2 to place a sealed wager\n" in text
    assert "My hand" not in text and "(your hand)" not in text


def test_h_names_the_move_marked_hint_in_a_deuces_encounter() -> None:
    out = io.StringIO()
    play("deuces", seed=5, stdin=io.StringIO("2\nh\nq\n"), stdout=out)
    text = out.getvalue()
    said = text.split("💡 The move marked (hint) is ", 1)[1].split(". Enter plays it.")[0]
    assert said == "7) Wind-up Hound" and "  7) Wind-up Hound   (hint)" in text
    assert "No hint in this game" not in text


def test_rules_prints_one_modes_page_or_the_core_from_the_command_line() -> None:
    result = run_cli("rules", "deuces", "--mode", "duel", stdin="")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("\n== Rules: Duel of the Duos ==")
    assert "The core rules every mode shares: python -m bot rules deuces." in result.stdout
    assert len(result.stdout) < 4200
    core = run_cli("rules", "deuces", stdin="")
    assert "python -m bot rules deuces --mode masters: Masters & Monsters." in core.stdout
    wrong = run_cli("rules", "deuces", "--mode", "poker", stdin="")
    assert wrong.returncode == 2 and "its modes: encounter, power, loot" in wrong.stdout
