"""The observation tensor of one seat, shared by the adapters (needs ``numpy``).

[`Encoder`][makao.adapters.encoding.Encoder] turns a seat's [`View`][makao.view.View] (so it can
hold nothing the seat may not know) plus the partial play and the reaction flag of the
[`Driver`][makao.adapters.driver.Driver] into a flat ``float32`` vector. Seats are *relative*:
index 0 is the observing seat, 1 the next seat in seat order, and so on. The segments, in
order (``N`` = players, ``C`` = the encoder's ``calls``):

====================  ======  =============================================================
segment               size    meaning
====================  ======  =============================================================
``hand``              52      own cards, count per card (0…2 with two decks)
``top``               52      the top card of the pile, one-hot
``pile``              52      the cards in the pile (public), count per card
``effect_kind``       6       none / attack / wait / demand / suit / other, one-hot
``effect_amount``     1       an attack's cards, a wait's turns (0 if none)
``effect_seat``       N       the seat that raised the effect, relative, one-hot
``effect_flag``       1       a flag of the effect (an attack sent backwards, K♠)
``effect_rank``       13      a demanded rank, one-hot (2…A)
``effect_suit``       4       a named suit, one-hot (clubs, diamonds, hearts, spades)
``hand_sizes``        N       cards held per relative seat
``stock_size``        1       cards in the stock
``waits``             N       turns still to wait per relative seat
``finished``          N       1 for each relative seat that has gone out
``to_move``           N       the seat to move, relative, one-hot
``reversed``          1       1 when play goes against seat order
``owes_call``         N       1 for each relative seat the public rule state names
                              (e.g. the seat that owes "makao", open to "stop")
``prefix``            52      cards the observer has chosen for a play it is building
``prefix_calls``      C       calls the observer has chosen for that play, one entry per
                              call of ``calls`` (the calls of the table's action
                              numbering, alphabetical; every built-in variant's with
                              ``fixed_size``)
``drawn``             52      the card just drawn and still playable (own turn only)
``reacting``          1       1 when this is a reaction turn (see the driver)
``played``            52·N    only with ``memory=True`` (the OpenSpiel information state
                              tensor): the cards each relative seat has played so far in
                              the game, count per card (a memory of the whole game, which
                              the pile forgets at a reshuffle)
====================  ======  =============================================================

``N`` is ``players``, or ``seats`` when given: ``Encoder(players, seats=8)`` pads every
per-seat segment to 8 seats (the padding stays 0), so one network can read every variant
and table size (card segments are counts, so two decks fit the same 52 entries). ``C`` is
the number of ``calls`` given (none by default); the adapters' encoder
([`Encoder.for_table`][makao.adapters.encoding.Encoder.for_table]) takes the calls of the
table's [`ActionSpace`][makao.actions.ActionSpace] (2 in Polish makao, 36 in Mao), or with
``fixed_size`` the 38 of the fixed action numbering
([`fixed_layout`][makao.adapters.fixed.fixed_layout]). Sizes: ``288 + 6·N + C`` without
memory (302 for 2-player Polish makao, 374 with ``fixed_size``), ``288 + 58·N + C`` with it.

The effect is read from its public description, [`View.pending`][makao.view.View.pending]
(a [`Pending`][makao.rules.base.Pending]): ``effect_amount`` is its ``amount``,
``effect_seat`` its ``by``, ``effect_rank`` and ``effect_suit`` its ``rank`` and ``suit``.
The kind is the first word of the effect's [`to_text`][makao.rules.base.Effect.to_text] (so
a final attack, RU-15, a Mao seven or multiplex, is ``other``, told apart from a plain
attack), and ``effect_flag`` a ``bool`` field of the effect. Values are clipped at `HIGH`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import attrs

from makao._extras import missing_extra

try:
    import numpy as np
except ModuleNotFoundError as error:
    raise missing_extra(error, "makao.adapters.encoding", "rl") from None

from makao._text import MAX_ITEMS, shown, taken
from makao.actions import MAX_PLAYERS, ActionSpace
from makao.adapters.driver import Driver
from makao.adapters.fixed import fixed_layout
from makao.cards import Card, Rank, Suit
from makao.errors import SetupError
from makao.view import View

if TYPE_CHECKING:
    from collections.abc import Iterable

    from makao.rules.base import Effect, Pending

__all__ = ["EFFECT_KINDS", "HIGH", "MAX_SEATS", "Encoder", "padded_seats"]

EFFECT_KINDS = ("none", "attack", "wait", "demand", "suit", "other")
"""The effect kinds of the ``effect_kind`` segment (the first is "no effect")."""
HIGH = 255.0
"""The largest value of any entry."""


MAX_SEATS = 8
"""The seats of the fixed-size encoding (``Encoder(players, seats=MAX_SEATS)``)."""


def padded_seats(players: int, fixed_size: bool) -> int | None:
    """The ``seats`` of an adapter's encoder: `MAX_SEATS` with ``fixed_size`` (a
    [`SetupError`][makao.errors.SetupError] naming it for a larger table), else ``None``."""
    if not fixed_size:
        return None
    if players > MAX_SEATS:
        raise SetupError(f"fixed_size pads to {MAX_SEATS} seats: it cannot hold {players} players")
    return MAX_SEATS


def _checked_calls(calls: object) -> tuple[str, ...]:
    """``calls`` as a tuple of call names, or a `SetupError` naming what it is (a text too:
    it would be read letter by letter); at most `makao._text.MAX_ITEMS` are read."""
    names: tuple[object, ...] | None = None
    if not isinstance(calls, str):
        try:
            names = taken(cast("Iterable[object]", calls))
        except TypeError:
            names = None
        else:
            if names is None:
                raise SetupError(f"calls lists at most {MAX_ITEMS:,} call names")
    if names is None or not all(isinstance(name, str) for name in names):
        raise SetupError(f"calls must be an iterable of call names, not {shown(calls, 60)}")
    return cast("tuple[str, ...]", names)


class Encoder:
    """Encodes a seat's observation for a table of ``players`` seats; ``seats`` (at least
    ``players``) pads the per-seat segments to a fixed width; ``memory`` adds ``played``;
    ``calls`` are the call names ``prefix_calls`` has an entry for, in order."""

    def __init__(
        self,
        players: int,
        seats: int | None = None,
        memory: bool = False,
        calls: Iterable[str] = (),
    ) -> None:
        if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
            raise SetupError(
                f"players must be a whole number 1…{MAX_PLAYERS}, not {shown(players, 40)}"
            )
        if seats is not None and (
            not isinstance(seats, int) or isinstance(seats, bool) or not players <= seats <= 64
        ):
            raise SetupError(
                f"seats must be a whole number between players ({players}) and 64, "
                f"not {shown(seats, 40)}"
            )
        self.players = players
        self.seats = n = players if seats is None else seats
        self.memory = memory
        #: The calls of the ``prefix_calls`` segment, in order.
        self.calls = _checked_calls(calls)
        if len(set(self.calls)) != len(self.calls):
            raise SetupError(f"calls must be distinct call names, not {shown(self.calls, 60)}")
        self._call_index = {call: i for i, call in enumerate(self.calls)}
        self._known: object = None  # the action space whose calls `observe` last checked
        sizes = {
            "hand": 52,
            "top": 52,
            "pile": 52,
            "effect_kind": len(EFFECT_KINDS),
            "effect_amount": 1,
            "effect_seat": n,
            "effect_flag": 1,
            "effect_rank": 13,
            "effect_suit": 4,
            "hand_sizes": n,
            "stock_size": 1,
            "waits": n,
            "finished": n,
            "to_move": n,
            "reversed": 1,
            "owes_call": n,
            "prefix": 52,
            "prefix_calls": len(self.calls),
            "drawn": 52,
            "reacting": 1,
        }
        if memory:
            sizes["played"] = 52 * n
        self.offsets: dict[str, tuple[int, int]] = {}
        start = 0
        for name, size in sizes.items():
            self.offsets[name] = (start, start + size)
            start += size
        #: The length of the vector.
        self.size = start

    @classmethod
    def for_table(cls, space: ActionSpace, fixed_size: bool, memory: bool = False) -> Encoder:
        """The adapters' encoder of the table ``space`` numbers: its own seats and calls, or
        with ``fixed_size`` `MAX_SEATS` seats
        ([`padded_seats`][makao.adapters.encoding.padded_seats]) and the calls of the fixed
        action numbering (every built-in variant's)."""
        if not isinstance(space, ActionSpace):
            raise SetupError(f"space must be an ActionSpace, not {shown(space, 60)}")
        if not isinstance(fixed_size, bool):
            raise SetupError(f"fixed_size must be True or False, not {shown(fixed_size, 40)}")
        calls = fixed_layout()[0] if fixed_size else space.calls
        return cls(space.players, padded_seats(space.players, fixed_size), memory, calls)

    def encode(
        self,
        view: View,
        prefix: Iterable[Card] = (),
        reacting: bool = False,
        played: np.ndarray[Any, Any] | None = None,
        calls: Iterable[str] = (),
    ) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The observation of ``view.seat``; ``prefix`` and ``calls``: the cards and calls
        of a play being built (each call one of the encoder's `calls`); ``played`` (with
        ``memory``): a ``players × 52`` array of the cards each seat played.
        A [`SetupError`][makao.errors.SetupError] for a value of another kind or size."""
        if not isinstance(view, View) or view.players != self.players:
            raise SetupError(
                f"view must be a View of {self.players} players, not {shown(view, 60)}"
            )
        try:
            prefix = tuple(prefix)
        except TypeError:
            raise SetupError(
                f"prefix must be an iterable of cards, not {shown(prefix, 60)}"
            ) from None
        if not all(isinstance(card, Card) for card in prefix):
            raise SetupError(f"prefix must be an iterable of cards, not {shown(prefix, 60)}")
        if type(reacting) not in (bool, int, np.bool_) or reacting not in (0, 1):
            raise SetupError(f"reacting must be True or False, not {shown(reacting, 40)}")
        if self.memory and played is not None and np.shape(played) != (self.players, 52):
            raise SetupError(
                f"played must be an array of {self.players} × 52 counts, not {shown(played, 60)}"
            )
        calls = _checked_calls(calls)
        self._check_known(calls)
        out = np.zeros(self.size, dtype=np.float32)
        seat, n = view.seat, self.players
        self._counts(out, "hand", view.hand)
        self._one(out, "top", view.top.index)
        self._counts(out, "pile", view.pile)
        self._effect(out, view, seat)
        for offset in range(n):
            other = (seat + offset) % n
            self._set(out, "hand_sizes", offset, view.hand_sizes[other])
            self._set(out, "waits", offset, view.waits[other])
            self._set(out, "finished", offset, other in view.finished)
        self._set(out, "stock_size", 0, view.stock_size)
        self._one(out, "to_move", (view.to_move - seat) % n)
        self._set(out, "reversed", 0, view.direction < 0)
        for _, value in view.public:
            if type(value) is int and 0 <= value < n:
                self._one(out, "owes_call", (value - seat) % n)
        self._counts(out, "prefix", prefix)
        for call in calls:
            out[self.offsets["prefix_calls"][0] + self._call_index[call]] += 1
        if view.drawn is not None:
            self._one(out, "drawn", view.drawn.index)
        self._set(out, "reacting", 0, reacting)
        if self.memory and played is not None:
            start = self.offsets["played"][0]
            rolled = np.roll(played, -seat, axis=0).reshape(-1)
            out[start : start + rolled.size] = rolled
        np.clip(out, 0.0, HIGH, out=out)
        return out

    def observe(
        self, driver: Driver, seat: int, played: np.ndarray[Any, Any] | None = None
    ) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The observation of ``seat`` in a game run by ``driver`` (``played``: see
        [`encode`][makao.adapters.encoding.Encoder.encode]). The cards and calls of a play
        being built are the mover's own until it is made: another seat sees none. A
        [`SetupError`][makao.errors.SetupError] if the driver's variant has a call the
        encoder has no entry for."""
        if not isinstance(driver, Driver):
            raise SetupError(f"driver must be a Driver, not {shown(driver, 60)}")
        if driver.space is not self._known:  # checked once a table, not at every step
            self._check_known(driver.space.calls)
            self._known = driver.space
        stepper = driver.stepper
        mover = driver.actor == seat
        prefix, calls = (stepper.prefix, stepper.calls) if mover else ((), ())
        view = driver.game.view(seat)
        return self.encode(view, prefix, driver.reacting and mover, played, calls)

    def segment(
        self, vector: np.ndarray[Any, np.dtype[np.float32]], name: str
    ) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The part of an encoded ``vector`` named ``name`` (see the module table); a
        [`SetupError`][makao.errors.SetupError] for an unknown name or a vector of another
        size."""
        if not isinstance(name, str) or name not in self.offsets:
            raise SetupError(
                f"name must be one of {', '.join(self.offsets)}, not {shown(name, 40)}"
            )
        if np.shape(vector) != (self.size,):
            raise SetupError(
                f"vector must be an encoded vector of {self.size} entries, not {shown(vector, 60)}"
            )
        start, end = self.offsets[name]
        return vector[start:end]

    def _check_known(self, calls: Iterable[str]) -> None:
        """A `SetupError` naming the first of ``calls`` that has no ``prefix_calls`` entry."""
        for call in calls:
            if call not in self._call_index:
                raise SetupError(
                    f"the encoder has no entry for the call {shown(call, 40)}: make it with "
                    "the calls of the table's action space (Encoder.for_table)"
                )

    def _effect(self, out: np.ndarray[Any, Any], view: View, seat: int) -> None:
        """The effect segments: the kind and flag of the effect, the rest its `Pending`."""
        self._one(out, "effect_kind", _kind_index(view.effect))
        self._set(out, "effect_flag", 0, _flag(view.effect))
        self._pending(out, view.pending, seat)

    def _pending(self, out: np.ndarray[Any, Any], pending: Pending, seat: int) -> None:
        """``effect_amount``, ``effect_seat``, ``effect_rank`` and ``effect_suit``."""
        self._set(out, "effect_amount", 0, pending.amount)
        if pending.by is not None:
            self._one(out, "effect_seat", (pending.by - seat) % self.players)
        if pending.rank is not None:
            self._one(out, "effect_rank", pending.rank - Rank.TWO)
        if pending.suit is not None:
            self._one(out, "effect_suit", list(Suit).index(pending.suit))

    def _counts(self, out: np.ndarray[Any, Any], name: str, cards: Iterable[Card]) -> None:
        start = self.offsets[name][0]
        for card in cards:
            out[start + card.index] += 1

    def _one(self, out: np.ndarray[Any, Any], name: str, index: int) -> None:
        out[self.offsets[name][0] + index] = 1

    def _set(self, out: np.ndarray[Any, Any], name: str, index: int, value: float) -> None:
        out[self.offsets[name][0] + index] = value


def _kind_index(effect: Effect | None) -> int:
    """The ``effect_kind`` entry of ``effect``: the first word of its text, or ``other``."""
    if effect is None:
        return 0
    kind = effect.to_text().split()[0]
    return EFFECT_KINDS.index(kind if kind in EFFECT_KINDS else "other")


def _flag(effect: Effect | None) -> bool:
    """``effect_flag``: the (last) ``bool`` field of ``effect`` (an attack sent backwards,
    K♠); false without one."""
    if effect is None:
        return False
    values = (getattr(effect, field.name) for field in attrs.fields(type(effect)))
    flags = [value for value in values if isinstance(value, bool)]
    return flags[-1] if flags else False
