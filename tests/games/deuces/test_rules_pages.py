"""Dungeons & Deuces teaches each mode on a page of its own: every mode has one, short enough to
read before playing, each ruling recorded once, and no page says what another mode plays."""

import re

from bot.games.deuces.game import GAME
from bot.games.deuces.modes.registry import mode_of, registered
from bot.games.deuces.rules import DEUCES_RULINGS
from bot.games.views import RulesPage

PAGE_LIMIT = 4000
BULLET = re.compile(r"^• (.+)$", re.MULTILINE)


def size(page: RulesPage) -> int:
    return len(page.title) + len(page.summary) + sum(len(h) + len(t) for h, t in page.sections)


def rulings_of(page: RulesPage) -> list[str]:
    return [line for _, text in page.sections for line in BULLET.findall(text)]


def test_every_mode_has_its_own_page_in_the_book_in_the_order_new_offers_them() -> None:
    pages = GAME.rules.pages
    assert [page.key for page in pages] == [
        "encounter",
        "power",
        "loot",
        "masters",
        "quest",
        "duel",
    ]
    for mode in registered():
        assert any(mode.rules_page is page for page in pages), type(mode).__name__
    assert mode_of("quest-beginner").rules_page is mode_of("quest-hardcore").rules_page


def test_each_mode_page_is_under_4000_characters_and_teaches_turn_win_and_what_is_special() -> None:
    for page in GAME.rules.pages:
        assert size(page) < PAGE_LIMIT, (page.key, size(page))
        headings = [heading for heading, _ in page.sections]
        assert headings[0] == "Starting" and headings[-1] == "Boards", headings
        assert any(h.startswith("How a") or h.startswith("How the") for h in headings), headings
        assert "How it is won" in headings, (page.key, headings)


def test_a_page_is_found_by_its_key_or_its_title_in_any_case() -> None:
    assert GAME.rules.page("LOOT") is GAME.rules.page("quest for loot") is GAME.rules.pages[2]
    assert GAME.rules.page("nope") is None
    assert GAME.rules.page("core") is GAME.rules, "the core page answers to its own name"


def test_no_ruling_is_recorded_twice_and_the_core_holds_none_of_a_modes() -> None:
    every = [ruling for page in [GAME.rules, *GAME.rules.pages] for ruling in rulings_of(page)]
    assert len(every) == len(set(every)), [r for r in every if every.count(r) > 1]
    core = "\n".join(DEUCES_RULINGS)
    for title in ("Quest for Power:", "Quest for Loot:", "Duel of the Duos:", "Not played here"):
        assert title not in core, title


def test_the_pages_never_contradict_themselves_nor_borrow_another_games_scoring() -> None:
    """The old single page said "Not played here: quest loot" beside quest loot's rulings, and
    ended with Scoundrel's HP: no Deuces page speaks of HP, and quest loot is played only in
    the Traditional Quest."""
    for page in [GAME.rules, *GAME.rules.pages]:
        text = str(page.model_dump(exclude={"pages"}))
        assert "HP" not in text and "Not played here" not in text, page.key
        boards = dict(page.sections).get("Boards", "")
        if page.pages == []:
            assert "counts as a **loss**" in boards and boards.rstrip().endswith("."), page.key
    encounter = GAME.rules.page("encounter")
    assert encounter is not None and "belong to the Traditional Quest only" in str(encounter)
