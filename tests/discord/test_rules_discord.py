"""/rules through the offline Discord: a game with a page per mode offers its own pages, each one
message within Discord's limits that points back to the game's core rules."""

from bot.games.registry import GAMES

MODE_PAGE_LIMIT = 4000
EMBED_LIMIT = 6000
FIELD_LIMIT = 1024


def embed_size(embed: dict) -> int:
    """What Discord counts against a message's 6,000 characters."""
    size = len(embed.get("title", "")) + len(embed.get("description", "") or "")
    size += len((embed.get("footer") or {}).get("text", ""))
    return size + sum(len(f["name"]) + len(f["value"]) for f in embed.get("fields", []))


async def test_every_deuces_mode_page_is_one_message_under_4000_characters_linking_the_core(
    harness, make_bot, alice
) -> None:
    pages = GAMES["deuces"].rules.pages
    assert len(pages) == 6
    async with harness.running(make_bot) as discord:
        for page in pages:
            shown = await discord.slash("rules", alice, game="deuces", mode=page.key)
            assert shown.followups == [], f"{page.title}: one message"
            message = shown.message
            assert message.ephemeral
            [embed] = message.embeds
            assert embed_size(embed) < MODE_PAGE_LIMIT, (page.title, embed_size(embed))
            assert len(embed["description"]) <= 4096
            assert all(len(field["value"]) <= FIELD_LIMIT for field in embed["fields"])
            assert embed["title"] == f"Rules: Dungeons & Deuces · {page.title}"
            names = [field["name"] for field in embed["fields"]]
            assert names[0] == "Starting", names
            assert any(name.startswith("How it is won") for name in names), names
            core = next(f for f in embed["fields"] if f["name"] == "How to play")
            assert "`/rules game:Dungeons & Deuces`" in core["value"]
            assert "Not played here" not in str(embed) and " HP" not in str(embed)


async def test_the_core_page_names_every_modes_page_and_no_modes_rulings(
    harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        shown = await discord.slash("rules", alice, game="deuces")
        messages = [shown.message, *shown.followups]
        assert all(embed_size(e) <= EMBED_LIMIT for m in messages for e in m.embeds)
        text = str([m.embeds for m in messages])
        for page in GAMES["deuces"].rules.pages:
            assert f"/rules game:Dungeons & Deuces mode:{page.title}" in text, page.title
        assert "Wagers:" not in text and "Initiative, every encounter" not in text
        assert "How to play" in text and "Rulings" in text


async def test_the_mode_option_offers_the_chosen_games_own_pages(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        offered = await discord.autocomplete("rules", alice, focused="mode", game="deuces", mode="")
        assert offered.response_type == 8
        assert [c["value"] for c in offered.choices] == [
            page.key for page in GAMES["deuces"].rules.pages
        ]
        typed = await discord.autocomplete(
            "rules", alice, focused="mode", game="deuces", mode="quest"
        )
        assert [c["name"] for c in typed.choices] == [
            "Quest for Power",
            "Quest for Loot",
            "Traditional Quest",
        ]
        single = await discord.autocomplete(
            "rules", alice, focused="mode", game="scoundrel", mode=""
        )
        assert single.choices == [], "a game of one page offers no mode"


async def test_a_page_the_game_does_not_have_is_refused_with_the_ones_it_has(
    harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        refused = await discord.slash("rules", alice, game="deuces", mode="poker night")
        assert refused.message.ephemeral and not refused.message.embeds
        assert "no page 'poker night'" in refused.message.content
        assert "Quest for Loot" in refused.message.content
        whole = await discord.slash("rules", alice, game="scoundrel", mode="hard")
        assert "leave `mode` out" in whole.message.content
