"""One bot process for a test: `python -m bot` (through `launch.py`) on a shard range, started,
killed with SIGKILL and started again, its output kept in a file to read after.

Every process a test starts is killed when the test ends (`BotProcesses.close`), whatever
happened, so none outlives a failed run.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tests.processes.launch import API_ENV, GATEWAY_ENV, SEEDS_ENV

ROOT = Path(__file__).resolve().parents[2]
FAKE_TOKEN = "fake-token-for-the-served-discord"
ERROR_LINE = re.compile(r"\[(ERROR|CRITICAL)\s*\]|Traceback \(most recent call last\)")
"""A line of the bot's log (discord.utils.setup_logging's format) that reports a failure."""


@dataclass(eq=False)
class BotProcess:
    """`python -m bot --shards FIRST-LAST --shard-count N` on one database and one fake; its
    new games are dealt from `seeds` in turn (from the first again after a restart)."""

    name: str
    shards: str
    shard_count: int
    seeds: list[int]
    environment: dict[str, str]
    log_folder: Path
    runs: int = 0
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def log_path(self) -> Path:
        return self.log_folder / f"{self.name}-{self.runs}.log"

    def start(self) -> None:
        """Start the process (again, after a kill); its output goes to a new log file."""
        assert self.process is None or self.process.poll() is not None, "already running"
        self.runs += 1
        command = [sys.executable, "-m", "tests.processes.launch", "run"]
        command += ["--shards", self.shards, "--shard-count", str(self.shard_count)]
        environment = {**self.environment, SEEDS_ENV: ",".join(map(str, self.seeds))}
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=environment, stdout=log, stderr=subprocess.STDOUT
            )

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, open connections and transactions just vanish."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def logs(self) -> str:
        """What every run of this process printed so far."""
        runs = [self.log_folder / f"{self.name}-{n}.log" for n in range(1, self.runs + 1)]
        return "\n".join(path.read_text(errors="replace") for path in runs if path.exists())

    def errors(self) -> list[str]:
        """The lines of its logs that report an error or a traceback."""
        return [line for line in self.logs().splitlines() if ERROR_LINE.search(line)]


def bot_environment(database_url: str, api_url: str, gateway_url: str) -> dict[str, str]:
    """The environment of a bot process: the parent's, with the bot's settings for the test.

    One thinking process fewer (THINKING_PROCESSES=0: hints are worked out in a thread) keeps
    two bots within a two-core machine."""
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SHARD"))}
    return {
        **keep,
        "DISCORD_TOKEN": FAKE_TOKEN,
        "DATABASE_URL": database_url,
        "THINKING_PROCESSES": "0",
        "LOG_LEVEL": "INFO",
        "PYTHONUNBUFFERED": "1",
        API_ENV: api_url,
        GATEWAY_ENV: gateway_url,
    }


class BotProcesses:
    """The processes of one test, killed together at its end."""

    def __init__(self, environment: dict[str, str], log_folder: Path, shard_count: int) -> None:
        self.environment = environment
        self.log_folder = log_folder
        self.shard_count = shard_count
        self.all: list[BotProcess] = []

    def start(self, name: str, shards: str, seeds: list[int]) -> BotProcess:
        process = BotProcess(
            name, shards, self.shard_count, seeds, self.environment, self.log_folder
        )
        self.all.append(process)
        process.start()
        return process

    def close(self) -> None:
        for process in self.all:
            process.kill()
