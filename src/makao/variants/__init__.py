"""Built-in variants, found by name or alias: ``variants.get("polish", decks=2)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from makao.errors import SetupError
from makao.variant import Variant
from makao.variants.crazy_eights import crazy_eights
from makao.variants.mao import mao
from makao.variants.mau_mau import mau_mau
from makao.variants.polish import polish
from makao.variants.prsi import prsi
from makao.variants.russian import russian
from makao.variants.switch import switch

__all__ = [
    "crazy_eights",
    "get",
    "mao",
    "mau_mau",
    "names",
    "polish",
    "prsi",
    "register",
    "russian",
    "switch",
]

_REGISTRY: dict[str, Callable[..., Variant]] = {}
_ALIASES: dict[str, str] = {}


def register(name: str, factory: Callable[..., Variant], *aliases: str) -> None:
    """Make ``factory`` (keyword options → Variant) available as ``name`` and aliases."""
    _REGISTRY[name] = factory
    for alias in (name, *aliases):
        _ALIASES[_key(alias)] = name


def _key(name: str) -> str:
    """One alias rule for every variant: case, hyphens, underscores and spaces do not
    matter (``ultimate_mao``, ``Ultimate-Mao`` and ``ultimate mao`` are one name)."""
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def names() -> tuple[str, ...]:
    """The registered variant names."""
    return tuple(_REGISTRY)


def factory(name: str) -> Callable[..., Variant]:
    """The constructor registered under ``name`` (or an alias)."""
    if not isinstance(name, str):
        raise SetupError(f"a variant's name is a string, not {type(name).__name__}")
    key = _ALIASES.get(_key(name))
    if key is None:
        raise SetupError(f"unknown variant {name!r}; known: {', '.join(_REGISTRY)}")
    return _REGISTRY[key]


def get(name: str, **options: Any) -> Variant:
    """Build the variant ``name`` with keyword ``options``; unknown options are refused."""
    build = factory(name)
    try:
        return build(**options)  # built-in factories check their options themselves
    except SetupError:
        raise
    except (TypeError, ValueError) as error:
        raise SetupError(f"bad options for variant {name!r}: {error}") from None


register("polish", polish, "pl", "makao")
register("mao", mao, "ultimate-mao", "um")
register("russian", russian, "ru", "russian-makao")
register("crazy-eights", crazy_eights, "crazy-8s", "crazy_eights")
register("mau-mau", mau_mau, "maumau", "mau_mau")
register("prsi", prsi, "prší")
register("switch", switch, "last-card")
