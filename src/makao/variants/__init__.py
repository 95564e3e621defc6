"""Built-in variants, found by name or alias: ``variants.get("polish", decks=2)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from makao._registry import Registry, own_hint
from makao._text import shown
from makao.errors import MakaoError, SetupError
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
    "built_ins",
    "crazy_eights",
    "get",
    "mao",
    "mau_mau",
    "names",
    "polish",
    "prsi",
    "rebuilds",
    "rebuilt",
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
    [`SetupError`][makao.errors.SetupError]; registering a name again replaces its factory.
    The variants `get` builds from ``name`` are called ``name`` where the factory's
    carry another name (see `get`)."""
    _VARIANTS.register(name, factory, aliases)


def names() -> tuple[str, ...]:
    """The registered variant names."""
    return _VARIANTS.names()


def built_ins() -> tuple[str, ...]:
    """The names of the variants that come with makao (`names` less the ones registered
    since): what stays the same whatever a program registers."""
    return _VARIANTS.built_ins()


def aliases(name: str) -> tuple[str, ...]:
    """The other names `get` accepts for the variant ``name``."""
    _check_not_variant(name)
    return _VARIANTS.aliases(name)


def factory(name: str) -> Callable[..., Variant]:
    """The constructor registered under ``name`` (or an alias)."""
    _check_not_variant(name)
    return _VARIANTS.factory(name)


def _check_not_variant(name: object) -> None:
    """A `SetupError` saying how a variant gets a name, if ``name`` is a variant itself
    (where a name is wanted: `get`, `factory`, `aliases`, and so the adapters)."""
    if isinstance(name, Variant):
        if rebuilds(name):  # registered: its name (and options) build it
            from makao.sim.spec import options_of  # the one reader of a factory's options

            defaults = {key: p.default for key, p in options_of(factory(name.name)).items()}
            options = ", ".join(
                f"{key}={value!r}" for key, value in name.options if defaults.get(key) != value
            )
            hint = f"pass its name, {shown(name.name, 200)}" + (
                f", with its options as keywords: {options[:200]}" if options else ""
            )
        else:
            hint = own_hint("variant")
        raise SetupError(
            f"a variant's name is a string, not the Variant {shown(name.name, 200)} itself ({hint})"
        )


def get(name: str, **options: Any) -> Variant:
    """Build the variant ``name`` with keyword ``options``; unknown options are refused, and
    so is a registered factory that returns anything but a `Variant` (a `SetupError`).

    The variant is called by the name it was registered under where the factory's carries
    a name that would not build it again (``polish().without(Wild)`` is still "polish"),
    so that its saves load, and results and adapters name it, by that name; one that
    its own name builds again is kept as it is (``variants.polish`` registered as
    "mine" builds `polish`, whose saves load anywhere)."""
    _check_not_variant(name)
    variant = _VARIANTS.get(name, options)  # built-in factories check their options themselves
    if not isinstance(variant, Variant):
        raise SetupError(
            f"the factory of variant {shown(name, 200)} must return a Variant, not "
            f"{shown(variant, 60)}"
        )
    label = _VARIANTS.label(name)
    if label is not None and _VARIANTS.label(variant.name) != label:
        try:  # the factory of its own name, not `get`: no chain of factories followed
            again = _VARIANTS.get(variant.name, variant.option_dict)
        except Exception:  # another factory's failure: it does not build this variant
            again = None
        if again != variant:
            return attrs.evolve(variant, name=label)
    return variant


def rebuilds(variant: Variant) -> bool:
    """Whether `get` builds exactly ``variant`` from its name and options: false for a
    variant composed from a factory's (``with_rules``, ``without``, ``replace``) that kept
    its name, or one whose name no factory is registered under. A save or a result names
    only a variant this is true of; any other is described, or passed back in by hand."""
    return rebuilt(variant) == variant


def rebuilt(variant: Variant) -> Variant | None:
    """What `get` builds from ``variant``'s name and options, ``None`` if it builds none
    (no factory has that name, or it refuses those options): `rebuilds` compares it with
    ``variant``, and a save's loader with the variant it is given."""
    try:
        return get(variant.name, **variant.option_dict)
    except MakaoError:
        return None


register("polish", polish, "pl", "makao")
register("mao", mao, "ultimate-mao", "um")
register("russian", russian, "ru", "russian-makao")
register("crazy-eights", crazy_eights, "crazy-8s", "crazy_eights")
register("mau-mau", mau_mau, "maumau", "mau_mau")
register("prsi", prsi, "prší")
register("switch", switch, "last-card")
_VARIANTS.freeze_built_ins()
