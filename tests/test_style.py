"""The code base stays ruff-clean (lint and format), checked with every test run."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("args", [["check", "."], ["format", "--check", "."]])
def test_ruff(args: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_source_folder_is_a_package() -> None:
    """A folder without __init__.py is left out of an installed (non-editable) bot."""
    for top in ("bot", "cogs", "storage"):
        for folder in [ROOT / top, *(ROOT / top).rglob("*")]:
            if folder.is_dir() and any(folder.glob("*.py")) and folder.name != "__pycache__":
                assert (folder / "__init__.py").exists(), f"{folder} is not a package"
