"""pydantic models that play as plain Python objects: the crawls' states, parties and events.

A crawl move assigns a few fields and builds an event or two; pydantic's per-assignment dispatch
and its validation of values the engine already holds cost more than the rules themselves. The
models stay pydantic models everywhere else: saved and loaded as JSON (validated then), copied,
compared, dumped. Only the engines' own assignments and builds skip the checks, and type checkers
still check both as if pydantic made them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar, cast

from pydantic import AfterValidator, BaseModel, BeforeValidator, PlainValidator, WrapValidator

P = ParamSpec("P")
M = TypeVar("M", bound=BaseModel)


class PlainAssignment:
    """Fields assigned as on any Python object: stored, with no per-assignment dispatch.

    For models that validate nothing on assignment or build beyond the fields' types: a model
    with validators, private attributes or validated assignment is refused as it is made. A
    frozen model that takes this on is frozen by convention only: its engine builds it and no
    one assigns to it after. Assignment does not add to `model_fields_set`, which no one reads
    of these models. Type checkers still see pydantic's own __setattr__, so a misspelt field
    stays an error where the model is used; in the model's own methods they take
    `self.misspelt = ...` for a new attribute, which would be stored where no save sees it, so
    tests check that the states hold their fields and nothing else.
    """

    if not TYPE_CHECKING:
        # Both, as Python finds them by one slot: with pydantic's __delattr__ left in place,
        # every assignment would go through a Python-level lookup of __setattr__.
        __setattr__ = object.__setattr__
        __delattr__ = object.__delattr__

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """Refuses, as the model is made, one that pydantic would do more for on an assignment
        or a build than store the values: neither the assignments nor `built` would do it."""
        skipped = _skipped_by_building(cast("type[BaseModel]", cls))
        if skipped is not None:
            raise TypeError(f"{cls.__name__} has {skipped}: it cannot assign or build plainly")


def built(model: Callable[P, M], *_: P.args, **fields: P.kwargs) -> M:
    """`model(**fields)` for a PlainAssignment model, from values that already have the fields'
    types: stored as given, without validation (type checkers check the call as `model(...)`).

    Fields left out take their defaults, and `model_fields_set` holds the fields given, as in
    a validated build, so the model compares, copies and saves the same.
    """
    if _:
        raise TypeError("built() takes a model's fields by name")
    cls: Any = model  # typed as a callable only so that the call is checked
    known = _DEFAULTS.get(cls)
    plain, made_anew = known if known is not None else _defaults(cls)
    instance: Any = _new(cls)
    if made_anew:
        instance.__dict__ = _with_new_defaults(plain | fields, made_anew, fields)
    else:
        instance.__dict__ = plain | fields
    instance.__pydantic_fields_set__ = set(fields)
    instance.__pydantic_extra__ = None
    instance.__pydantic_private__ = None
    return instance


def _with_new_defaults(
    values: dict[str, Any], made_anew: MadeAnew, given: dict[str, Any]
) -> dict[str, Any]:
    """`values` with a fresh default (a new list, say) for each such field not given: most
    models have none, and their builds skip this."""
    for name, make in made_anew:
        if name not in given:
            values[name] = make()
    return values


_new = object.__new__
MadeAnew = tuple[tuple[str, Callable[[], Any]], ...]
Defaults = tuple[dict[str, Any], MadeAnew]
_DEFAULTS: dict[type[BaseModel], Defaults] = {}


def _defaults(model: type[BaseModel]) -> Defaults:
    """A model's fields in order, each with its default (None for a required one), and the
    fields whose default is made anew for each instance (a list, say), with what makes it."""
    known = _DEFAULTS.get(model)
    if known is not None:
        return known
    if not issubclass(model, PlainAssignment):
        raise TypeError(f"{model.__name__} assigns through pydantic: build it with pydantic")
    plain: dict[str, Any] = {}
    made_anew: list[tuple[str, Callable[[], Any]]] = []
    for name, field in model.model_fields.items():
        plain[name] = None
        if field.default_factory is not None:
            # One of pydantic's two kinds of factory, the one called with nothing: the other
            # kind, which reads the fields validated before it, is refused as the model is
            # made (`_skipped_by_building`), a check its type cannot narrow by.
            made_anew.append((name, cast("Callable[[], Any]", field.default_factory)))
        elif isinstance(default := field.default, list | dict | set):
            copy: Callable[[], object] = default.copy  # its own copy method: no dispatch
            made_anew.append((name, copy))
        elif not field.is_required():
            plain[name] = field.default
    _DEFAULTS[model] = known = (plain, tuple(made_anew))
    return known


_VALIDATORS = (AfterValidator, BeforeValidator, PlainValidator, WrapValidator)


def _skipped_by_building(model: type[BaseModel]) -> str | None:
    """What pydantic would do on a build or an assignment that storing the values leaves
    undone, if the model has any."""
    decorators = model.__pydantic_decorators__
    if decorators.validators or decorators.field_validators or decorators.root_validators:
        return "a field validator"
    if decorators.model_validators:
        return "a model validator"
    if any(
        isinstance(note, _VALIDATORS) for f in model.model_fields.values() for note in f.metadata
    ):
        return "a field validator"
    if any(f.default_factory_takes_validated_data for f in model.model_fields.values()):
        return "a default made from the other fields"
    if model.__private_attributes__:
        return "private attributes"
    if model.__pydantic_post_init__ is not None:
        return "a model_post_init"
    if model.model_config.get("extra") == "allow" or model.model_config.get("validate_assignment"):
        return "settings for extra fields or validated assignment"
    return None
