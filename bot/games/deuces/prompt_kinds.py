"""Each kind of prompt a table asks its players, with everything about it in one class."""

from __future__ import annotations

from typing import Generic, TypeVar

P = TypeVar("P")


class PromptKind(Generic[P]):
    """The rules of one kind of prompt."""

    prompt: type[P]
