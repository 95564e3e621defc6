"""Variants: a name, a tuple of rule objects and the options they were built with.

A [`Variant`][makao.variant.Variant] is a value. Build a new one by adding, removing or replacing
rule objects ([`Variant.replace`][makao.variant.Variant.replace],
[`Variant.without`][makao.variant.Variant.without],
[`Variant.with_rules`][makao.variant.Variant.with_rules]); the engine never changes.
[`Variant.rules`][makao.variant.Variant.rules] are the rule objects it was built with; its
compiled form, [`Variant.compiled`][makao.variant.Variant.compiled] (a
[`RuleSet`][makao.tables.RuleSet]), holds the lookup tables of the engine's hot path
([`makao.tables`][makao.tables]).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from makao._text import shown
from makao.errors import SetupError
from makao.rules.base import Effect, Rule, effect_forms_of
from makao.tables import RuleSet
from makao.tables import compiled as compile_rules

if TYPE_CHECKING:
    from makao.moves import Move

__all__ = ["RuleSet", "Variant"]


def _rule_tuple(rules: Iterable[Rule]) -> tuple[Rule, ...]:
    if isinstance(rules, (str, bytes)) or not isinstance(rules, Iterable):
        raise SetupError(
            f"a variant's rules are a sequence of Rule objects, not {shown(rules, 200)}"
        )
    return tuple(rules)


def _option_tuple(
    options: Iterable[tuple[str, Any]] | Mapping[str, Any],
) -> tuple[tuple[str, Any], ...]:
    if isinstance(options, Mapping):
        return tuple(options.items())
    if isinstance(options, (str, bytes)) or not isinstance(options, Iterable):
        raise SetupError(f"a variant's options are a mapping, not {shown(options, 200)}")
    pairs = tuple(options)
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)):
            raise SetupError(f"a variant's options are (name, value) pairs, not {shown(pair, 200)}")
    return pairs


@attrs.frozen
class Variant:
    """A rule variant: ``name``, its rule objects (``rules``), and the options it was built
    with; ``compiled`` is the rule set the engine runs.

    ``options`` records the keyword options of the variant's constructor (for display,
    saving and [`makao.variants.get`][makao.variants.get]); the rules themselves are the truth.
    A variant made by [`with_rules`][makao.variant.Variant.with_rules],
    [`without`][makao.variant.Variant.without] or [`replace`][makao.variant.Variant.replace]
    records none (``()``): no constructor built its rules, so a save of its games records it
    as custom (``builtin: false``) and loads with ``Game.from_json(text, variant=...)``.
    Such a variant keeps this one's name unless given a ``name=`` of its own: give one, as
    the saves, results and errors that name it cannot tell it from the original otherwise.
    """

    name: str
    """The variant's name (``"polish"``), as [`makao.variants.get`][makao.variants.get] knows it."""
    rules: tuple[Rule, ...] = attrs.field(converter=_rule_tuple)
    """The rule objects, in order: the slot rules and the card and turn rules."""
    options: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_option_tuple)
    """The keyword options of the variant's constructor, as ``(name, value)`` pairs."""
    description: str = ""
    """A line on the variant, for listings (``makao variants``)."""
    _compiled: RuleSet = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise SetupError(f"a variant's name is a non-empty string, not {shown(self.name, 200)}")
        if not isinstance(self.description, str):
            raise SetupError(
                f"a variant's description is a string, not {shown(self.description, 200)}"
            )
        for rule in self.rules:
            if not isinstance(rule, Rule):
                raise SetupError(f"a variant's rules must be Rule objects, not {shown(rule, 200)}")
            _check_switches(rule)
        object.__setattr__(self, "_compiled", compile_rules(self.rules))

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle the rules, not their compiled tables (rebuilt on load)."""
        return (Variant, (self.name, self.rules, self.options, self.description))

    @property
    def compiled(self) -> RuleSet:
        """The compiled rule tables the engine uses (built once, from `rules`)."""
        return self._compiled

    @property
    def rule_objects(self) -> tuple[Rule, ...]:
        """Deprecated: the same as `rules` (the rule objects, in order)."""
        warnings.warn(
            "Variant.rule_objects is deprecated: use Variant.rules", DeprecationWarning, 2
        )
        return self.rules

    @property
    def option_dict(self) -> dict[str, Any]:
        """The options as a dictionary."""
        return dict(self.options)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Every spec rule id cited by the variant's rules, in order, without repeats."""
        return tuple(dict.fromkeys(i for rule in self.rules for i in rule.ids))

    def with_rules(self, *rules: Rule, name: str | None = None) -> Variant:
        """A variant with ``rules`` appended (they override earlier rules for their cards)."""
        return Variant(self._new_name(name), (*self.rules, *rules), (), self.description)

    def without(
        self, *kinds: type[Rule], name: str | None = None, missing_ok: bool = False
    ) -> Variant:
        """A variant without the rules of the given types (and their subclasses).

        A kind none of this variant's rules is is a [`SetupError`][makao.errors.SetupError]
        naming the kinds it has, as for [`replace`][makao.variant.Variant.replace] (a rule
        class of another variant would otherwise remove nothing, unnoticed); with
        ``missing_ok=True`` such a kind is skipped, for code that strips the same kinds
        from any variant."""
        _check_kinds(kinds)
        if not isinstance(missing_ok, bool):
            raise SetupError(f"missing_ok is True or False, not {shown(missing_ok, 40)}")
        if not missing_ok:
            for kind in kinds:
                self._check_has(kind, "remove")
        kept = tuple(rule for rule in self.rules if not isinstance(rule, kinds))
        return Variant(self._new_name(name), kept, (), self.description)

    def replace(self, old: type[Rule], new: Rule, name: str | None = None) -> Variant:
        """A new variant with every rule of type ``old`` replaced by ``new``, at the old
        rule's position (this variant is unchanged: variants are values)."""
        _check_kinds((old,))
        self._check_has(old, "replace")
        rules: list[Rule] = []
        for rule in self.rules:
            if isinstance(rule, old):
                if new not in rules:
                    rules.append(new)
            else:
                rules.append(rule)
        return Variant(self._new_name(name), tuple(rules), (), self.description)

    def _new_name(self, name: str | None) -> str:
        """The name of a variant made from this one: ``name``, or if none is given, this
        one's (an empty name is refused by `Variant`, not taken for none)."""
        return self.name if name is None else name

    def _check_has(self, kind: type[Rule], what: str) -> None:
        """A `SetupError` unless some rule of this variant is a ``kind``, naming the kinds
        of rule it has (``what``: what was to be done with it)."""
        if not any(isinstance(rule, kind) for rule in self.rules):
            kinds = ", ".join(dict.fromkeys(type(rule).__name__ for rule in self.rules))
            raise SetupError(
                f"{self.name} has no {kind.__name__} rule to {what}; its rules are: {kinds}"
            )

    @property
    def effect_forms(self) -> tuple[str, ...]:
        """The text forms of the effects this variant's card rules read, without repeats
        (each rule's [`CardRule.effect_forms`][makao.rules.base.CardRule.effect_forms], or a
        line naming its `parse_effect` where that reads texts of its own:
        `makao.rules.base.effect_forms_of`): what
        [`parse_effect`][makao.variant.Variant.parse_effect] and
        [`Game.from_position`][makao.engine.Game.from_position] take."""
        return tuple(
            dict.fromkeys(
                form for rule in self._compiled.card_rules for form in effect_forms_of(rule)
            )
        )

    def parse_effect(self, text: str) -> Effect:
        """Read an effect's text form (``"attack 5 by 1"``) with this variant's rules; a
        text that two rules read as different effects (Mao's ``attack 4 by 1``: of threes
        or of fours?) is refused, naming the forms that tell them apart."""
        if not isinstance(text, str):
            raise SetupError(f"an effect's text must be a string, not {type(text).__name__}")
        words = text.split()
        if any(not word.isascii() for word in words if word[:1].isdigit()):
            raise self._unread(text, "bad number")
        if "by" in words:
            position = words.index("by")
            if position + 1 >= len(words) or not (
                words[position + 1].isascii() and words[position + 1].isdigit()
            ):
                raise self._unread(text, "'by' needs a seat number")
        found: Effect | None = None
        for rule in self._compiled.card_rules:
            try:
                effect = rule.parse_effect(words)
            except SetupError:
                if found is None:
                    raise
                continue  # read already: a rule that refuses it does not make it ambiguous
            except (ValueError, TypeError, LookupError) as error:
                if found is None:
                    raise self._unread(text, str(error)) from None
                continue
            if found is None:
                found = effect
            elif effect is not None and effect != found:
                ways = " and as ".join(shown(_written(read), 80) for read in (found, effect))
                raise self._unread(text, f"it reads as {ways}: write which")
        if found is None:
            raise self._unread(text, "")
        return found

    def _unread(self, text: str, why: str) -> SetupError:
        """The error for an effect ``text`` this variant does not read (``why``, if known),
        led by the forms it reads ([`effect_forms`][makao.variant.Variant.effect_forms]);
        for a blank text, the plain error."""
        unread = f"{self.name} has no effect written {shown(text[:60], 200)}"
        because = f": {why}" if why else ""
        if not text.strip():
            return SetupError(unread + because)
        forms = self.effect_forms
        reads = f"the effect texts {' | '.join(forms)}" if forms else "no effect text"
        return SetupError(f"{self.name} reads {reads}; {unread}{because}")

    def parse_move(self, text: str) -> Move:
        """Read a move in this variant's notation."""
        from makao.moves import parse_move

        return parse_move(text)


def _written(effect: Effect) -> str:
    """``effect``'s text form, else its repr (an effect without one, for an error)."""
    try:
        return effect.to_text()
    except (NotImplementedError, ValueError):
        return repr(effect)


def _check_switches(rule: Rule) -> None:
    """A rule's on/off fields (annotated ``bool``: ``stacks``, ``may_decline`` …) hold
    ``True`` or ``False``: a `SetupError` for anything else (``"no"`` would count as on)."""
    if not attrs.has(type(rule)):
        return
    for field in attrs.fields(type(rule)):
        value = getattr(rule, field.name)
        if field.type in ("bool", bool) and not isinstance(value, bool):
            raise SetupError(
                f"{type(rule).__name__}.{field.name} is on or off (True or False), "
                f"not {shown(value, 40)}"
            )


def _check_kinds(kinds: tuple[object, ...]) -> None:
    for kind in kinds:
        if not (isinstance(kind, type) and issubclass(kind, Rule)):
            raise SetupError(f"expected a Rule class, not {shown(kind, 200)}")
