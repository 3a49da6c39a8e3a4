"""`python -m bot` runs the Discord bot; `python -m bot play GAME` plays in the terminal."""

from __future__ import annotations

import argparse
import sys

from bot.cli import GAMES, play


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    commands = parser.add_subparsers(dest="command")
    play_cmd = commands.add_parser("play", help="play a game in this terminal, no Discord needed")
    play_cmd.add_argument("game", choices=sorted(GAMES))
    play_cmd.add_argument(
        "--variant",
        help="scoundrel: easy, classic (default), hard; dragons: solo (default), duel (2 players);"
        " deuces: encounter (default), quest-beginner, quest-hardcore",
    )
    play_cmd.add_argument("--seed", type=int, help="deal a known deck (same seed, same game)")
    play_cmd.add_argument(
        "--level", type=int, default=1, choices=range(1, 6), help="deuces: the party's level"
    )
    sync_cmd = commands.add_parser("sync", help="register the slash commands with Discord")
    sync_cmd.add_argument("--guild", type=int, help="only in this server (instant, for testing)")
    commands.add_parser("run", help="run the bot (the default)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.command == "play" and args.game == "deuces":
        from bot.deuces_cli import play_deuces

        return play_deuces(args.variant, seed=args.seed, level=args.level)
    if args.command == "play":
        return play(args.game, variant=args.variant, seed=args.seed)
    from bot.app import run

    return run(sync_only=args.command == "sync", sync_guild=getattr(args, "guild", None))


if __name__ == "__main__":
    sys.exit(main())
