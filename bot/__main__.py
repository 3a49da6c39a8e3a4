"""`python -m bot` runs the Discord bot (`--shards 0-3 --shard-count 8`: only those shards);
`python -m bot play GAME` plays in a terminal; `python -m bot rules GAME [--mode MODE]` prints
its rules (a mode's own page, where the game has them);
`python -m bot gallery FOLDER` writes every kind of message the games show, for review;
`python -m bot migrate-store --from URL --to URL` copies a store into another, empty one;
`python -m bot doctor` lists the stored games that no longer load;
`python -m bot replay GAME_ID` replays a finished game of the store in the terminal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from bot.cli import play, show_rules
from bot.config import parse_shard_range, shard_problem
from bot.games.registry import GAMES
from bot.replay_cli import add_parser as add_replay_parser
from bot.replay_cli import run as run_replay


def shard_range(text: str) -> list[int]:
    """--shards as argparse takes it: a bad range is a usage error (exit code 2)."""
    try:
        return parse_shard_range(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_shard_options(parser: argparse.ArgumentParser, default: Any) -> None:
    parser.add_argument(
        "--shards",
        type=shard_range,
        default=default,
        metavar="FIRST-LAST",
        help="run only these shards, e.g. 0-3 or 2 (with --shard-count; default: SHARDS, or"
        " every shard)",
    )
    parser.add_argument(
        "--shard-count",
        type=int,
        default=default,
        metavar="N",
        help="the number of shards across every process (default: SHARD_COUNT, or as Discord"
        " recommends)",
    )


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    add_shard_options(parser, None)
    commands = parser.add_subparsers(dest="command")
    play_cmd = commands.add_parser("play", help="play a game in this terminal, no Discord needed")
    play_cmd.add_argument("game", choices=sorted(GAMES))
    variants = "; ".join(
        f"{key}: "
        + ", ".join(
            v.key + (" (default)" if v.key == g.info.default_variant else "")
            for v in g.info.variants
        )
        for key, g in GAMES.items()
    )
    play_cmd.add_argument("--variant", help=variants)
    play_cmd.add_argument("--seed", type=int, help="deal a known deck (same seed, same game)")
    play_cmd.add_argument(
        "--players", type=int, help="seats at the table (default: the fewest the variant takes)"
    )
    play_cmd.add_argument(
        "--humans",
        type=int,
        help="how many of the seats take turns at this keyboard; the bot plays the rest, in"
        " games that have bot players (default 1)",
    )
    settings = {s.name: s for g in GAMES.values() for s in g.info.settings}
    for setting in settings.values():
        named = ", ".join(f"{value} = {label}" for label, value in setting.choices)
        play_cmd.add_argument(
            f"--{setting.name}",
            type=int,
            help=f"{setting.description}, from {setting.minimum} to {setting.maximum}"
            f"{f' ({named})' if named else ''}",
            metavar=setting.name.upper(),
        )
    rules_cmd = commands.add_parser("rules", help="print a game's rules, as /rules shows them")
    rules_cmd.add_argument("game", choices=sorted(GAMES))
    modes = "; ".join(
        f"{key}: " + ", ".join(page.key for page in g.rules.pages)
        for key, g in GAMES.items()
        if g.rules.pages
    )
    rules_cmd.add_argument(
        "--mode", help=f"one mode's own page, where the game has them ({modes}); default: the core"
    )
    sync_cmd = commands.add_parser("sync", help="register the slash commands with Discord")
    sync_cmd.add_argument("--guild", type=int, help="only in this server (instant, for testing)")
    run_cmd = commands.add_parser("run", help="run the bot (the default)")
    add_shard_options(run_cmd, argparse.SUPPRESS)  # given after `run`, or before it
    gallery_cmd = commands.add_parser(
        "gallery", help="write every kind of message each game shows (pictures and text)"
    )
    gallery_cmd.add_argument("folder", help="where to write them (made if missing)")
    gallery_cmd.add_argument("--seed", type=int, default=1, help="the deals' seed")
    migrate_cmd = commands.add_parser(
        "migrate-store",
        help="copy every game, result, rating and board into another, empty store",
        description="Copy a whole store into an empty one (e.g. SQLite into PostgreSQL), then"
        " check that every table's row count matches. Stop the bot first.",
    )
    migrate_cmd.add_argument(
        "--from",
        dest="source",
        required=True,
        metavar="URL",
        help="e.g. sqlite:///data/bot.sqlite3",
    )
    migrate_cmd.add_argument(
        "--to",
        dest="target",
        required=True,
        metavar="URL",
        help="e.g. postgresql://bot:PASSWORD@localhost:5432/bot (must hold no games yet)",
    )
    doctor_cmd = commands.add_parser(
        "doctor",
        help="list the stored games that no longer load (and check that every other does)",
    )
    doctor_cmd.add_argument(
        "--url", metavar="URL", help="the store to check (default: DATABASE_URL)"
    )
    add_replay_parser(commands)
    args = parser.parse_args(argv)
    check_shards(parser, args)
    return args


def check_shards(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """A shard range must fit the count, and only running the bot takes either (exit code 2)."""
    if args.shards is None and args.shard_count is None:
        return
    if args.command not in (None, "run"):
        parser.error("--shards and --shard-count are for running the bot")
    if args.shard_count is not None and args.shard_count < 1:
        parser.error("argument --shard-count: must be at least 1")
    if args.shards is not None:
        problem = shard_problem(args.shards, args.shard_count)
        if problem:
            parser.error(f"argument --shards: {problem}")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.command == "play":
        every = {s.name for g in GAMES.values() for s in g.info.settings}
        chosen = {name: getattr(args, name) for name in every if getattr(args, name) is not None}
        return play(
            args.game,
            variant=args.variant,
            seed=args.seed,
            settings=chosen,
            players=args.players,
            humans=args.humans,
        )
    if args.command == "rules":
        return show_rules(args.game, args.mode)
    if args.command == "migrate-store":
        return migrate_store(args.source, args.target)
    if args.command == "doctor":
        return check_store(args.url)
    if args.command == "replay":
        return run_replay(args)
    if args.command == "gallery":
        from bot.gallery import write_gallery

        written = write_gallery(Path(args.folder), args.seed)
        print(written[-1].read_text(encoding="utf-8"), end="")  # the tables' phone heights
        print(f"Wrote {len(written)} files to {args.folder}")
        return 0
    from bot.app import run

    shards = None if args.shard_count is None else (args.shards, args.shard_count)
    return run(
        sync_only=args.command == "sync", sync_guild=getattr(args, "guild", None), shards=shards
    )


def check_store(url: str | None) -> int:
    import asyncio

    from bot.config import cannot_open, store_url
    from bot.doctor import doctor
    from storage import StoreError

    url = store_url(url)
    if url is None:
        return 2
    try:
        return asyncio.run(doctor(url))
    except (StoreError, ValueError, OSError) as error:
        print(cannot_open(url, error), file=sys.stderr)
        return 2


def migrate_store(source: str, target: str) -> int:
    import asyncio

    from bot.config import printable_url, scrubbed
    from storage import StoreError
    from storage.migrate import MigrationRefused
    from storage.migrate import migrate_store as copy_store

    print(f"Copying {printable_url(source)} into {printable_url(target)}:")
    try:
        asyncio.run(copy_store(source, target))
    except (MigrationRefused, StoreError, ValueError, OSError) as error:
        said = scrubbed(scrubbed(str(error), source), target)
        print(f"Nothing was copied: {said}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
