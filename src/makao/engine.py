"""The game engine: one mutable [`Game`][makao.engine.Game], changed only through
[`Game.play`][makao.engine.Game.play].

The engine knows turns, hands, the stock and the pile; everything a variant adds (attacks,
waits, demands, calls, finishing) comes from its rule objects ([`makao.rules`][makao.rules]), which
see the game only through the [`Table`][makao.rules.base.Table] services below. The fields are
declared once, in [`makao.state`][makao.state].
"""

from __future__ import annotations

import operator
import random
import threading
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import FunctionType
from typing import Final, SupportsIndex, TypeGuard

from makao import _movegen, _random
from makao._build import mypyc_attr
from makao._core import MAX_WAIT, Core, as_move, store_rule_states, unfinished_by_cards
from makao._text import MAX_ITEMS, add_note, shown, taken
from makao.cards import Card, parse_cards, without_card
from makao.deck import MAX_DECKS, shuffled_deck
from makao.errors import MakaoError, SetupError
from makao.events import CardsDrawn, Event
from makao.moves import Draw, Move, Pass
from makao.outcome import Outcome
from makao.rules.base import Effect, Pending, check_restored, public_pairs, restored_states
from makao.seeding import seed_key, seeded_random
from makao.state import DERIVED, FIELDS, Beginning, Earlier, State, record_length, record_moves
from makao.variant import Variant
from makao.view import View

__all__ = ["MAX_WAIT", "Game", "check_table", "dealer_seat"]

_DRAW = Draw()
_FIELD_NAMES = tuple(field.name for field in FIELDS)
_PASS = Pass()


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(Core):
    """A game of a shedding variant: the position, whose move it is, and how it got here.

    Build one with [`new`][makao.engine.Game.new] (shuffle and deal) or
    [`from_position`][makao.engine.Game.from_position]. Query it with
    [`legal_moves`][makao.engine.Game.legal_moves] (of one seat, for hosts; and
    [`is_legal`][makao.engine.Game.is_legal]), `to_move`, [`top`][makao.engine.Game.top],
    [`hand`][makao.engine.Game.hand], [`pending`][makao.engine.Game.pending] (what the effect
    in force asks), [`outcome`][makao.engine.Game.outcome]; change it only with
    [`play`][makao.engine.Game.play]. `clone`
    is cheap, for search. Two games are equal when their positions are
    ([`position_key`][makao.state.State.position_key]).

    Seats, player counts and seeds are annotated `SupportsIndex`: pass an `int`. Anything
    else, a `bool` too, raises [`SeatError`][makao.errors.SeatError] or
    [`SetupError`][makao.errors.SetupError] (the compiled build checks them in its own code,
    as the interpreted one does: mypyc would turn a `str` into a `TypeError` and `True`
    into 1 for an `int` annotation).
    """

    __slots__ = ()

    def __init__(self) -> None:
        raise TypeError("build a Game with Game.new(variant, players) or Game.from_position(…)")

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(
        cls,
        variant: Variant,
        players: SupportsIndex,
        seed: SupportsIndex | None = None,
        *,
        dealer: SupportsIndex | None = None,
    ) -> Game:
        """Shuffle with ``seed`` and deal a new game of ``variant`` for ``players`` seats.

        The player after ``dealer`` moves first (PL-5); by default the variant's dealer
        (the last seat, so seat 0 starts)."""
        _check_variant(variant)
        seed = _checked_seed(random.SystemRandom().randrange(2**63) if seed is None else seed)
        start = variant.compiled.start
        players = _seated(variant, players)
        deck = shuffled_deck(start.decks_for(players), seeded_random(seed_key(seed)), start.ranks)
        game = cls._blank(variant, players, seed)
        if dealer is None:  # the variant's option (PL-5), checked against the table here
            dealer = dealer_seat(start.dealer, players, variant)
        else:
            dealer = dealer_seat(dealer, players)
        game.to_move = (dealer + 1) % players
        game.stock = deck
        repeats = start.decks_for(players) - 1
        game.beginning = Beginning(seed, dealer, (), repeats)
        _movegen.fill_plain_tables(game.compiled, repeats)  # at a rule set's first game
        start.deal(game)
        # the deal emptied most of the stock: keep it at its size
        game.stock = game.stock[:]
        game.pile = game.pile[:]
        game._legal = None
        return game

    @classmethod
    def from_position(
        cls,
        variant: Variant,
        hands: Sequence[str | Iterable[Card]],
        pile: str | Iterable[Card],
        stock: str | Iterable[Card] = (),
        to_move: SupportsIndex = 0,
        effect: str | Effect | None = None,
        *,
        finished: Sequence[int] = (),
        waits: Sequence[int] | None = None,
        direction: SupportsIndex = 1,
        seed: SupportsIndex = 0,
        drawn: object = None,
        public: Iterable[tuple[str, object]] = (),
    ) -> Game:
        """Set up a given position (for puzzles, tests and analysis).

        ``hands`` holds one card list per seat (``"2h 5c"``); ``pile`` lists the pile from
        bottom to top; ``stock`` lists the stock from the top card down; ``effect`` is an
        effect in force, as an object or in its text form (``"attack 5 by 1"``,
        ``"wait 2 by 0"``, ``"demand 7 by 0"``, ``"suit h"``). ``finished`` lists seats that
        already went out, in order; ``seed`` drives later reshuffles. ``drawn`` is a card
        (or its text; typed `object`, as ``text`` of `from_json` is) the player to move has
        just drawn and may still play (PL-8; under RU-9 they must, if they had nothing to
        play before; a drawn card that cannot be played is refused, as the turn would have
        passed); ``public`` gives the rules' public state, as `View.public` lists it
        (who owes a "makao", an open question period).

        Every argument is checked ([`SetupError`][makao.errors.SetupError] says what is wrong):
        seats, waits (none for a finished seat), direction, the effect's seats and size (an
        attack of 1 card or more, a wait of 1 turn or more and at most `MAX_WAIT`: PL-12,
        PL-17; an effect object needs a text form, and is taken as it is: a save of the game
        loads only if the variant reads that text back), cards outside the variant's deck.
        The number of copies of a card is not checked, so a loose stock may repeat cards; a
        hand holds a card at most `MAX_DECKS` (8) times, as in the largest deck a variant builds.
        """
        _check_variant(variant)
        seed = _checked_seed(seed)
        given: object = hands  # as passed: compiled, a narrowed `hands` is typed a `str` here
        if isinstance(given, str) or not isinstance(given, Sequence):
            raise SetupError(f"hands must list one hand per seat, not {shown(given, 60)}")
        game = cls._blank(variant, len(hands), seed)
        try:
            game.hands = [parse_cards(hand) for hand in hands]
            game.pile = list(parse_cards(pile))
            game.stock = list(reversed(parse_cards(stock)))
        except ValueError as error:
            raise SetupError(f"bad position: {error}") from None
        for seat, hand in enumerate(game.hands):
            # more copies would make the plays of several cards of a rank explode
            for card, count in Counter(hand).most_common(1):
                if count > MAX_DECKS:
                    raise SetupError(
                        f"bad position: copies of a card in a hand must be at most {MAX_DECKS} "
                        f"(as in {MAX_DECKS} decks), not {count} of {card} in seat {seat}'s hand"
                    )
        game.to_move, game.direction, finished, waits = _check_position(
            game, to_move, finished, waits, direction
        )
        for seat in finished:
            game.record_finish(seat, [])
        if waits is not None:
            game.waits = tuple(waits)
        game.effect = _position_effect(game, effect)
        _position_extras(game, drawn, public)
        everything = [*game.stock, *game.pile, *(card for hand in game.hands for card in hand)]
        # the decks' copies too: a search samples the hidden cards from the decks
        decks = variant.compiled.start.decks_for(game.players)
        repeats = max(decks, max(Counter(everything).values(), default=0)) - 1
        how: dict[str, object] = {
            "kind": "position",
            "hands": [" ".join(map(str, hand)) for hand in game.hands],
            "pile": " ".join(map(str, game.pile)),
            "stock": " ".join(map(str, reversed(game.stock))),
            "to_move": game.to_move,
            "effect": None if game.effect is None else game.effect.to_text(),
            "finished": list(finished),
            "waits": list(game.waits),
            "direction": game.direction,
            "seed": seed,
        }
        if drawn is not None:
            how["drawn"] = str(game.drawn)
        if game.rule_states != game.compiled.initial_state:
            how["public"] = [list(pair) for pair in game.public_state()]
        rebuilds = game.effect is None or isinstance(effect, str) or _reads_back(game)
        game.beginning = Beginning(seed, how, (), repeats, rebuilds)
        return game

    @classmethod
    def _blank(cls, variant: Variant, players: int, seed: int) -> Game:
        game = cls.__new__(cls)  # made without Game.__init__, which refuses Game()
        game.variant = variant
        game.compiled = variant.compiled
        game.players = players
        game.hands = [() for _ in range(players)]
        game.stock = []
        game.pile = []
        game.to_move = 0
        game.direction = 1
        game.effect = None
        game.waits = _no_waits(players)
        game.done = _none_done(players)
        game.finished = ()
        game.drawn = None
        game.must_play_drawn = False
        game.next_seat = None
        game.over = False
        game.blocked = False
        game.stuck = 0
        game.rng = _random.initial_state(seed)
        game.reshuffles = 0
        game.rule_states = variant.compiled.initial_state
        game._legal = None
        game._log = ()
        game.beginning = Beginning(seed, {})
        return game

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle support: the fields, without the rule set's tables, which the variant
        rebuilds (the record pickles as a list or a tuple of moves, never nested: one
        that goes on from an `Earlier` is written flat), and for a subclass's game its
        class, so that it loads as one (a `Game`'s pickle names none, as before)."""
        state = {name: getattr(self, name) for name in _FIELD_NAMES if name not in DERIVED}
        log = self._log
        if log and type(log[0]) is Earlier:  # flat: a long chain would nest the pickle
            state["_log"] = record_moves(log)
        kind = type(self)
        return (_restore_game, (state,) if kind is Game else (state, kind))

    def _take_back(self, error: Exception, move: Move) -> None:
        """Take back ``move``, which `play` was making when a rule raised ``error`` part way
        (or refused it): the record without it (`Core._take_back`), and every other field as
        it was before it, from the game rebuilt from its origin and record (`_rebuilt`).
        Only then: the engine keeps no copy at each move. If it cannot be rebuilt,
        ``error`` gets a note saying why and the game is left as the rule left it."""
        Core._take_back(self, error, move)
        if getattr(_REBUILDING, "active", False):  # a move of `_rebuilt`'s own
            return
        _REBUILDING.active = True
        try:
            before = _rebuilt(self, move)
        finally:
            _REBUILDING.active = False
        if isinstance(before, str):
            add_note(error, f"the move could not be taken back ({before}): {_HALF_MADE}")
            return
        for name in _TAKEN_BACK:
            setattr(self, name, getattr(before, name))

    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> Game:
        return self.clone()

    # ------------------------------------------------------------------ queries

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds."""
        return len(self.stock)

    # `is_over`, `legal_moves` and `play`, which every game loop calls per move, are
    # `Game`'s own here, so that in the compiled build (where `Game` is a native class)
    # they are methods of the object's very class: CPython 3.11 runs a call of a C method
    # on an object of the method's own class by a specialised instruction, and a call on
    # an object of a subclass (`Game` of `Core`) by the generic one, with two type checks
    # of the object (about 190 instructions a call more). The interpreted build drops the
    # two methods and reads `over`'s slot for `is_over` (see the end of the module): a
    # Python-level call between would cost it that much instead.
    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.over

    def hand(self, seat: SupportsIndex) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in the order they were received."""
        return self.hands[self._seat(seat)]

    def legal_moves(self, seat: SupportsIndex | None = None) -> tuple[Move, ...]:  # type: ignore[override]
        """Every move legal now: the turn moves of `to_move` and any seat's
        out-of-turn actions (a late makao call, "stop makao", …). Empty once over.

        With ``seat`` (the host-facing form), only the moves that seat may make: its turn
        moves if it is to move, and its own out-of-turn actions
        ([`SeatError`][makao.errors.SeatError] for a seat not at the table)."""
        return Core.legal_moves(self, seat)

    def play(self, move: Move | str) -> tuple[Event, ...]:
        """Play ``move`` (an object or its text) and return what happened.

        Raises [`InvalidMoveError`][makao.errors.InvalidMoveError] for malformed moves and
        [`IllegalMoveError`][makao.errors.IllegalMoveError] for moves the rules forbid now; in both
        cases the game is unchanged. A rule that raises part way through the move has it
        taken back whole (`docs/limits.md` says when that cannot be done).
        """
        return Core.play(self, move)

    def is_legal(self, move: Move | str, seat: SupportsIndex | None = None) -> bool:
        """Whether ``move`` (an object or its text) is legal now -- and, with ``seat``,
        whether that seat may make it ("may seat 2 play ``7h`` now?"; turn moves carry no
        seat: they are the seat to move's). A multi-card play in another order of the same
        cards counts as the listed one; a move that `play` takes only to penalise it (a
        Mao misplay, UM-27) is not legal. Malformed text raises
        [`InvalidMoveError`][makao.errors.InvalidMoveError]; a bad seat
        [`SeatError`][makao.errors.SeatError]."""
        move = as_move(move)
        legal = self.legal_moves(seat)
        return _movegen.listed(self, move, legal) is not None

    def actor(self, move: Move | str) -> int | None:
        """The seat that makes ``move`` (an object or its text): the seat an out-of-turn
        action names (``"2: stop 1"``), ``None`` for a report of the host
        (``"host: timeout 2"``, UM-6), else -- a turn move -- the seat to move. Malformed
        text or no move at all raises [`InvalidMoveError`][makao.errors.InvalidMoveError]."""
        move = as_move(move)
        return None if move.by_host else _movegen.actor(self, move)

    def legal_moves_text(self, seat: SupportsIndex | None = None) -> list[str]:
        """The legal moves as text; with ``seat``, only those that seat may make."""
        return [str(move) for move in self.legal_moves(seat)]

    @property
    def pending(self) -> Pending:
        """What the effect in force asks of the player to move -- an attack of N cards, a
        wait of N turns, a demand, a named suit, or nothing -- as a
        [`Pending`][makao.rules.base.Pending], whose ``accept`` is the move that takes it
        (``draw`` for an attack, ``pass`` for a wait)."""
        return Pending.of(self.effect)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended -- finishing order, blocked or not, scores -- as an
        [`Outcome`][makao.outcome.Outcome]; ``None`` while the game goes on (see
        [`standings`][makao.engine.Game.standings] for a game not over)."""
        return self.standings() if self.over else None

    def standings(self) -> Outcome:
        """The game's [`Outcome`][makao.outcome.Outcome] as it stands: once over, the
        result; before, the finished seats, then the others ranked as the end of a game
        ranks them (fewest cards first, PL-36), with ``over=False`` -- to score a game cut
        short."""
        order = (*self.finished, *([] if self.over else unfinished_by_cards(self)))
        scores = self.compiled.finish.scores(self)
        return Outcome(order, self.blocked, scores, self.over)

    @property
    def scores(self) -> tuple[int, ...] | None:
        """Each seat's points once the game is over, for variants that score (Russian
        makao: the cards left in hand, RU-16); ``None`` otherwise. The same as
        ``outcome.scores``."""
        return self.compiled.finish.scores(self) if self.over else None

    @property
    def record(self) -> tuple[Move, ...]:
        """The moves played so far, in order (with [`origin`][makao.engine.Game.origin] and
        [`replay`][makao.engine.Game.replay], the whole game)."""
        return record_moves(self._log)  # type: ignore[return-value]  # of moves

    @property
    def moves_played(self) -> int:
        """The number of moves played so far: ``len(game.record)``, without copying the
        record (a host's version number, a long game's step count)."""
        return record_length(self._log)

    @property
    def last_move(self) -> Move | None:
        """The last move played, as it was listed (``game.record[-1]``, without copying
        the record), or ``None`` before the first move."""
        log = self._log
        if not log:
            return None
        last = log[-1]
        if type(last) is Earlier:  # cloned, no move since: the last of the frozen record
            last = last.moves[-1]  # a move (an `Earlier` only heads a record)
        return last  # type: ignore[return-value]  # a move

    @property
    def origin(self) -> dict[str, object]:
        """How the game began: a deal (players, seed) or a position; JSON-ready."""
        how = self.beginning.how
        if isinstance(how, int):  # a deal: its dealer
            return {"kind": "deal", "players": self.players, "seed": self.seed, "dealer": how}
        return how  # a position: a copy of its lists too, the game's own (`Beginning.how`)

    # ------------------------------------------------------------------ saving

    def to_json(self) -> str:
        """Save the game as JSON: variant, origin, moves and a checked summary
        ([`makao.serialize`][makao.serialize])."""
        from makao.serialize import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, text: object, variant: Variant | None = None) -> Game:
        """Load a game saved by [`to_json`][makao.engine.Game.to_json] (pass ``variant`` for a
        custom variant); raises [`StateError`][makao.errors.StateError] for corrupt input.

        ``text`` is the JSON text (a `str`, or its UTF-8 `bytes`); anything else is a
        `StateError` too (typed `object` so that the compiled build checks it itself, as
        for seats: see `Game`)."""
        from makao.serialize import game_from_json

        return game_from_json(text, variant, kind=cls)  # type: ignore[arg-type]  # it checks the text

    @classmethod
    def replay(
        cls, variant: Variant, origin: Mapping[str, object], moves: Iterable[Move | str]
    ) -> Game:
        """Rebuild a game from [`origin`][makao.engine.Game.origin] and
        [`record`][makao.engine.Game.record] (moves or their text), as a game of this class
        (a subclass's too: [`makao.serialize.replay`][makao.serialize.replay])."""
        from makao.serialize import replay

        return replay(variant, origin, moves, kind=cls)

    def view(self, seat: SupportsIndex) -> View:
        """What ``seat`` may know: their hand, the pile, counts, public effects."""
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat(seat)  # raises the error, or reads an `int` subclass's number
        return _new_tuple(
            View,
            (
                self.variant,
                seat,
                self.players,
                self.hands[seat],
                tuple(self.pile),
                tuple(map(len, self.hands)),
                len(self.stock),
                self.to_move,
                self.effect,
                self.waits,
                self.finished,
                self.direction,
                self.drawn if seat == self.to_move else None,
                self.public_state() if self.compiled.stateful else (),
                self.over,
                self.stuck,
            ),
        )

    def public_state(self) -> tuple[tuple[str, object], ...]:
        """What every seat may know of the rules' own state (who owes a "makao", an open
        question period), as sorted ``(name, value)`` pairs; `View.public`."""
        opening = self.opening
        if opening and _shows_a_face(opening):
            # not kept: the cache hangs on the variant, which every view holds, and a
            # card drawn in the deal (Mao's start effect, UM-2) is hidden from other seats
            return self._public_pairs()
        key = (self.rule_states, opening)
        cache = self.compiled.public_cache
        found = cache.get(key)
        if found is None:
            found = self._public_pairs()
            if len(cache) >= _PUBLIC_CACHE_SIZE:
                cache.clear()  # many distinct deals (Mao openings): keep memory bounded
            cache[key] = found
        return found

    def _public_pairs(self) -> tuple[tuple[str, object], ...]:
        pairs = [pair for rule in self.compiled.stateful for pair in public_pairs(rule, self)]
        return tuple(sorted(pairs, key=_name))

    # ------------------------------------------------------------------ playing

    def __repr__(self) -> str:
        state = "over" if self.over else f"to move: {self.to_move}"
        return f"<Game {self.variant.name} {self.players} players, top {self.top}, {state}>"


if isinstance(getattr(Game, "play"), FunctionType):  # noqa: B009
    # the interpreted build: `Core`'s own methods and the state's own slot (specialised by
    # the interpreter), with no call between (see `Game.is_over`)
    delattr(Game, "legal_moves")
    delattr(Game, "play")
    setattr(Game, "is_over", vars(State)["over"])  # noqa: B010

#: How many (rule states, announcements) keys a rule set caches views' public state for.
_PUBLIC_CACHE_SIZE = 4096


def check_table(variant: Variant, players: SupportsIndex) -> None:
    """Refuse, with a [`SetupError`][makao.errors.SetupError] saying why, a table of
    ``players`` seats at which [`Game.new(variant, players)`][makao.engine.Game.new] could
    not deal: a number of players outside the variant's range or more than its deck serves
    (PL-1), a seat one of its rules names that the table lacks (Mao's ``oldest_player``),
    or a ``dealer`` option that is no seat of it (PL-5). An experiment checks its tables
    with it before any game ([`makao.simulate`][makao.sim.simulate], ``compare``,
    ``ladder``)."""
    _check_variant(variant)
    dealer_seat(variant.compiled.start.dealer, _seated(variant, players), variant)


def _seated(variant: Variant, players: object) -> int:
    """``players`` as a plain `int` (an `IntEnum`'s number, as the compiled build's fields
    keep it) if ``variant``'s start rule (PL-1) and its rules' table checks take a table of
    that many seats; else their `SetupError`. The variant's ``dealer`` option is not
    checked: `Game.new` may be given a dealer of its own."""
    variant.compiled.start.check_players(players)
    assert _is_int(players)  # `check_players` refused anything else
    seats = int(players)
    for rule in variant.compiled.table_checks:
        rule.check_table(seats)
    return seats


def dealer_seat(dealer: object, players: int, option_of: Variant | None = None) -> int:
    """The seat 0…``players``-1 that ``dealer`` names (a negative one counts from the end,
    down to ``-players``); anything else is a [`SetupError`][makao.errors.SetupError], which
    names the variant ``option_of`` when ``dealer`` is its option (a variant knows no table
    size, so its option is checked only here)."""
    if not _is_int(dealer) or not -players <= dealer < players:
        whose = "" if option_of is None else f"the dealer option of {shown(option_of.name)}: "
        raise SetupError(
            f"{whose}dealer must be a seat 0…{players - 1}, not {shown(dealer)} (a negative "
            f"dealer counts from the end, down to -{players})"
        )
    return dealer % players


def _shows_a_face(events: tuple[Event, ...]) -> bool:
    """Whether ``events`` name a drawn card (hidden from every seat but the drawer)."""
    return any(type(event) is CardsDrawn and event.cards for event in events)


def _name(pair: tuple[str, object]) -> str:
    return pair[0]


#: ``tuple.__new__`` builds a view without the named tuple's keyword-handling ``__new__``:
#: a view is made for every bot decision, and this halves its cost.
_new_tuple = tuple.__new__


#: The per-seat values of a fresh game, shared by every game of up to 16 seats (they are
#: tuples, replaced when they change, so clones share them too).
_NO_WAITS: tuple[tuple[int, ...], ...] = tuple((0,) * n for n in range(17))
_NONE_DONE: tuple[tuple[bool, ...], ...] = tuple((False,) * n for n in range(17))


def _no_waits(players: int) -> tuple[int, ...]:
    """No seat waits (shared for up to 16 seats)."""
    return _NO_WAITS[players] if players < len(_NO_WAITS) else (0,) * players


def _none_done(players: int) -> tuple[bool, ...]:
    """No seat has finished (shared for up to 16 seats)."""
    return _NONE_DONE[players] if players < len(_NONE_DONE) else (False,) * players


#: The fields `Game._take_back` takes from the rebuilt game: all but the game's variant,
#: rule set, seats, beginning and record, which a move does not change (the record
#: without the move is the game's own, its earlier moves shared with clones).
_TAKEN_BACK: Final = tuple(
    field.name
    for field in FIELDS
    if field.name not in ("variant", "compiled", "players", "beginning", "_log")
)
#: The fields `_rebuilt` compares: the state but for those a game makes again.
_COMPARED: Final = tuple(field.name for field in FIELDS if field.name not in DERIVED)
_HALF_MADE: Final = "the game is left as the rule left it, part way through the move"
#: Set while `Game._take_back` rebuilds a game: the moves it makes take back no further.
_REBUILDING: Final = threading.local()


def _rebuilt(game: Game, move: Move | None) -> Game | str:
    """``game`` as it was before ``move``, which a rule stopped part way (its record
    without it): rebuilt from its origin and record, and trusted only if ``move``, made
    again on a copy, stops in the very state ``game`` is in (rules are deterministic, as
    saves require; a game a search sampled has an origin that does not describe it).
    Otherwise why not, for the error's note."""
    from makao.serialize import replay

    if not game.beginning.rebuilds:
        return (
            "its origin does not give back the position it began with: the variant does not "
            "read its effect's text back as the same effect"
        )
    if game.beginning.sampled:
        return "a search dealt it anew from a view: its origin does not describe it"
    try:
        # a game of its own class: a subclass's services, which the rules call, are its
        before = replay(game.variant, game.origin, game.record, kind=type(game))
    except Exception as error:
        return f"its origin and record do not rebuild it: {error}"
    trial = before.clone()
    try:
        Core.play(trial, move)  # type: ignore[arg-type]  # the move that raised
    except Exception:  # as it did: compared below
        pass
    else:
        return "made again, the move did not stop"
    if _compared(trial) != _compared(game):
        return "made again, it stopped elsewhere: its origin and record do not make this game"
    return before


def _compared(game: Game) -> tuple[object, ...]:
    """What `_rebuilt` compares of ``game``: its fields, the record as its moves."""
    return tuple(game.record if name == "_log" else getattr(game, name) for name in _COMPARED)


def _restore_game(state: dict[str, object], kind: type[Game] = Game) -> Game:
    """Rebuild a pickled [`Game`][makao.engine.Game] of class ``kind`` (see `Game.__reduce__`;
    earlier versions pickled no class: a `Game`)."""
    game = kind.__new__(kind)
    for name, value in state.items():  # the record too (earlier versions pickled a tuple)
        setattr(game, name, value)
    game.compiled = game.variant.compiled
    store_rule_states(game, game.rule_states)
    game._legal = None
    game.next_seat = None
    return game


def _is_int(value: object) -> TypeGuard[int]:
    """An integer that is not a ``bool`` (``True`` is no seat number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_int_list(value: object) -> bool:
    """A list or tuple of integers (not bools)."""
    return isinstance(value, (list, tuple)) and all(map(_is_int, value))


def _check_variant(variant: object) -> None:
    if not isinstance(variant, Variant):
        raise SetupError(
            f"a game needs a Variant (e.g. makao.variants.polish()), not {shown(variant, 60)}"
        )


def checked_game(game: object) -> Game:
    """``game`` if it is a `Game`; else a [`SetupError`][makao.errors.SetupError] naming
    what it is: the one check of the functions outside the engine that take a game."""
    if not isinstance(game, Game):
        raise SetupError(f"game must be a Game, not {shown(game, 60)}")
    return game


def _checked_seed(seed: object) -> int:
    """``seed`` as a plain `int`, if it is an integer (not a ``bool``); else a
    `SetupError`."""
    if not _is_int(seed):
        raise SetupError(f"seed must be an integer, not {shown(seed, 60)}")
    return int(seed)


def _check_position(
    game: Game,
    to_move: object,
    finished: Sequence[int],
    waits: Sequence[int] | None,
    direction: object,
) -> tuple[int, int, list[int], list[int] | None]:
    """Refuse a position that is not one (`SetupError`); else its seat to move, its
    direction, its finished seats and its waits, as plain `int` values: an `int` subclass
    (an IntEnum numbering seats) is read as its number, as the compiled build's fields and
    typed loops read it, so that both builds keep, show and save the same values."""
    players = game.players
    game.compiled.start.check_players(players, position=True)
    for rule in game.compiled.table_checks:
        rule.check_table(players)
    if not game.pile:
        raise SetupError("the pile needs at least one card (the top card)")
    if not _is_int(to_move) or not 0 <= to_move < players:
        raise SetupError(f"to_move must be a seat 0…{players - 1}, not {shown(to_move, 60)}")
    if not _is_int(direction) or direction not in (1, -1):
        raise SetupError(f"direction must be 1 or -1, not {shown(direction, 60)}")
    if waits is not None and (
        not _is_int_list(waits)
        or len(waits) != players
        or any(not 0 <= w <= MAX_WAIT for w in waits)
    ):
        raise SetupError(f"waits must give {players} integers 0…{MAX_WAIT}, not {shown(waits, 60)}")
    if not _is_int_list(finished):
        raise SetupError(f"finished must list seat numbers, not {shown(finished, 60)}")
    to_move, direction = int(to_move), int(direction)
    finished = [int(seat) for seat in finished]
    waits = None if waits is None else [int(turns) for turns in waits]
    _check_cards(game)
    for seat in finished:
        if not 0 <= seat < players or game.hands[seat] or list(finished).count(seat) > 1:
            raise SetupError(
                f"finished seat {shown(seat, 200)} must be a distinct seat with no cards"
            )
    if to_move in finished:
        raise SetupError(f"seat {to_move} to move has already finished")
    if game.compiled.start.hand_size:  # a deal of no cards plays on from empty hands
        for seat, hand in enumerate(game.hands):
            if not hand and seat not in finished:  # finishing is what an empty hand means
                raise SetupError(
                    f"bad position: seat {seat} holds no cards but has not finished (a player "
                    "with no cards has gone out, PL-32): list it in finished=[…], the seats "
                    "in the order they went out"
                )
    for seat in finished:
        if waits is not None and waits[seat]:
            # a seat that finishes waits no more (`record_finish`): never in a real game
            raise SetupError(f"waits: finished seat {seat} cannot wait {waits[seat]} turn(s)")
    return to_move, direction, finished, waits


def _check_cards(game: Game) -> None:
    """Refuse cards the variant's deck does not hold (a 32-card pack has no 2s).

    How many copies of a card a position holds is not checked here (a hand's are, against
    `MAX_DECKS`): puzzles and tests often give a loose stock that repeats cards of the hands."""
    ranks = game.compiled.start.ranks
    if ranks is None:
        return
    for cards in (*game.hands, game.pile, game.stock):
        for card in cards:
            if card.rank not in ranks:
                raise SetupError(f"bad position: {card} is not in this variant's deck")


def _check_drawn_playable(game: Game, card: Card) -> None:
    """A `SetupError` unless a play may follow the draw of ``card``, as the engine keeps a
    drawn card only then (PL-8: "if the drawn card is legal"; UM-5: any playable card)."""
    rules, seat = game.compiled, game.to_move
    if rules.play_any_after_draw:
        if not _movegen.can_start(game, seat):
            raise SetupError(f"bad position: seat {seat} may play no card after the draw (UM-5)")
    elif not rules.play_drawn:
        raise SetupError(f"bad position: {game.variant.name} plays no card after a draw")
    elif not _movegen.is_first_ok(game, seat, card):
        raise SetupError(
            f"bad position: the drawn card {card} cannot be played now, so the turn would "
            "have passed (PL-8)"
        )


def _position_extras(game: Game, drawn: object, public: object) -> None:
    """Set a position's drawn card (PL-8, RU-9) and the rules' public state. ``public``
    is typed `object` and its pairs checked here: compiled, a typed list of pairs would
    refuse a saved game's ``[name, value]`` lists with a `TypeError`."""
    if isinstance(public, (str, bytes)) or not isinstance(public, Iterable):
        raise SetupError(f"public must list (name, value) pairs, not {shown(public, 60)}")
    read = taken(public)
    if read is None:
        raise SetupError(f"public lists at most {MAX_ITEMS:,} (name, value) pairs")
    pairs: list[object] = list(read)
    named: list[tuple[str, object]] = []
    for pair in pairs:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise SetupError(f"public must list (name, value) pairs, not {shown(pairs, 60)}")
        value = pair[1]
        kind = type(value)  # told by its type, not narrowed: compiled, an `int` is kept
        if kind is not int and kind is not bool and issubclass(kind, int):
            value = operator.index(value)  # an IntEnum seat: its number, as seats elsewhere
        named.append((str(pair[0]), value))
    if named:
        rules = game.compiled.stateful
        states, names = restored_states(rules, dict(named), game.players)
        store_rule_states(game, states)
        check_restored(game, rules, named, names)  # what did not take is refused
    if drawn is None:
        return
    try:
        card = drawn if isinstance(drawn, Card) else Card.parse(drawn)
    except (ValueError, TypeError) as error:
        raise SetupError(f"bad position: drawn card: {error}") from None
    if card not in game.hands[game.to_move]:
        raise SetupError(
            f"bad position: the drawn card {card} is not in seat {game.to_move}'s hand"
        )
    _check_drawn_playable(game, card)
    if game.compiled.must_play_drawn_when_stuck:
        hand = game.hands[game.to_move]
        game.hands[game.to_move] = without_card(hand, card)
        game.must_play_drawn = not _movegen.can_start(game, game.to_move)
        game.hands[game.to_move] = hand
    game.drawn = card


def _reads_back(game: Game) -> bool:
    """Whether the variant reads the text of ``game``'s effect, an object given to
    `Game.from_position`, back as an equal effect: else the position's description (its
    origin) does not give it back, and `Game._take_back` does not rebuild the game."""
    effect = game.effect
    try:
        return effect is not None and game.variant.parse_effect(effect.to_text()) == effect
    except MakaoError:  # a text it does not read
        return False


def _position_effect(game: Game, effect: object) -> Effect | None:
    """The effect in force of a position, read from its text and checked."""
    if effect is None:
        return None
    given = effect
    if isinstance(effect, str):
        effect = game.variant.parse_effect(effect)
    if not isinstance(effect, Effect):
        raise SetupError(f"effect must be an effect's text or object, not {shown(effect, 60)}")
    for name in ("seat", "demander"):
        seat = getattr(effect, name, None)
        if seat is not None and (not _is_int(seat) or not 0 <= seat < game.players):
            raise SetupError(
                f"bad position: the effect's {name} {shown(seat, 200)} is not a seat "
                f"0…{game.players - 1}"
            )
    pending = Pending.of(effect)
    if pending.kind == "wait" and pending.amount > MAX_WAIT:  # the waits' bound (PL-18)
        raise SetupError(
            f"bad position: a wait is of at most {MAX_WAIT} turns, not {shown(pending.amount)}"
        )
    if given is effect:  # an object: its text is the origin's (of any effect a rule makes)
        try:
            effect.to_text()
        except NotImplementedError:
            raise SetupError(
                f"effect {type(effect).__name__} has no text form (Effect.to_text)"
            ) from None
        except ValueError as error:  # a number too long to write (over 4,300 digits)
            raise SetupError(f"effect {type(effect).__name__} cannot be written: {error}") from None
    return effect
