"""Variants and bots named in text, as on the command line: ``"polish"``,
``"polish:last_card_effect_applies=true,decks=2"``, ``"mcts:playouts=50"``.

Option values are typed by the factory's signature: ``true``/``false`` for booleans,
``none`` for ``None``, whole numbers, decimals, else text; an unknown option or a value of
the wrong type, or an option given twice, is refused with a
[`SetupError`][makao.errors.SetupError] that says why.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from typing import Any

from makao import bots as _bots
from makao import variants as _variants
from makao._registry import name_key
from makao._text import shown
from makao.bots.protocol import Bot
from makao.errors import SetupError
from makao.variant import Variant

__all__ = [
    "bot_key",
    "describe",
    "options_of",
    "parse_bot",
    "parse_options",
    "parse_spec",
    "parse_variant",
]

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def parse_spec(text: str) -> tuple[str, dict[str, str]]:
    """Split ``"name:k=v,k2=v2"`` into the name and the raw option texts."""
    if not isinstance(text, str):
        raise SetupError(f"a spec must be text such as 'name:k=v', not {shown(text, 60)}")
    name, _, rest = text.strip().partition(":")
    if not name:
        raise SetupError(f"no name in {shown(text, 200)}")
    raw: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise SetupError(
                f"bad option {shown(item, 200)} in {shown(text, 200)}: write key=value"
            )
        if key.strip() in raw:
            raise SetupError(f"option {shown(key.strip(), 200)} given twice in {shown(text, 200)}")
        raw[key.strip()] = value.strip()
    return name.strip(), raw


def options_of(build: Callable[..., object]) -> dict[str, inspect.Parameter]:
    """The keyword options a factory accepts, by name."""
    return {
        name: param
        for name, param in inspect.signature(build).parameters.items()
        if param.kind in (param.KEYWORD_ONLY, param.POSITIONAL_OR_KEYWORD)
    }


def parse_options(what: str, build: Callable[..., object], raw: dict[str, str]) -> dict[str, Any]:
    """Type the option texts in ``raw`` by ``build``'s signature (``what`` names it in errors)."""
    known = options_of(build)
    choices = _choices_of(build)
    typed: dict[str, Any] = {}
    for key, text in raw.items():
        param = known.get(key)
        if param is None:
            listed = ", ".join(known) or "none"
            raise SetupError(f"unknown option {shown(key, 200)} for {what}; options: {listed}")
        allowed = choices.get(key)
        if allowed is None:
            typed[key] = _coerce(what, key, text, param)
        elif text in allowed:
            typed[key] = text
        else:
            listed = ", ".join(map(repr, allowed))
            raise SetupError(
                f"option {shown(key, 200)} of {what} expects one of {listed}, not {shown(text, 60)}"
            )
    return typed


def _choices_of(build: Callable[..., object]) -> dict[str, tuple[str, ...]]:
    """The options of ``build`` typed with a ``Literal`` of strings (Mao's
    ``illegal_play``), with their choices; none if its hints cannot be read."""
    try:
        hints = typing.get_type_hints(build)
    except (NameError, TypeError):
        return {}
    return {
        name: typing.get_args(hint)
        for name, hint in hints.items()
        if typing.get_origin(hint) is typing.Literal
        and all(isinstance(arg, str) for arg in typing.get_args(hint))
    }


def parse_variant(text: str, extra: dict[str, str] | None = None) -> Variant:
    """Build a variant from ``"name:k=v,…"`` (plus ``extra`` option texts); an option
    given twice is refused."""
    name, raw = parse_spec(text)
    build = _variants.factory(name)
    if extra is not None and (
        not isinstance(extra, dict)
        or not all(isinstance(k, str) and isinstance(v, str) for k, v in extra.items())
    ):
        raise SetupError(f"extra must be a dict of option texts, not {shown(extra, 60)}")
    twice = sorted(set(raw) & set(extra or {}))
    if twice:
        raise SetupError(
            f"option {shown(twice[0], 200)} given twice (in {shown(text, 200)} and as an extra "
            "option)"
        )
    typed = parse_options(f"variant {name!r}", build, {**raw, **(extra or {})})
    return _variants.get(name, **typed)


def parse_bot(text: str) -> Bot:
    """Build a bot from ``"name:k=v,…"`` (``"mcts:playouts=50"``)."""
    name, raw = parse_spec(text)
    build = _bots.factory(name)
    return _bots.get(name, **parse_options(f"bot {name!r}", build, raw))


def bot_key(text: str) -> object:
    """What tells the bots of specs apart: two specs of one key build the same bot, the
    name in any spelling (``RANDOM``, ``random``) and the options typed, a default given
    or not (``mcts``, ``mcts:playouts=20``, ``MCTS:playouts=020``). An unknown name's
    key is its spelling-free name (`name_key`) and option texts; its error is said when the
    bot is built. A malformed spec or a bad option is a `SetupError`."""
    name, raw = parse_spec(text)
    try:
        build = _bots.factory(name)
    except SetupError:
        return (name_key(name), sorted(raw.items()))
    options = {key: param.default for key, param in options_of(build).items()}
    options.update(parse_options(f"bot {name!r}", build, raw))
    return (build, options)


def describe(variant: Variant) -> str:
    """The variant as ``"name:k=v"`` (as [`parse_variant`][makao.sim.parse_variant] reads it), with
    the options that differ from the factory's defaults. A variant that bears a factory's
    name but is not what that factory builds from its options (composed with
    ``with_rules``, ``without`` or ``replace``, its name kept) is marked
    ``"polish (custom rules)"``, not taken for the factory's own; one named anew
    (``name="no-wilds"``) is its name."""
    if not isinstance(variant, Variant):
        raise SetupError(f"variant must be a Variant, not {shown(variant, 60)}")
    try:
        defaults = {k: p.default for k, p in options_of(_variants.factory(variant.name)).items()}
    except SetupError:
        defaults = None
    options = ",".join(
        f"{key}={value}".lower() if isinstance(value, bool) else f"{key}={value}"
        for key, value in variant.options
        if defaults is None or key not in defaults or defaults[key] != value
    )
    text = variant.name + (":" + options if options else "")
    if defaults is not None and not _variants.rebuilds(variant):
        return f"{text} (custom rules)"
    return text


def _coerce(what: str, key: str, text: str, param: inspect.Parameter) -> Any:
    annotation = param.annotation
    if annotation is inspect.Parameter.empty or annotation == "Any":
        kinds = {"None", "bool", "int", "float", "str"}  # untyped: take the likeliest reading
    else:
        written = (
            annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)
        )
        kinds = {part.strip() for part in written.split("|")}
    lowered = text.lower()
    if {"None", "NoneType"} & kinds and lowered in ("none", "null"):
        return None
    if "bool" in kinds and lowered in _TRUE + _FALSE:
        return lowered in _TRUE
    plain_number = text.isascii() and "_" not in text  # Python's int() takes "1_0" and "١"
    for kind, convert in (("int", int), ("float", float)):
        if kind in kinds and plain_number:
            try:
                return convert(text)
            except ValueError:
                pass
    if "str" in kinds:
        return text
    expected = " or ".join(sorted(kinds))
    raise SetupError(
        f"option {shown(key, 200)} of {what} expects {expected}, not {shown(text, 200)}"
    )
