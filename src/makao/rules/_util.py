"""Small helpers shared by rule modules: card sets given as text, effect text, caches."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NoReturn, TypeVar, get_args

import attrs

from makao._text import shown
from makao.cards import ALL_CARDS, Card, Rank, parse_cards
from makao.errors import SetupError
from makao.events import Interned

__all__ = [
    "Cache",
    "ReadOnlyDict",
    "card_set",
    "cards_of_ranks",
    "effect_table",
    "one_of",
    "public_flag",
    "public_seat",
    "rule_ids",
    "seat_after_by",
    "words_known",
]

K = TypeVar("K")
V = TypeVar("V")


class Cache(dict[K, V]):
    """A rule's cache of values it works out again and again (answer sets): a dict
    that pickles empty, so that a pickled rule carries only its fields."""

    def __reduce__(self) -> tuple[type[Cache[K, V]], tuple[()]]:
        return (type(self), ())


class ReadOnlyDict(dict[K, V]):
    """A dict that refuses every change (a `TypeError`, as `types.MappingProxyType`): a
    table a frozen rule shows, which every game of an equal variant shares through its
    rule set, so that changing it in place cannot change those games' rules. Read as
    fast as a dict (a subclass with no slots of its own); pickled and copied as a new one."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        """Refused: the table is read-only (a `TypeError`)."""
        raise TypeError(
            "a rule's table is read-only: build the rule anew with other arguments "
            "(attrs.evolve) instead of changing it"
        )

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[ReadOnlyDict[K, V]], tuple[dict[K, V]]]:
        return (type(self), (dict(self),))


def effect_table(kind: Callable[[], Callable[..., Any]]) -> Any:
    """An attrs field of a rule: its [`Interned`][makao.events.Interned] table of the
    effects it makes, ``kind()(*fields, rule)`` (``kind`` returns the effect class, which
    the module defines after the rule). Made with each rule, even one whose subclass has
    an ``__attrs_post_init__`` of its own; not compared, shown or pickled with its
    contents."""
    return attrs.field(
        init=False,
        repr=False,
        eq=False,
        hash=False,
        default=attrs.Factory(lambda rule: Interned(kind(), rule), takes_self=True),
    )


def one_of(kind: object) -> Callable[[object, Any, object], None]:
    """An attrs validator for a field typed with the ``Literal`` type ``kind``: a value
    that is not one of its strings raises [`SetupError`][makao.errors.SetupError] (a
    ``ValueError``) naming the field and the choices."""
    allowed = get_args(kind)

    def check(instance: object, attribute: Any, value: object) -> None:
        if not isinstance(value, str) or value not in allowed:
            choices = ", ".join(map(repr, allowed))
            raise SetupError(f"{attribute.name} must be one of {choices}, not {shown(value, 40)}")

    return check


def is_whole(value: object, least: int | None = None, most: int | None = None) -> bool:
    """Whether ``value`` is a whole number (an `int`, not a `bool`: ``True`` is no count)
    from ``least`` to ``most`` (``None`` leaves that end open): the one test of a count."""
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and (least is None or value >= least)
        and (most is None or value <= most)
    )


def rule_ids(instance: object, attribute: Any, value: object) -> None:
    """An attrs validator for a rule's ``ids``: a tuple of texts; else
    [`SetupError`][makao.errors.SetupError] showing the form (one text alone, ``"H-1"``,
    would be read as the ids ``H``, ``-``, ``1``)."""
    if not isinstance(value, tuple) or not all(isinstance(i, str) and i for i in value):
        raise SetupError(
            f"{attribute.name} must be a tuple of rule ids, like ids=('H-1',), not "
            f"{shown(value, 40)}"
        )


def check_whole(name: str, value: object, least: int | None, most: int | None = None) -> None:
    """``value`` is a whole number from ``least`` (to ``most``; `is_whole`); else
    [`SetupError`][makao.errors.SetupError] naming ``name``."""
    if not is_whole(value, least, most):
        bounds = (
            "" if least is None else f" {least} or more" if most is None else f" {least}…{most}"
        )
        raise SetupError(f"{name} must be a whole number{bounds}, not {shown(value, 40)}")


def public_seat(public: Mapping[str, object], name: str, players: int, what: str) -> None:
    """A position's given public ``name`` (`Rule.check_public`) is ``None`` (nobody) or a
    seat of a table of ``players`` seats (``what`` it names); else `SetupError`."""
    value = public.get(name)
    if value is not None and not is_whole(value, 0, players - 1):
        raise SetupError(
            f"public: ({name!r}, {shown(value, 40)}): {name!r} takes {what}, a seat "
            f"0…{players - 1} (or None: nobody)"
        )


def public_flag(public: Mapping[str, object], name: str, what: str) -> None:
    """A position's given public ``name`` (`Rule.check_public`) is a flag (``True``:
    ``what``; ``False`` or ``None``: not); else `SetupError`."""
    value = public.get(name)
    if value is not None and not isinstance(value, bool):
        raise SetupError(
            f"public: ({name!r}, {shown(value, 40)}): {name!r} takes True ({what}) or False"
        )


def whole_number(least: int | None) -> Callable[[Any, Any, Any], None]:
    """An attrs validator for a count field: a whole number, ``least`` or more (any, for
    ``None``); else `SetupError` naming the field (as `one_of`)."""

    def check(instance: object, attribute: Any, value: object) -> None:
        check_whole(attribute.name, value, least)

    return check


def card_set(value: str | Iterable[Card | str]) -> frozenset[Card]:
    """Read a set of cards: ``"Kh Ks"`` or an iterable of cards or texts."""
    return frozenset(parse_cards(value))


def cards_of_ranks(*ranks: Rank) -> frozenset[Card]:
    """Every card of the given ranks."""
    return frozenset(card for card in ALL_CARDS if card.rank in ranks)


def seat_after_by(words: Sequence[str]) -> int:
    """Read the seat after ``by`` in an effect's text (``"attack 5 by 2"``); 0 if absent."""
    if "by" in words:
        position = list(words).index("by")
        if position + 1 < len(words) and words[position + 1].isdigit():
            return int(words[position + 1])
    return 0


def words_known(
    words: Sequence[str], head: int, pairs: tuple[str, ...] = ("by",), flags: tuple[str, ...] = ()
) -> bool:
    """Whether the words of an effect's text after its first ``head`` are only ``pairs``
    words each followed by a value (``by S``) and ``flags`` words (``back``), each at most
    once: a text with a word more (``"attack 3 by 1 x"``, ``"wait 2 by 0 by 1"``) is not of
    the rule's form."""
    seen: set[str] = set()
    position = head
    while position < len(words):
        word = words[position]
        if word in seen:
            return False
        seen.add(word)
        if word in pairs and position + 1 < len(words):
            position += 2
        elif word in flags:
            position += 1
        else:
            return False
    return True
