"""`python -m bot gallery`: every game's messages written for review."""

from pathlib import Path

from PIL import Image

from bot.__main__ import main
from bot.games.registry import GAMES


def test_the_gallery_shows_every_variant_start_to_end_with_pictures(tmp_path: Path, capsys) -> None:
    assert main(["gallery", str(tmp_path / "gallery")]) == 0
    assert "Wrote" in capsys.readouterr().out
    files = {path.name: path for path in (tmp_path / "gallery").iterdir()}
    for key, game in GAMES.items():
        for variant in game.info.variants:
            stem = f"{key}-{variant.key}"
            assert f"{stem}-1-start.txt" in files and f"{stem}-3-end.txt" in files
            start = files[f"{stem}-1-start.txt"].read_text(encoding="utf-8")
            assert start.startswith(f"\n== {game.info.title}")
    scoundrel = files["scoundrel-classic-1-start.txt"].read_text(encoding="utf-8")
    assert "[Run]" in scoundrel and "[picture: scoundrel-classic-1-start.png" in scoundrel
    with Image.open(files["scoundrel-classic-1-start.png"]) as picture:
        assert picture.format == "PNG" and picture.width <= 800
    assert any(name.endswith("-hand1.png") for name in files), "a private hand is drawn too"


def test_the_gallery_shows_each_table_as_its_discord_layout(tmp_path: Path) -> None:
    assert main(["gallery", str(tmp_path)]) == 0
    scoundrel = (tmp_path / "scoundrel-classic-1-start.txt").read_text(encoding="utf-8")
    assert "┏━ container, accent #8B5CF6" in scoundrel
    assert "┃ [picture: attachment://table.png]" in scoundrel
    assert "┃ **10♥** potion  ⟶ [Drink 10♥ · no healing]" in scoundrel
    assert "rows of buttons" in scoundrel
    end = (tmp_path / "scoundrel-classic-3-end.txt").read_text(encoding="utf-8")
    assert "┏━ container, accent #22C55E" in end and "[New game]" in end, "the hint wins it"


def test_the_gallery_prints_every_tables_phone_height_tallest_first(tmp_path: Path, capsys) -> None:
    assert main(["gallery", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    how, _, *rows, wrote = printed.splitlines()
    assert "estimated on a phone 400 px wide" in how and wrote.startswith("Wrote")
    heights = {row.split()[0]: int(row.split()[1]) for row in rows}
    tables = {path.stem for path in tmp_path.glob("*.txt") if "-hand" not in path.stem}
    assert set(heights) == tables - {"phone-heights"}
    assert list(heights.values()) == sorted(heights.values(), reverse=True)
    start = (tmp_path / "scoundrel-classic-1-start.txt").read_text(encoding="utf-8")
    assert f"≈ {heights['scoundrel-classic-1-start']} px tall on a phone 400 px wide" in start
    end = heights["scoundrel-classic-3-end"]
    assert end < heights["scoundrel-classic-1-start"], "an ended table has no picture or moves"
