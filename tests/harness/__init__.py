"""An offline Discord for tests: a real discord.py bot, a fake Discord, the API spec as referee.

See README.md beside this file. The pytest fixtures live in ``tests.harness.pytest_plugin``.
"""

from tests.harness.fakecord import ACK_DEADLINE, SETTLE_TASK_PREFIXES, FakeDiscord, SettleTimeout
from tests.harness.guilds import ADMINISTRATOR, MANAGE_GUILD, Channel, Guild, Member, User
from tests.harness.interactions import InteractionResult
from tests.harness.messages import StoredMessage
from tests.harness.problems import Expected, Problem, ProblemKind, Problems
from tests.harness.recording import DiscordHTTPError, RecordedRequest, UnknownRoute
from tests.harness.runner import Harness
from tests.harness.spec import (
    SpecNotFound,
    load_spec,
    require_spec,
    validate_request,
    validate_sync_payload,
)
from tests.harness.world import World

__all__ = [
    "ACK_DEADLINE",
    "ADMINISTRATOR",
    "MANAGE_GUILD",
    "SETTLE_TASK_PREFIXES",
    "Channel",
    "DiscordHTTPError",
    "Expected",
    "FakeDiscord",
    "Guild",
    "Harness",
    "InteractionResult",
    "Member",
    "Problem",
    "ProblemKind",
    "Problems",
    "RecordedRequest",
    "SettleTimeout",
    "SpecNotFound",
    "StoredMessage",
    "UnknownRoute",
    "User",
    "World",
    "load_spec",
    "require_spec",
    "validate_request",
    "validate_sync_payload",
]
