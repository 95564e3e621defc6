"""JSON wire forms of views, events and legal moves: what a host sends to its clients.

Every form is plain JSON-ready data (dicts, lists, strings, numbers, booleans, ``None``),
derived generically from the fields of the named tuples and ``attrs`` classes, so a new
event type needs no code here. Values are written as in the text notation:

* a card is its text (``"7h"``, ``"10s"``), a suit its letter (``"h"``), a rank its text
  (``"Q"``), an effect its text form (``"attack 5 by 1"``), a variant its name;
* a number that is not finite (an infinite match limit, RU-18) is ``null``: JSON has no
  such number;
* an event or any other record is an object whose ``"type"`` is its class name, followed
  by its fields (``{"type": "CardsDrawn", "seat": 1, "cards": [], ...}``);
* a view is an object with ``"type": "View"`` and its fields, ``public`` as an object;
* legal moves are a list of ``{"id": n, "text": "7h"}``: the id is the move's index in the
  list, valid for the state (``version``) it was sent with.

The forms are described by the JSON Schema ``docs/host/wire.schema.json``
([`schema`][makao.wire.schema] builds it; version `VERSION`).
"""

from __future__ import annotations

import enum
import json
import math
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from makao._text import shown
from makao.cards import Card, Rank, Suit
from makao.errors import StateError
from makao.moves import Move
from makao.rules.base import Effect
from makao.variant import Variant

__all__ = [
    "VERSION",
    "dumps",
    "event_to_dict",
    "events_to_list",
    "moves_to_list",
    "schema",
    "to_data",
    "view_to_dict",
]

VERSION = 1
"""The version of the wire forms and of their JSON Schema; raised on incompatible changes."""

#: The JSON Schema draft the schema is written in.
_DRAFT = "https://json-schema.org/draft/2020-12/schema"
#: Containers nested deeper than this are refused (bounded work on odd inputs).
_MAX_DEPTH = 32


def to_data(value: object, depth: int = 0) -> Any:
    """``value`` as JSON-ready data: cards, suits, ranks, effects, variants and records
    written as described in the module docs; raises [`StateError`][makao.errors.StateError] for a
    value with no JSON form, and for a ``depth`` (the nesting already above ``value``) that
    is not a whole number 0 or more."""
    if type(depth) is not int or depth < 0:
        raise StateError(f"depth must be a whole number 0 or more, not {shown(depth, 60)}")
    return _to_data(value, depth)


def _to_data(value: object, depth: int) -> Any:
    if depth > _MAX_DEPTH:
        raise StateError(f"a value nested more than {_MAX_DEPTH} deep has no JSON form")
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, (Card, enum.Enum)) or _is_move_class(type(value)):
        return str(value)
    if isinstance(value, Effect):
        return _effect_text(value)
    if isinstance(value, Variant):
        return value.name
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if _is_record(value):
        return _record(value, depth)
    if isinstance(value, (tuple, list, frozenset, set)):
        return [_to_data(item, depth + 1) for item in value]
    if isinstance(value, Mapping):
        return _mapping(value, depth)
    raise StateError(f"{type(value).__name__} has no JSON form")


def _mapping(value: Mapping[Any, Any], depth: int) -> dict[str, Any]:
    data = {str(key): _to_data(item, depth + 1) for key, item in value.items()}
    if len(data) < len(value):
        raise StateError("a mapping with two keys of the same text has no JSON form")
    return data


def _is_record(value: object) -> bool:
    return (isinstance(value, tuple) and hasattr(value, "_fields")) or attrs.has(type(value))


def _is_move_class(cls: type) -> bool:
    """Moves (core, variant-defined and banking) are written in their text notation."""
    return issubclass(cls, Move) or cls.__module__ == "makao.banking.moves"


def _effect_text(effect: Effect) -> str:
    """An effect's text form (``"attack 5 by 1"``), or its class name if it has none."""
    try:
        return effect.to_text()
    except NotImplementedError:
        return type(effect).__name__


def _record(value: Any, depth: int) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(value).__name__}
    for name in _field_names(type(value)):
        data[name] = _to_data(getattr(value, name), depth + 1)
    return data


def _field_names(cls: type) -> tuple[str, ...]:
    fields = getattr(cls, "_fields", None)
    if fields is not None:
        return tuple(fields)
    return tuple(field.name for field in attrs.fields(cls))


def event_to_dict(event: object) -> dict[str, Any]:
    """One event (core or banking) as JSON-ready data: ``{"type": class name, fields…}``."""
    if not _is_record(event):
        raise StateError(f"not an event: {type(event).__name__}")
    return _record(event, 0)


def events_to_list(events: Iterable[object]) -> list[dict[str, Any]]:
    """Events as a list of [`event_to_dict`][makao.wire.event_to_dict] forms."""
    return [event_to_dict(event) for event in _iterable(events, "events")]


def view_to_dict(view: object) -> dict[str, Any]:
    """A view (core [`View`][makao.view.View] or banking) as JSON-ready data; its ``public``
    pairs become an object, and the last card of its pile is written as ``top`` (a view
    built by hand with an empty pile is a [`StateError`][makao.errors.StateError])."""
    if not _is_record(view):
        raise StateError(f"not a view: {type(view).__name__}")
    data = _record(view, 0)
    public = getattr(view, "public", None)
    if isinstance(public, tuple):
        data["public"] = {str(key): _to_data(value, 1) for key, value in public}
    if "pile" in data and "top" not in data:
        pile = data["pile"]
        if not isinstance(pile, list) or not pile:  # a game's pile never is (PL-4)
            raise StateError(
                f"a view's pile must list its cards, the top one last, not {shown(pile, 60)}"
            )
        data["top"] = pile[-1]
    data["schema"] = VERSION
    return data


def moves_to_list(moves: Iterable[object]) -> list[dict[str, Any]]:
    """Moves (objects or their text) as ``[{"id": 0, "text": "7h"}, …]``; raises
    [`StateError`][makao.errors.StateError] for a value that lists no moves (one text, bytes)
    or an item that is neither a move nor text."""
    if isinstance(moves, (str, bytes, bytearray)):
        raise StateError(f"moves must list moves, not one text {shown(moves, 60)}")
    listed: list[dict[str, Any]] = []
    for index, move in enumerate(_iterable(moves, "moves")):
        if not isinstance(move, str) and not _is_move_class(type(move)):
            raise StateError(f"moves must be moves or their text, not {shown(move, 60)}")
        listed.append({"id": index, "text": str(move)})
    return listed


def _iterable(value: Iterable[object], name: str) -> Iterable[object]:
    """``value`` if it can be iterated; a [`StateError`][makao.errors.StateError] otherwise."""
    try:
        iter(value)
    except TypeError:
        raise StateError(f"{name} must be an iterable, not {shown(value, 60)}") from None
    return value


def dumps(data: object) -> str:
    """Compact JSON text of wire data (UTF-8 characters kept); raises
    [`StateError`][makao.errors.StateError] for data that is not JSON (a NaN or infinite number,
    an object of another type; [`to_data`][makao.wire.to_data] makes any value JSON-ready)."""
    try:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:
        raise StateError(f"not JSON data: {error}") from None
    except RecursionError:
        raise StateError("not JSON data: nested too deeply") from None


# ---------------------------------------------------------------------------- schema


def schema() -> dict[str, Any]:
    """The JSON Schema of the wire forms, built from the fields of [`View`][makao.view.View]
    and of every core and banking event type (``docs/host/wire.schema.json`` holds it)."""
    from makao import events
    from makao.banking import events as banking_events
    from makao.banking.view import BankingView
    from makao.view import View

    core: tuple[type, ...] = typing.get_args(events.Event)
    banking: tuple[type, ...] = typing.get_args(banking_events.BankingEvent)
    event_defs = {cls.__name__: _record_schema(cls) for cls in core}
    event_defs.update({f"Banking{cls.__name__}": _record_schema(cls) for cls in banking})
    view = _view_schema(View)
    view["properties"]["public"] = {"type": "object"}
    view["properties"]["top"] = {"$ref": "#/$defs/card"}
    view["required"].append("top")
    return {
        "$schema": _DRAFT,
        "$id": f"https://makao.invalid/wire/v{VERSION}",
        "title": f"makao wire forms, version {VERSION}",
        "$defs": {
            "card": {"type": "string", "pattern": "^(10|[2-9JQKA])[cdhs]$"},
            "choice": {"type": ["string", "null"], "pattern": "^(10|[2-9JQKA]|[cdhs])$"},
            "moves": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"id": {"type": "integer"}, "text": {"type": "string"}},
                    "required": ["id", "text"],
                    "additionalProperties": False,
                },
            },
            "event": {"oneOf": [{"$ref": f"#/$defs/{name}"} for name in event_defs]},
            "events": {"type": "array", "items": {"$ref": "#/$defs/event"}},
            "View": view,
            "BankingView": _view_schema(BankingView),
            "Update": _update_schema(),
            **event_defs,
        },
    }


def _view_schema(cls: type) -> dict[str, Any]:
    view = _record_schema(cls)
    view["properties"]["schema"] = {"const": VERSION}
    view["required"].append("schema")
    return view


def _update_schema() -> dict[str, Any]:
    """What [`makao.host.Host.update`][makao.host.Host.update] sends a seat."""
    seat = {"type": ["integer", "null"]}
    properties = {
        "type": {"const": "Update"},
        "schema": {"const": VERSION},
        "seat": {"type": "integer"},
        "version": {"type": "integer"},
        "move": {"type": ["string", "null"]},
        "by": seat,
        "events": {"$ref": "#/$defs/events"},
        "view": {"$ref": "#/$defs/View"},
        "moves": {"$ref": "#/$defs/moves"},
    }
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _record_schema(cls: type) -> dict[str, Any]:
    from makao.banking.options import BankingOptions

    known = {"Variant": Variant, "BankingOptions": BankingOptions}
    hints = typing.get_type_hints(cls, localns=known)
    names = _field_names(cls)
    properties: dict[str, Any] = {"type": {"const": cls.__name__}}
    properties.update({name: _type_schema(hints[name]) for name in names})
    return {
        "type": "object",
        "properties": properties,
        "required": ["type", *names],
        "additionalProperties": False,
    }


def _type_schema(hint: Any) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return _union_schema(args)
    if origin is tuple:
        items = [_type_schema(arg) for arg in args if arg is not Ellipsis]
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": items[0]}
        return {"type": "array", "prefixItems": items, "minItems": len(items)}
    return _plain_schema(hint)


def _union_schema(args: tuple[Any, ...]) -> dict[str, Any]:
    rest = [arg for arg in args if arg is not type(None)]
    nullable = len(rest) < len(args)
    if set(rest) <= {Rank, Suit}:
        return {"$ref": "#/$defs/choice"} if nullable else {"type": "string"}
    options: list[dict[str, Any]] = []
    for arg in rest:
        option = _type_schema(arg)
        if option not in options:
            options.append(option)
    if nullable:
        options.append({"type": "null"})
    return options[0] if len(options) == 1 else {"anyOf": options}


def _plain_schema(hint: Any) -> dict[str, Any]:
    simple: dict[Any, dict[str, Any]] = {
        bool: {"type": "boolean"},
        int: {"type": "integer"},
        float: {"type": "number"},
        str: {"type": "string"},
        Card: {"$ref": "#/$defs/card"},
        Suit: {"type": "string", "pattern": "^[cdhs]$"},
        Rank: {"type": "string", "pattern": "^(10|[2-9JQKA])$"},
        Variant: {"type": "string"},
        Effect: {"type": "string"},
    }
    if hint in simple:
        return simple[hint]
    if isinstance(hint, type) and _is_move_class(hint):
        return {"type": "string"}
    return {}  # any JSON value (an open type such as ``object``)
