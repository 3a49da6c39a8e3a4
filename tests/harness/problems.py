"""What makes a Discord test fail even when its own assertions pass.

A bot can look right in a test and still be broken for users: a body Discord would reject, an
exception discord.py swallowed into its log, a click nobody answered ("This interaction
failed"). The fake records each as a ``Problem``; the pytest plugin fails the test on any that
the test did not explicitly expect with ``expect_errors()``.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


class ProblemKind(enum.Enum):
    SPEC_VIOLATION = "request body rejected by the Discord API spec"
    ERROR_LOGGED = "error logged"
    UNACKNOWLEDGED = "interaction never acknowledged (the user sees 'This interaction failed')"
    LATE_ACK = "interaction acknowledged after the deadline (Discord: 10062 Unknown interaction)"
    UNKNOWN_ROUTE = "request to a route the fake Discord does not implement"
    STRAY_PING = "a message that would notify a role or everyone"


@dataclass(frozen=True)
class Problem:
    kind: ProblemKind
    summary: str
    detail: str = ""

    def describe(self) -> str:
        text = f"[{self.kind.value}] {self.summary}"
        if self.detail:
            text += "\n" + "\n".join("    " + line for line in self.detail.rstrip().splitlines())
        return text


@dataclass
class Expected:
    """The problems captured inside one ``expect_errors()`` block."""

    kinds: frozenset[ProblemKind]
    problems: list[Problem] = field(default_factory=list)

    def of(self, kind: ProblemKind) -> list[Problem]:
        return [p for p in self.problems if p.kind is kind]

    @property
    def errors(self) -> list[Problem]:
        return self.of(ProblemKind.ERROR_LOGGED)

    @property
    def violations(self) -> list[Problem]:
        return self.of(ProblemKind.SPEC_VIOLATION)

    @property
    def unacknowledged(self) -> list[Problem]:
        return self.of(ProblemKind.UNACKNOWLEDGED)

    @property
    def late(self) -> list[Problem]:
        return self.of(ProblemKind.LATE_ACK)


class Problems:
    """Problems found so far, shared by every bot a test starts on its world."""

    def __init__(self) -> None:
        self.found: list[Problem] = []
        self._expecting: list[Expected] = []
        self._reported = 0

    def add(self, kind: ProblemKind, summary: str, detail: str = "") -> None:
        problem = Problem(kind, summary, detail)
        for expected in reversed(self._expecting):
            if kind in expected.kinds:
                expected.problems.append(problem)
                return
        self.found.append(problem)

    @contextmanager
    def expect(self, *kinds: ProblemKind) -> Iterator[Expected]:
        """Capture problems of these kinds (all kinds if none given) instead of failing on them.

        Like ``pytest.raises``, the block must produce at least one: an expected error that
        never happens is a test that no longer tests anything.
        """
        expected = Expected(frozenset(kinds or ProblemKind))
        self._expecting.append(expected)
        try:
            yield expected
        finally:
            self._expecting.remove(expected)
        if not expected.problems:
            wanted = ", ".join(sorted(k.name for k in expected.kinds))
            raise AssertionError(f"expected a problem ({wanted}) but none happened")

    def unreported(self) -> list[Problem]:
        """Problems not yet returned by this method (each is reported once)."""
        new = self.found[self._reported :]
        self._reported = len(self.found)
        return new


def report(problems: list[Problem]) -> str:
    lines = [f"the fake Discord found {len(problems)} problem(s):"]
    lines += [f"{i}. {p.describe()}" for i, p in enumerate(problems, 1)]
    lines.append("(wrap deliberate ones in `with discord.expect_errors(): ...`)")
    return "\n".join(lines)


class ErrorLogCollector(logging.Handler):
    """Records ERROR (and worse) log records as problems, traceback included.

    discord.py logs, rather than raises, an exception in a command, a view callback or an event
    listener, so without this a crashing handler can pass a test.
    """

    def __init__(self, problems: Problems) -> None:
        super().__init__(logging.ERROR)
        self.problems = problems
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        detail = ""
        if record.exc_info:
            detail = self.formatter.formatException(record.exc_info) if self.formatter else ""
        self.problems.add(ProblemKind.ERROR_LOGGED, f"{record.name}: {record.getMessage()}", detail)
