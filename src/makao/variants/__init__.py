"""Built-in variants, found by name or alias: ``variants.get("polish", decks=2)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from makao._registry import Registry
from makao.variant import Variant
from makao.variants.crazy_eights import crazy_eights
from makao.variants.mao import mao
from makao.variants.mau_mau import mau_mau
from makao.variants.polish import polish
from makao.variants.prsi import prsi
from makao.variants.russian import russian
from makao.variants.switch import switch

__all__ = [
    "aliases",
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

_VARIANTS: Registry[Variant] = Registry("variant")


def register(name: str, factory: Callable[..., Variant], *aliases: str) -> None:
    """Make ``factory`` (keyword options → Variant) available as ``name`` and ``aliases``:
    to `get`, to variant specs (``"name:k=v"``) and so to the command line.

    Case, hyphens, underscores and spaces do not matter in a name. A name that is empty
    or not a string, a factory that is not callable, a built-in variant's name, and a
    name or alias that already stands for another variant are refused with a
    [`SetupError`][makao.errors.SetupError]; registering a name again replaces its factory."""
    _VARIANTS.register(name, factory, aliases)


def names() -> tuple[str, ...]:
    """The registered variant names."""
    return _VARIANTS.names()


def aliases(name: str) -> tuple[str, ...]:
    """The other names `get` accepts for the variant ``name``."""
    return _VARIANTS.aliases(name)


def factory(name: str) -> Callable[..., Variant]:
    """The constructor registered under ``name`` (or an alias)."""
    return _VARIANTS.factory(name)


def get(name: str, **options: Any) -> Variant:
    """Build the variant ``name`` with keyword ``options``; unknown options are refused."""
    return _VARIANTS.get(name, options)  # built-in factories check their options themselves


register("polish", polish, "pl", "makao")
register("mao", mao, "ultimate-mao", "um")
register("russian", russian, "ru", "russian-makao")
register("crazy-eights", crazy_eights, "crazy-8s", "crazy_eights")
register("mau-mau", mau_mau, "maumau", "mau_mau")
register("prsi", prsi, "prší")
register("switch", switch, "last-card")
_VARIANTS.freeze_built_ins()
