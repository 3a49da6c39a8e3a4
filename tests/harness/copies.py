"""Copies of what crosses the wire.

Everything the offline Discord keeps or hands over (a message, a gateway event, a request's
body) is JSON on the real wire, so a copy through JSON is both faithful and several times
quicker than `copy.deepcopy`. That matters in a burst, where the harness shares the event loop
with the bot it tests: its copies would otherwise count against the bot's deadline.
"""

from __future__ import annotations

import json
from typing import TypeVar

T = TypeVar("T")


def wire_copy(value: T) -> T:
    """A deep copy of JSON data, as it would arrive after crossing the wire."""
    return json.loads(json.dumps(value))
