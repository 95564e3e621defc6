"""The one definition of a game's state: every field declared once, in `FIELDS`.

Everything that must know the fields is derived from that declaration, or written out
once beside it and checked against it by the tests (the compiled build makes `State` a
mypyc native class, whose body cannot be generated):

* ``__slots__`` of [`State`][makao.state.State] (and so of [`makao.Game`][makao.engine.Game]),
  written out;
* [`State.clone`][makao.state.State.clone], straight-line code written out, one line per
  field as its ``copy`` says (cheap: the few lists are copied -- the list of hands, the
  stock, the pile --; the hands and per-seat values are tuples, shared like every
  immutable value and the record);
* equality: two games are equal when their positions are
  ([`State.position_key`][makao.state.State.position_key], like python-chess's transposition key:
  the record of how a game got there is no part of it);
* [`State.snapshot`][makao.state.State.snapshot], the plain, JSON-ready form of the position that
  the conformance suite compares and that a saved game's summary checks after a replay.

Cards are the 52 interned [`Card`][makao.cards.Card] objects, compared by identity; a
rule's own state lives in `State.rule_states`, one immutable value per stateful rule
(see [`makao.rules.Stateful`][makao.rules.base.Stateful]), so a clone shares it until a
rule replaces it.
"""

from __future__ import annotations

import copy
import enum
from typing import TYPE_CHECKING, Any, Final, Literal, TypeVar

import attrs
from typing_extensions import Self

from makao._build import mypyc_attr
from makao._text import shown
from makao.cards import Card

if TYPE_CHECKING:
    from makao.events import Event
    from makao.rules.base import Effect
    from makao.tables import RuleSet
    from makao.variant import Variant

__all__ = [
    "DERIVED",
    "FIELDS",
    "Beginning",
    "Earlier",
    "Field",
    "State",
    "plain",
    "record_length",
    "record_moves",
    "replaced",
]

CopyKind = Literal["shared", "list", "frozen", "reset"]
"""How [`State.clone`][makao.state.State.clone] copies a field: ``"shared"`` (immutable or
shared: the same object), ``"list"`` (a shallow copy, ``list.copy()``: on CPython 3.11
``x[:]`` builds a slice object first; the hands are a list of tuples),
``"frozen"`` (a list only its game appends to, the record: the clone turns it into a
tuple that both games then share, and each copies it into a list of its own at its
next move; a record of `SHORT_RECORD` moves or more is frozen instead into an
[`Earlier`][makao.state.Earlier] that heads a new list of each game, so that a move after
a clone costs the same whatever the game's length), ``"reset"`` (not carried over: set to
``None``)."""


@attrs.frozen
class Field:
    """One field of the state: its name, how a clone copies it, and whether it is part of
    the position (compared by ``==``, listed by [`State.snapshot`][makao.state.State.snapshot])."""

    name: str
    copy: CopyKind = "shared"
    position: bool = True


SHORT_RECORD: Final = 32
"""A record shorter than this is frozen by a clone into one tuple that both games share;
a longer one into an [`Earlier`][makao.state.Earlier] at the head of a new list of each
game (`State.clone`)."""


class Earlier:
    """The first item of a record (a game's ``_log``) that goes on from a record frozen
    by a clone (`State.clone`): that record, shared, not copied. ``length`` is the number
    of moves it holds, its own `Earlier`'s too."""

    __slots__ = ("length", "moves")

    moves: tuple[object, ...]
    length: int

    def __init__(self, moves: tuple[object, ...]) -> None:
        self.moves = moves
        self.length = record_length(moves)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle support: made again from the frozen record."""
        return Earlier, (self.moves,)


def record_length(log: tuple[object, ...] | list[object]) -> int:
    """The number of moves in the record ``log`` (a game's ``_log``), without copying it."""
    if log:
        head = log[0]
        if type(head) is Earlier:
            return head.length + len(log) - 1
    return len(log)


def record_moves(log: tuple[object, ...] | list[object]) -> tuple[object, ...]:
    """The moves of the record ``log`` (a game's ``_log``) in order, as one flat tuple."""
    if not log or type(log[0]) is not Earlier:
        return tuple(log)
    parts: list[tuple[object, ...] | list[object]] = []
    head: object = log[0]
    while type(head) is Earlier:  # a loop, not recursion: chains may be long
        parts.append(log[1:])
        log = head.moves
        head = log[0]  # never empty: at least `SHORT_RECORD` items
    moves = list(log)
    for part in reversed(parts):
        moves += part
    return tuple(moves)


class Beginning:
    """How a game began, fixed for its life (one object, shared by every clone): the seed
    of the deal, the dealer's seat for a deal or the description of a set-up position
    ([`Game.origin`][makao.engine.Game.origin] gives both in one form), the events announced
    at the deal, and how many more copies of one card than one the game may hold
    (`repeats`, derived from the deal's decks or the position).

    ``how`` is the dealer's seat (an ``int``) or the description of a set-up position (a
    ``dict``), given as a copy of its own at each read: the beginning is shared by a game,
    its clones and the games a search samples from them, so that a change made to what
    one of them reads cannot show in the others (`Game.origin` reads it).

    ``rebuilds`` is false for a position its description does not give back (an effect
    object the variant reads back from its text as another): `Game._take_back` does not
    rebuild such a game from its origin.

    ``sampled`` is true for a game a search dealt anew from a view (its hidden cards and
    generator drawn at random, `makao.bots.Determinizer`): its origin and record do not
    make it, so it cannot be saved ([`game_to_dict`][makao.serialize.game_to_dict]).

    Immutable (an assignment raises `attrs.exceptions.FrozenInstanceError`, as for the
    library's attrs classes), and compared, hashed, shown and pickled by its fields
    (``rebuilds`` shown only when false, ``sampled`` only when true).
    A plain class, not an attrs one, so that the compiled build makes it a mypyc native
    class: move generation reads `repeats` at every listing, a struct read there."""

    __slots__ = ("_how", "opening", "rebuilds", "repeats", "sampled", "seed")

    seed: int
    _how: int | dict[str, object]
    opening: tuple[Event, ...]
    repeats: int
    """0: no card is in the game twice (one deck); 1: a card may be twice (two decks);
    2 or more: more copies; -1: not worked out (any number). A number, not a bool:
    move generation tells the three cases it lists differently apart by compares."""
    rebuilds: bool
    sampled: bool

    def __new__(
        cls,
        seed: int = 0,
        how: int | dict[str, object] = 0,
        opening: tuple[Event, ...] = (),
        repeats: int = -1,
        rebuilds: bool = True,
        sampled: bool = False,
    ) -> Beginning:
        """The beginning of these fields. (``seed`` and ``how`` have defaults only for
        pickles of the attrs class this was before, which make the object first and set
        its fields with `__setstate__`.)"""
        self = super().__new__(cls)
        # past the immutable ``__setattr__``, as `makao.cards.Card` sets its fields
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "_how", how)
        object.__setattr__(self, "opening", opening)
        object.__setattr__(self, "repeats", repeats)
        object.__setattr__(self, "rebuilds", rebuilds)
        object.__setattr__(self, "sampled", sampled)
        return self

    @property
    def how(self) -> int | dict[str, object]:
        """The dealer's seat, or a copy of the description of a set-up position (its lists
        copied too: see the class)."""
        how = self._how
        return how if isinstance(how, int) else copy.deepcopy(how)

    @property
    def distinct(self) -> bool:
        """Whether no card is in the game twice (``repeats == 0``)."""
        return self.repeats == 0

    def reseeded(self, seed: int) -> Beginning:
        """The same beginning with another seed (a search's sampled deal)."""
        return Beginning(seed, self._how, self.opening, self.repeats, self.rebuilds, self.sampled)

    def resampled(self, seed: int) -> Beginning:
        """The beginning of a game a search dealt anew from a view, with ``seed``: one its
        origin does not describe (``sampled``)."""
        return Beginning(seed, self._how, self.opening, self.repeats, self.rebuilds, True)

    def announced(self, opening: tuple[Event, ...]) -> Beginning:
        """The same beginning with ``opening`` as the events announced at the deal."""
        return Beginning(self.seed, self._how, opening, self.repeats, self.rebuilds, self.sampled)

    def _fields(self) -> tuple[object, ...]:
        return (self.seed, self._how, self.opening, self.repeats, self.rebuilds, self.sampled)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Beginning:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())  # a TypeError for a position's (a dict), as attrs'

    def __repr__(self) -> str:
        rebuilds = "" if self.rebuilds else ", rebuilds=False"
        sampled = ", sampled=True" if self.sampled else ""
        return (
            f"Beginning(seed={self.seed!r}, how={self._how!r}, opening={self.opening!r}, "
            f"repeats={self.repeats!r}{rebuilds}{sampled})"
        )

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return Beginning, self._fields()

    def __setstate__(self, state: object) -> None:
        """A beginning pickled when it was an attrs class (a dict of its fields)."""
        if not isinstance(state, dict):
            raise TypeError(f"not a pickled Beginning: {shown(state, 60)}")
        for name in ("seed", "how", "opening"):
            object.__setattr__(self, "_how" if name == "how" else name, state[name])
        object.__setattr__(self, "repeats", state.get("repeats", -1))
        object.__setattr__(self, "rebuilds", True)
        object.__setattr__(self, "sampled", False)

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError


FIELDS: Final[tuple[Field, ...]] = (
    Field("variant"),
    Field("compiled", position=False),
    Field("players"),
    Field("hands", "list"),
    Field("stock", "list"),
    Field("pile", "list"),
    Field("to_move"),
    Field("direction"),
    Field("effect"),
    Field("waits"),
    Field("done"),
    Field("finished"),
    Field("drawn"),
    Field("next_seat", "reset", position=False),
    Field("must_play_drawn"),
    Field("over"),
    Field("blocked"),
    Field("stuck"),
    Field("rng"),
    Field("reshuffles", position=False),
    Field("rule_states"),
    Field("_legal", position=False),
    Field("_log", "frozen", position=False),
    Field("beginning", position=False),
)
"""The state's fields, in order. The single source of truth for slots, clone, equality and
the snapshot. The three flags (``must_play_drawn``, ``over``, ``blocked``) stand together:
a mypyc native class stores a ``bool`` in one byte, in field order, so together they
share one 8-byte word of the compiled state (224 bytes, not 232)."""

_POSITION: Final = tuple(field.name for field in FIELDS if field.position)
DERIVED: Final = frozenset({"compiled", "_legal", "next_seat"})
"""The fields of `FIELDS` that a game makes again rather than keeps: the rule set's tables
(from the variant), the listing's cache, and the turn a rule sends the move being made
to. A pickle leaves them out, and comparing two games' states passes them by."""


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """The fields of a game (see `FIELDS`); [`makao.Game`][makao.engine.Game] adds the methods.

    Fields are plain slots for speed; they are changed only by the engine, and rules change
    them only through the services of [`makao.rules.Table`][makao.rules.base.Table].
    """

    # The names of `FIELDS`, in order, written out: the compiled build makes this a mypyc
    # native class, whose body cannot compute them (tests/core/test_core_state.py checks
    # them, and `clone`, against `FIELDS`).
    __slots__ = (  # noqa: RUF023  # the order of FIELDS
        "variant",
        "compiled",
        "players",
        "hands",
        "stock",
        "pile",
        "to_move",
        "direction",
        "effect",
        "waits",
        "done",
        "finished",
        "drawn",
        "next_seat",
        "must_play_drawn",
        "over",
        "blocked",
        "stuck",
        "rng",
        "reshuffles",
        "rule_states",
        "_legal",
        "_log",
        "beginning",
    )

    variant: Variant
    """The variant played."""
    compiled: RuleSet
    """The variant's rules compiled to tables (`Variant.compiled`), shared by its games."""
    players: int
    """The number of seats: seats are numbered 0 to ``players - 1``."""
    hands: list[tuple[Card, ...]]
    """Each seat's hand, in the order received: a tuple, replaced when it changes (a clone
    copies only the list of hands)."""
    stock: list[Card]
    """The stock, face down: its last card is the next one drawn."""
    pile: list[Card]
    """The discard pile: its last card is the top card ([`top`][makao.engine.Game.top])."""
    to_move: int
    """The seat whose turn it is."""
    direction: int
    """The direction of play: 1 towards the next seat number, -1 the other way."""
    effect: Effect | None
    """The effect in force (a demand, a penalty to answer, a wait), or ``None``;
    [`pending`][makao.engine.Game.pending] says what it asks."""
    waits: tuple[int, ...]
    """Per seat: turns still to wait (PL-18). A tuple, replaced when it changes, so a clone
    shares it."""
    done: tuple[bool, ...]
    """Per seat: whether the seat has finished. A tuple, replaced when it changes, so a
    clone shares it."""
    finished: tuple[int, ...]
    """The seats that went out, in order."""
    drawn: Card | None
    """The card the player to move drew this turn and may still play (PL-8), else ``None``."""
    next_seat: int | None
    """Where the turn that is being played goes when it ends, if a rule sent it somewhere
    (``None``: the next seat in the direction of play); not part of the position."""
    must_play_drawn: bool
    """Whether the card just drawn must be played (RU-9: the seat drew having nothing to play)."""
    over: bool
    """Whether the game has ended ([`outcome`][makao.engine.Game.outcome] says how)."""
    blocked: bool
    """Whether the game ended blocked: every seat still playing passed in turn with nothing
    to play or draw (PL-36)."""
    stuck: int
    """Passes in a row by seats with nothing to play or draw (PL-36); the game ends blocked
    when they reach the number of seats still playing."""
    rng: int
    """The state of the game's one random generator, which shuffles the pile into a new stock
    (see `makao._random`)."""
    reshuffles: int
    """How many times the pile was shuffled into a new stock."""
    rule_states: tuple[object, ...]
    """The own state of each rule that declares one (read one with
    [`rule_state`][makao.engine.Game.rule_state])."""
    _legal: tuple[Any, ...] | None
    #: The moves played, in order: a list that only this game appends to (a move costs no
    #: new object), or a tuple shared with clones (see `clone`; a new game's is ``()``);
    #: a list may begin with an `Earlier` (see `clone`): read it with `record_moves`.
    _log: list[object] | tuple[object, ...]
    beginning: Beginning
    """How the game began, fixed for its life and shared by its clones (`Beginning`)."""

    def clone(self) -> Self:
        """An independent copy: lists are copied, immutable values shared, the record
        frozen and shared, a long one through an `Earlier` (one line per field of `FIELDS`,
        as its ``copy`` says; checked against it by tests/core/test_core_state.py)."""
        new = type(self).__new__(type(self))
        new.variant = self.variant
        new.compiled = self.compiled
        new.players = self.players
        new.hands = self.hands.copy()
        new.stock = self.stock.copy()
        new.pile = self.pile.copy()
        new.to_move = self.to_move
        new.direction = self.direction
        new.effect = self.effect
        new.waits = self.waits
        new.done = self.done
        new.finished = self.finished
        new.drawn = self.drawn
        new.next_seat = None
        new.must_play_drawn = self.must_play_drawn
        new.over = self.over
        new.blocked = self.blocked
        new.stuck = self.stuck
        new.rng = self.rng
        new.reshuffles = self.reshuffles
        new.rule_states = self.rule_states
        new._legal = self._legal
        # the record frozen (a tuple; shared as it is if frozen already: a search's
        # clones of one position), then shared; a long one heads a new list of each game,
        # so that neither copies it at its next move (the flat copy of the moves since
        # the last freeze stays: a link holds them)
        log = self._log
        if type(log) is tuple:
            new._log = log
        else:
            frozen = tuple(log)
            if len(frozen) < SHORT_RECORD:
                self._log = new._log = frozen
            else:
                earlier = Earlier(frozen)
                self._log = [earlier]
                new._log = [earlier]
        new.beginning = self.beginning
        return new

    @property
    def seed(self) -> int:
        """The seed of the deal (or of a position's later reshuffles)."""
        return self.beginning.seed

    @property
    def opening(self) -> tuple[Event, ...]:
        """The events announced at the deal (Mao, UM-2, UM-4); empty for most variants and
        for a set-up position."""
        return self.beginning.opening

    @property
    def distinct(self) -> bool:
        """Whether no card is in the game twice (one deck, or a position without repeats):
        move generation then need not remove repeated cards."""
        return self.beginning.distinct

    def position_key(self) -> tuple[object, ...]:
        """A hashable key of the position (every field of `FIELDS` marked
        ``position``): equal for equal positions, whatever the move order that led there."""
        key: list[object] = []
        for name in _POSITION:
            value = getattr(self, name)
            if type(value) is list:
                value = tuple(value)
            key.append(value)
        return tuple(key)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.position_key() == other.position_key()

    __hash__ = None  # type: ignore[assignment]  # mutable: use position_key() as a key

    def snapshot(self) -> dict[str, object]:
        """The position in plain JSON-ready values (cards as text, effects in their text
        form), one entry per position field but the variant."""
        return {name: plain(getattr(self, name)) for name in _POSITION if name != "variant"}


T = TypeVar("T")


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced by ``value``: how a per-seat tuple of
    the state (a hand, the waits) changes."""
    return (*values[:index], value, *values[index + 1 :])


def plain(value: object) -> object:
    """``value`` as plain JSON-ready data: cards and effects as text, sequences as lists."""
    if value is None or (isinstance(value, (bool, int, str)) and not isinstance(value, enum.Enum)):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return str(value)
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(item, Card) for item in value):
            return " ".join(map(str, value))
        return [plain(item) for item in value]
    to_text = getattr(value, "to_text", None)
    if callable(to_text):
        try:
            return str(to_text())
        except NotImplementedError:
            return type(value).__name__
    if attrs.has(type(value)):
        fields = attrs.fields(type(value))  # type: ignore[arg-type]
        return {field.name: plain(getattr(value, field.name)) for field in fields}
    return repr(value)
