"""Events: the typed, immutable record of everything that happens in a game.

[`makao.Game.play`][makao.engine.Game.play] returns a tuple of events. Events are small immutable
named tuples (cheap to create on the hot path) whose ``str`` is a line of plain English
(``"seat 1 draws 2 cards (penalty)"``); two events are equal only if they have the same type
and the same fields. [`redact`][makao.events.redact] hides what a given seat may not see (the faces
of cards drawn by others).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, ClassVar, NamedTuple, NoReturn, TypeVar, cast

from makao._text import shown
from makao.cards import Card, Rank, Suit
from makao.errors import SeatError, StateError
from makao.moves import Choice

__all__ = [
    "Announced",
    "AttackAccepted",
    "AttackRaised",
    "CallMade",
    "CardsDrawn",
    "CardsPlayed",
    "DealScored",
    "DealStarted",
    "DemandEnded",
    "DemandSet",
    "DirectionChanged",
    "Event",
    "GameOver",
    "HandsSwapped",
    "Interned",
    "MatchOver",
    "Passed",
    "Penalised",
    "PlayerFinished",
    "StockReshuffled",
    "SuitNamed",
    "TurnSkipped",
    "WaitAccepted",
    "WaitRaised",
    "redact",
]


def _eq(self: tuple[object, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _ne(self: tuple[object, ...], other: object) -> bool:
    return not _eq(self, other)


def _eq_last_kind(self: tuple[object, ...], other: object) -> bool:
    """`_eq` for an event whose last field is a rank or a suit (a play's choice, what a
    demand was for): ``Suit.HEARTS`` and ``Rank.TWO`` are equal as ints, but "naming
    hearts" is no "demanding 2" (as for plays, PL-26)."""
    return _eq(self, other) and type(self[-1]) is type(other[-1])  # type: ignore[index]


def _ne_last_kind(self: tuple[object, ...], other: object) -> bool:
    return not _eq_last_kind(self, other)


def _hash(self: tuple[object, ...]) -> int:
    return hash((type(self).__name__, tuple(self)))


def _n(count: int, noun: str) -> str:
    """``"1 card"``, ``"2 cards"``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards)) or "no cards"


def _what(what: Rank | Suit) -> str:
    """A suit by its name (``clubs``), a rank by its text (``9``)."""
    return what.name.lower() if isinstance(what, Suit) else str(what)


def _choice(choice: Choice) -> str:
    if choice is None:
        return ""
    if isinstance(choice, Suit):
        return f" (naming {_what(choice)})"
    if isinstance(choice, Rank):
        return f" (demanding {choice})"
    return f" (choosing seat {choice.seat})"


def _seats(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values)) or "-"


class CardsPlayed(NamedTuple):
    """``seat`` played ``cards`` (the last is the new top card), with ``choice`` if any."""

    seat: int
    cards: tuple[Card, ...]
    choice: Choice = None

    def __str__(self) -> str:
        return f"seat {self.seat} plays {_cards(self.cards)}{_choice(self.choice)}"


class CardsDrawn(NamedTuple):
    """``seat`` drew ``amount`` cards for ``reason``; ``cards`` is empty in a redacted event.

    Reasons: ``"draw"`` (a normal draw), ``"attack"`` (an accepted attack),
    ``"penalty"`` (an infraction; see the preceding [`Penalised`][makao.events.Penalised]),
    ``"deal"``.
    """

    seat: int
    cards: tuple[Card, ...]
    reason: str
    amount: int

    def __str__(self) -> str:
        faces = f": {_cards(self.cards)}" if self.cards else ""
        if self.reason == "deal":
            return f"seat {self.seat} is dealt {_n(self.amount, 'card')}{faces}"
        return f"seat {self.seat} draws {_n(self.amount, 'card')} ({self.reason}){faces}"


class AttackRaised(NamedTuple):
    """An attack (draw penalty) now totalling ``total`` is sent from ``seat`` to ``target``."""

    seat: int
    target: int
    total: int

    def __str__(self) -> str:
        return f"seat {self.seat} attacks seat {self.target}: {_n(self.total, 'card')} to draw"


class AttackAccepted(NamedTuple):
    """``seat`` accepted an attack of ``total`` cards (the cards follow as CardsDrawn)."""

    seat: int
    total: int

    def __str__(self) -> str:
        return f"seat {self.seat} gives in to the attack of {_n(self.total, 'card')}"


class WaitRaised(NamedTuple):
    """A wait of ``turns`` turns is sent from ``seat`` to ``target``."""

    seat: int
    target: int
    turns: int

    def __str__(self) -> str:
        return f"seat {self.seat} makes seat {self.target} wait {_n(self.turns, 'turn')}"


class WaitAccepted(NamedTuple):
    """``seat`` accepted a wait: this turn and ``turns - 1`` more of theirs are skipped."""

    seat: int
    turns: int

    def __str__(self) -> str:
        return f"seat {self.seat} waits {_n(self.turns, 'turn')}"


class TurnSkipped(NamedTuple):
    """``seat``'s turn was skipped (waiting, or a skip card)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} misses a turn"


class Passed(NamedTuple):
    """``seat`` ended their turn without playing."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


class DemandSet(NamedTuple):
    """``seat`` demanded ``rank`` (a jack, PL-21), or cancelled the demand (``None``)."""

    seat: int
    rank: Rank | None

    def __str__(self) -> str:
        if self.rank is None:
            return f"seat {self.seat} cancels the demand"
        return f"seat {self.seat} demands {_what(self.rank)}"


class DemandEnded(NamedTuple):
    """The demand for ``what`` (a rank or a suit) is over: its round ended (PL-25), a card
    covered it (PL-28) or a demand replaced it. The game's end clears every effect without
    an event of its own (`GameOver`), a demand in force too."""

    what: Rank | Suit

    def __str__(self) -> str:
        return f"the demand for {_what(self.what)} is over"


class SuitNamed(NamedTuple):
    """``seat`` named ``suit`` (an ace, a suit changer)."""

    seat: int
    suit: Suit

    def __str__(self) -> str:
        return f"seat {self.seat} names {_what(self.suit)}"


class CallMade(NamedTuple):
    """``seat`` said ``call`` (``"makao"``, ``"po-makale"``, ``"stop-makao"``, …)."""

    seat: int
    call: str

    def __str__(self) -> str:
        return f'seat {self.seat} says "{self.call}"'


class Penalised(NamedTuple):
    """``seat`` is penalised ``amount`` cards under rule ``rule`` (an id like ``PL-30``)."""

    seat: int
    rule: str
    reason: str
    amount: int

    def __str__(self) -> str:
        cards = f" {_n(self.amount, 'card')}" if self.amount else ""
        return f"seat {self.seat} is penalised{cards} ({self.rule}: {self.reason})"


class DirectionChanged(NamedTuple):
    """Play now goes in ``direction`` (+1 clockwise, -1 counter-clockwise)."""

    direction: int

    def __str__(self) -> str:
        way = "clockwise" if self.direction > 0 else "counter-clockwise"
        return f"play now goes {way}"


class HandsSwapped(NamedTuple):
    """``seat`` and ``other`` exchanged their hands (each now sees the other's cards)."""

    seat: int
    other: int

    def __str__(self) -> str:
        return f"seat {self.seat} and seat {self.other} swap hands"


class StockReshuffled(NamedTuple):
    """The pile but its top card was shuffled into a new stock of ``size`` cards."""

    size: int

    def __str__(self) -> str:
        return f"the pile is shuffled into a new stock of {_n(self.size, 'card')}"


class PlayerFinished(NamedTuple):
    """``seat`` has no cards left and takes ``place`` (1 = winner)."""

    seat: int
    place: int

    def __str__(self) -> str:
        return f"seat {self.seat} is out, in place {self.place}"


class GameOver(NamedTuple):
    """The game ended: ``order`` is the finishing order; ``blocked`` per PL-36."""

    order: tuple[int, ...]
    blocked: bool = False

    def __str__(self) -> str:
        how = "blocked (PL-36)" if self.blocked else "over"
        return f"game {how}; finishing order {_seats(self.order)}"


class DealStarted(NamedTuple):
    """Deal number ``deal`` (from 1) of a match began, dealt by ``dealer`` (RU-3)."""

    deal: int
    dealer: int

    def __str__(self) -> str:
        return f"deal {self.deal} starts, dealt by seat {self.dealer}"


class DealScored(NamedTuple):
    """A deal of a match ended: each seat's ``scores`` for it and the running ``totals``."""

    scores: tuple[int, ...]
    totals: tuple[int, ...]

    def __str__(self) -> str:
        return f"deal scored: {_seats(self.scores)} (totals {_seats(self.totals)})"


class MatchOver(NamedTuple):
    """A match ended: seats ranked by loss total, lowest first (RU-18), and the totals."""

    ranking: tuple[int, ...]
    totals: tuple[int, ...]

    def __str__(self) -> str:
        return f"match over; ranking {_seats(self.ranking)} (totals {_seats(self.totals)})"


class Announced(NamedTuple):
    """``seat`` announced ``text`` aloud: the deal (``kind="deal"``, by the dealer) or the
    start (``kind="start"``, naming the first player), going ``direction`` (UM-2, UM-4)."""

    seat: int
    kind: str
    direction: int
    text: str

    def __str__(self) -> str:
        return f'seat {self.seat} announces the {self.kind}: "{self.text}"'


Event = (
    CardsPlayed
    | CardsDrawn
    | AttackRaised
    | AttackAccepted
    | WaitRaised
    | WaitAccepted
    | TurnSkipped
    | Passed
    | DemandSet
    | DemandEnded
    | SuitNamed
    | CallMade
    | Penalised
    | DirectionChanged
    | HandsSwapped
    | StockReshuffled
    | PlayerFinished
    | GameOver
    | Announced
    | DealStarted
    | DealScored
    | MatchOver
)
"""Any event of the core engine (variants may define more; all are NamedTuples)."""


def _typed_equality(*classes: type) -> None:
    """Make events of different types unequal even when their fields agree."""
    for cls in classes:
        cls.__eq__ = _eq  # type: ignore[assignment]
        cls.__ne__ = _ne  # type: ignore[assignment]
        cls.__hash__ = _hash  # type: ignore[assignment]


_typed_equality(*Event.__args__)


def _last_kind_equality(*classes: type) -> None:
    """Make events whose last field is a rank or a suit unequal when its kinds differ."""
    for cls in classes:
        cls.__eq__ = _eq_last_kind  # type: ignore[assignment]
        cls.__ne__ = _ne_last_kind  # type: ignore[assignment]


_last_kind_equality(CardsPlayed, DemandEnded)


def _to_dict(self: object) -> dict[str, object]:
    """This event as JSON-ready data ([`makao.wire.event_to_dict`][makao.wire.event_to_dict])."""
    from makao.wire import event_to_dict

    return event_to_dict(self)


def _to_json(self: object) -> str:
    """This event as compact JSON text ([`makao.wire.event_to_dict`][makao.wire.event_to_dict])."""
    from makao.wire import dumps, event_to_dict

    return dumps(event_to_dict(self))


def _json_forms(*classes: type) -> None:
    """Give every event class ``to_dict()`` and ``to_json()`` ([`makao.wire`][makao.wire])."""
    for cls in classes:
        cls.to_dict = _to_dict  # type: ignore[attr-defined]
        cls.to_json = _to_json  # type: ignore[attr-defined]


_json_forms(*Event.__args__)


_T = TypeVar("_T")


class Interned(dict[tuple[Any, ...], _T]):
    """One shared event (or other immutable object) of class ``kind`` for each distinct
    set of fields: ``table[fields]`` is ``kind(*fields, *last)``, made the first time it is
    asked for and then the same object every time (events are immutable, so one object
    serves every game). ``last`` are fields every object of the table ends with and its
    key leaves out: the built-in attack, wait and demand rules keep their effects in
    tables of their own, ``Interned(AttackEffect, rule)``.

    For rules that make the same few events again and again (the built-in rules keep one
    table per event class they make): looking an event up costs about a seventh of
    making a named tuple (CPython 3.11, callgrind: about 350 instructions against 2,550),
    and about a twentieth of making an attrs frozen effect.
    The fields are compared as a tuple, so a table must only be asked for fields of one
    type each: ``Suit.SPADES`` and ``Rank.THREE`` are equal as ints (keep one table per
    field type). A table that grows past `LIMIT` objects is emptied, and a table pickles
    empty (its objects are made again when asked for).

    Filled only by its misses: an object put in by hand (``table[fields] = …``,
    ``update``, ``setdefault``, ``|=``) is refused with a `TypeError`, as a read-only
    table's. A rule's table is shared by every game of an equal variant and reached from
    a view (an effect's rule), so such an object would be another game's effect. Emptying
    it (``clear``, ``pop``, ``del``) is allowed, as `LIMIT` empties it: its objects are
    made again, equal. Read as fast as a dict (the subclass defines no ``__getitem__``)."""

    __slots__ = ("kind", "last")

    LIMIT: ClassVar[int] = 10_000
    """The most objects a table keeps before it starts again empty."""

    def __init__(self, kind: Callable[..., _T], *last: object) -> None:
        super().__init__()
        self.kind = kind
        self.last = last

    def __missing__(self, fields: tuple[Any, ...]) -> _T:
        return _intern(self, self.kind, fields, self.last, self.LIMIT)

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        """Refused: the table fills itself (a `TypeError`)."""
        raise TypeError(
            "an Interned table is read-only: it makes and keeps its objects itself, "
            "when they are asked for (table[fields])"
        )

    __setitem__ = __ior__ = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[Interned[_T]], tuple[object, ...]]:
        return (type(self), (self.kind, *self.last))


def _intern(
    table: dict[tuple[Any, ...], _T],
    kind: Callable[..., _T],
    fields: tuple[Any, ...],
    last: tuple[object, ...] = (),
    limit: int = Interned.LIMIT,
) -> _T:
    """What an [`Interned`][makao.events.Interned] table does for fields it does not hold:
    ``kind(*fields, *last)``, kept in ``table`` (emptied first once it holds ``limit``
    objects). Also the miss of the engine's own tables, plain dicts (`makao._core`)."""
    if len(table) >= limit:
        table.clear()
    made = kind(*fields, *last)
    dict.__setitem__(table, fields, made)  # dict's own: an `Interned` table refuses it
    return made


_E = TypeVar("_E")


def redact(events: tuple[_E, ...], seat: int) -> tuple[_E, ...]:
    """Return ``events`` as ``seat`` may see them: others' drawn cards lose their faces.

    Raises [`StateError`][makao.errors.StateError] if ``events`` cannot be iterated, and
    [`SeatError`][makao.errors.SeatError] if ``seat`` is not a seat number (a whole number
    ≥ 0; the events do not tell the table's size, so a seat beyond it is not refused)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise SeatError(f"seat must be a whole number ≥ 0, not {shown(seat, 40)}")
    try:
        items: Iterator[object] = iter(events)
    except TypeError:
        raise StateError(f"events must be an iterable of events, not {shown(events, 60)}") from None
    return cast(  # a redacted event has the type of the event it replaces
        "tuple[_E, ...]",
        tuple(
            event._replace(cards=())
            if type(event) is CardsDrawn and event.seat != seat and event.cards
            else event
            for event in items
        ),
    )
