"""Discord's OpenAPI spec as a request-body checker.

The fake Discord answers whatever it is sent; this module is what makes it say "Discord would
reject that". Every JSON body the bot sends is validated (JSON Schema 2020-12, with format
checking) against the request schema the spec gives for the route, so a button label over 80
characters or an embed title over 256 fails a test here instead of failing in production.

The spec is not part of the repository. It is found through ``DISCORD_OPENAPI_SPEC``, else at
``<repo root>/../shared/discord-api-spec/openapi.json``. Without it, body checks are skipped (spec
tests skip with a reason) unless ``REQUIRE_DISCORD_SPEC=1``, which makes a missing spec fatal.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema
from jsonschema.exceptions import best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

if TYPE_CHECKING:
    from discord import app_commands
    from discord.abc import Snowflake

SPEC_ENV = "DISCORD_OPENAPI_SPEC"
REQUIRE_ENV = "REQUIRE_DISCORD_SPEC"
_SPEC_URI = "urn:discord-openapi"
_METHODS = ("get", "put", "post", "patch", "delete")


class SpecNotFound(RuntimeError):
    """The spec is required (``REQUIRE_DISCORD_SPEC=1``) but could not be found."""


@dataclass(frozen=True)
class SpecMatch:
    """A discord.py route resolved to the spec: which spec path, and its operation (if any)."""

    spec_path: str
    operation: dict[str, Any] | None


def repo_root() -> Path:
    """The folder holding pyproject.toml, found upwards from this file."""
    for folder in Path(__file__).resolve().parents:
        if (folder / "pyproject.toml").is_file():
            return folder
    raise RuntimeError("pyproject.toml not found above tests/harness")


def spec_location() -> Path:
    """Where the spec is looked for: ``$DISCORD_OPENAPI_SPEC`` or the shared folder."""
    configured = os.environ.get(SPEC_ENV)
    if configured:
        return Path(configured).expanduser()
    return repo_root().parent / "shared" / "discord-api-spec" / "openapi.json"


def spec_required() -> bool:
    """True when a missing spec must fail the run instead of skipping the body checks."""
    return os.environ.get(REQUIRE_ENV, "").strip() not in ("", "0", "false", "no")


def missing_reason() -> str:
    return (
        f"Discord OpenAPI spec not found at {spec_location()}; request bodies are not validated "
        f"(set {SPEC_ENV} to its path; {REQUIRE_ENV}=1 makes this an error)"
    )


def _segments(path: str) -> tuple[str | None, ...]:
    """Path segments with every ``{placeholder}`` turned into a wildcard (None)."""
    path = path.split("?", 1)[0].strip("/")
    return tuple(None if s.startswith("{") and s.endswith("}") else s for s in path.split("/"))


class DiscordSpec:
    """One loaded spec: route matching and cached, compiled body validators."""

    def __init__(self, document: dict[str, Any], source: Path) -> None:
        self.document = document
        self.source = source
        self._paths = [(_segments(p), p) for p in document.get("paths", {})]
        self._registry = _registry(document)
        self._request_registry = _registry(_integer_snowflakes(document))
        self._validators: dict[tuple[str, ...], jsonschema.protocols.Validator | None] = {}
        self._matches: dict[str, str | None] = {}

    def match(self, path: str) -> str | None:
        """The spec path for a discord.py route path (``/channels/{channel_id}/messages``...).

        Placeholders match any segment whatever their names; literal segments (``@original``,
        ``@me``, ``callback``) must be equal. Where several spec paths match, the one with the
        most literal segments, leftmost first, wins, as OpenAPI prefers concrete paths.
        """
        if path not in self._matches:
            self._matches[path] = self._match(path)
        return self._matches[path]

    def _match(self, path: str) -> str | None:
        wanted = _segments(path)
        best: tuple[tuple[bool, ...], str] | None = None
        for segments, spec_path in self._paths:
            if len(segments) != len(wanted):
                continue
            if all(s is None or s == w for s, w in zip(segments, wanted, strict=True)):
                rank = tuple(s is not None for s in segments)
                if best is None or rank > best[0]:
                    best = (rank, spec_path)
        return best[1] if best else None

    def validator(self, spec_path: str, method: str) -> jsonschema.protocols.Validator | None:
        """The compiled validator for a path's JSON request body, or None if the spec has none."""
        return self._validator(spec_path, method.lower(), ("requestBody",))

    def response_validator(
        self, spec_path: str, method: str, status: int
    ) -> jsonschema.protocols.Validator | None:
        """The compiled validator for a JSON response with this status, or None."""
        return self._validator(spec_path, method.lower(), ("responses", str(status)))

    def _validator(
        self, spec_path: str, method: str, where: tuple[str, ...]
    ) -> jsonschema.protocols.Validator | None:
        key = (spec_path, method, *where)
        if key not in self._validators:
            self._validators[key] = self._build_validator(spec_path, method, where)
        return self._validators[key]

    def _build_validator(
        self, spec_path: str, method: str, where: tuple[str, ...]
    ) -> jsonschema.protocols.Validator | None:
        node: Any = self.document["paths"][spec_path].get(method) or {}
        for part in where:
            node = node.get(part) or {}
        if "application/json" not in (node.get("content") or {}):
            return None
        parts = ("paths", spec_path, method, *where, "content", "application/json", "schema")
        pointer = "/".join(part.replace("~", "~0").replace("/", "~1") for part in parts)
        registry = self._request_registry if where[0] == "requestBody" else self._registry
        return jsonschema.Draft202012Validator(
            {"$ref": f"{_SPEC_URI}#/{pointer}"},
            registry=registry,
            format_checker=jsonschema.FormatChecker(),
        )

    def _operation(self, method: str, path: str) -> tuple[str | None, list[str]]:
        spec_path = self.match(path)
        if spec_path is None:
            return None, [f"no path in the spec matches {path}"]
        if method.lower() not in self.document["paths"][spec_path]:
            return None, [f"the spec has no {method.upper()} for {spec_path}"]
        return spec_path, []

    def check_request(self, method: str, path: str, body: Any) -> list[str]:
        """Problems with one request body ([] when Discord's spec accepts it).

        A body sent to a route or method the spec does not know, or one for which the spec gives
        no JSON request schema, is a problem too: Discord would not accept it either.
        """
        if body is None:
            return []
        spec_path, problems = self._operation(method, path)
        if spec_path is None:
            return problems
        validator = self.validator(spec_path, method)
        if validator is None:
            return [f"the spec gives no JSON request body for {method.upper()} {spec_path}"]
        return describe_errors(validator, body)

    def check_response(self, method: str, path: str, status: int, body: Any) -> list[str]:
        """Problems with a response body: how the fake Discord keeps its answers honest."""
        spec_path, problems = self._operation(method, path)
        if spec_path is None:
            return problems
        validator = self.response_validator(spec_path, method, status)
        if validator is None:
            has_status = str(status) in self.document["paths"][spec_path][method.lower()].get(
                "responses", {}
            )
            if body is None and has_status:
                return []
            return [f"the spec gives no JSON {status} response for {method.upper()} {spec_path}"]
        return describe_errors(validator, body)


def _registry(document: dict[str, Any]) -> Registry:
    resource = Resource.from_contents(document, default_specification=DRAFT202012)
    return Registry().with_resource(_SPEC_URI, resource)


def _integer_snowflakes(document: dict[str, Any]) -> dict[str, Any]:
    """The spec as Discord applies it to requests: a snowflake may also be a JSON integer.

    The spec types snowflakes as strings only, but Discord accepts integers in request bodies
    (its own upload examples send ``"attachments": [{"id": 0}]``, and so does discord.py).
    Responses are still checked against the strict spec.
    """
    schemas = document["components"]["schemas"]
    lenient = {"anyOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]}
    return {
        **document,
        "components": {
            **document["components"],
            "schemas": {**schemas, "SnowflakeType": lenient},
        },
    }


def describe_errors(validator: jsonschema.protocols.Validator, body: Any) -> list[str]:
    """One readable line for the most relevant error, noting how many others there were.

    A valid body is the common case and ``is_valid`` stops at the first branch of a union that
    fits, where collecting every error walks all of them: ten times faster per request.
    """
    if validator.is_valid(body):
        return []
    found = list(validator.iter_errors(body))
    best = _most_specific(best_match(found))
    text = best.message.replace(repr(best.instance), _short(best.instance))
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return [f"{best.json_path}: {text}{more}"]


def _short(instance: Any) -> str:
    """The offending value, cut down to a readable length (its size still shown)."""
    text = repr(instance)
    if len(text) <= 60:
        return text
    size = f"{len(instance)} chars" if isinstance(instance, str) else f"{len(text)} chars as repr"
    return f"{text[:40]}... ({size})"


def _most_specific(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """Follow anyOf/oneOf failures down to the branch that got furthest into the body.

    The spec's unions (callback types, component kinds) otherwise report only "not valid under
    any of the given schemas" for the whole body.
    """
    if not error.context:
        return error
    leaves = [_most_specific(child) for child in error.context]
    return max(leaves, key=lambda leaf: len(leaf.absolute_path))


@cache
def _load(location: Path) -> DiscordSpec | None:
    if not location.is_file():
        return None
    with location.open(encoding="utf-8") as handle:
        return DiscordSpec(json.load(handle), location)


def load_spec() -> DiscordSpec | None:
    """The spec, loaded once per process; None when it is not found (and not required).

    Raises SpecNotFound when ``REQUIRE_DISCORD_SPEC=1`` and the file is missing.
    """
    spec = _load(spec_location().resolve())
    if spec is None and spec_required():
        raise SpecNotFound(missing_reason())
    return spec


def require_spec() -> DiscordSpec:
    """For tests about the spec itself: skip them (with the reason) when there is no spec.

    With ``REQUIRE_DISCORD_SPEC=1`` a missing spec fails the test instead.
    """
    import pytest  # only tests call this; the rest of the module works without pytest

    try:
        spec = load_spec()
    except SpecNotFound as error:
        pytest.fail(str(error), pytrace=False)
    if spec is None:
        pytest.skip(missing_reason())
    return spec


def validate_request(method: str, path: str, body: Any) -> list[str]:
    """Check one request body against the spec; [] when valid or when there is no spec."""
    spec = load_spec()
    return spec.check_request(method, path, body) if spec else []


def command_payload(
    tree: app_commands.CommandTree, *, guild: Snowflake | None = None
) -> list[dict[str, Any]]:
    """The body ``tree.sync(guild=...)`` would PUT (untranslated), built the way sync builds it."""
    return [command.to_dict(tree) for command in tree.get_commands(guild=guild)]


def validate_sync_payload(
    tree: app_commands.CommandTree, *, guild: Snowflake | None = None
) -> list[str]:
    """Check a command tree's bulk-overwrite body (global, or for one guild) against the spec."""
    path = (
        "/applications/{application_id}/commands"
        if guild is None
        else "/applications/{application_id}/guilds/{guild_id}/commands"
    )
    return validate_request("PUT", path, command_payload(tree, guild=guild))
