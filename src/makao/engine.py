"""The game engine: one mutable [`Game`][makao.engine.Game], changed only through
[`Game.play`][makao.engine.Game.play].

The engine knows turns, hands, the stock and the pile; everything a variant adds (attacks,
waits, demands, calls, finishing) comes from its rule objects ([`makao.rules`][makao.rules]), which
see the game only through the [`Table`][makao.rules.base.Table] services below. The fields are
declared once, in [`makao.state`][makao.state].
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import attrs

from makao import _movegen, _random
from makao.cards import Card, parse_cards, without_card
from makao.deck import shuffled_deck
from makao.errors import GameOverError, InvalidMoveError, SeatError, SetupError
from makao.events import (
    CardsDrawn,
    CardsPlayed,
    Event,
    GameOver,
    HandsSwapped,
    Passed,
    PlayerFinished,
    StockReshuffled,
    TurnSkipped,
)
from makao.moves import Draw, Move, Pass, Play, parse_move
from makao.outcome import Outcome
from makao.rules.base import CardRule, Effect, Pending
from makao.state import Beginning, State, replaced
from makao.variant import Variant
from makao.view import View

__all__ = ["MAX_WAIT", "Game"]

#: The most turns a seat may wait in a set-up position (PL-18). A wait grows by one per
#: wait card played, so no dealt game comes near it; the bound keeps the work of skipping
#: turns small whatever a position (or a saved game) says.
MAX_WAIT = 1_000

_DRAW = Draw()
_PASS = Pass()


class Game(State):
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
    """

    __slots__ = ()

    def __init__(self) -> None:
        raise TypeError("build a Game with Game.new(variant, players) or Game.from_position(…)")

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(
        cls, variant: Variant, players: int, seed: int | None = None, *, dealer: int | None = None
    ) -> Game:
        """Shuffle with ``seed`` and deal a new game of ``variant`` for ``players`` seats.

        The player after ``dealer`` moves first (PL-5); by default the variant's dealer
        (the last seat, so seat 0 starts)."""
        _check_variant(variant)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        _check_seed(seed)
        start = variant.compiled.start
        start.check_players(players)
        for rule in variant.compiled.table_checks:
            rule.check_table(players)
        deck = shuffled_deck(start.decks_for(players), random.Random(seed), start.ranks)
        game = cls._blank(variant, players, seed)
        if dealer is None:
            dealer = start.dealer
        if not _is_int(dealer) or not -players <= dealer < players:
            raise SetupError(f"dealer must be a seat 0…{players - 1}, not {dealer!r}")
        dealer %= players
        game.to_move = (dealer + 1) % players
        game.stock = deck
        game.beginning = Beginning(seed, dealer, (), start.decks_for(players) == 1)
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
        to_move: int = 0,
        effect: str | Effect | None = None,
        *,
        finished: Sequence[int] = (),
        waits: Sequence[int] | None = None,
        direction: int = 1,
        seed: int = 0,
        drawn: str | Card | None = None,
        public: Iterable[tuple[str, object]] = (),
    ) -> Game:
        """Set up a given position (for puzzles, tests and analysis).

        ``hands`` holds one card list per seat (``"2h 5c"``); ``pile`` lists the pile from
        bottom to top; ``stock`` lists the stock from the top card down; ``effect`` is an
        effect in force, as an object or in its text form (``"attack 5 by 1"``,
        ``"wait 2 by 0"``, ``"demand 7 by 0"``, ``"suit h"``). ``finished`` lists seats that
        already went out, in order; ``seed`` drives later reshuffles. ``drawn`` is a card
        the player to move has just drawn and may still play (PL-8; under RU-9 they must,
        if they had nothing to play before); ``public`` gives the rules' public state, as
        `View.public` lists it (who owes a "makao", an open question period).

        Every argument is checked ([`SetupError`][makao.errors.SetupError] says what is wrong):
        seats, waits, direction, the effect's seats, cards outside the variant's deck. The
        number of copies of a card is not checked, so a loose stock may repeat cards.
        """
        _check_variant(variant)
        _check_seed(seed)
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise SetupError(f"hands must list one hand per seat, not {hands!r:.60}")
        game = cls._blank(variant, len(hands), seed)
        try:
            game.hands = [parse_cards(hand) for hand in hands]
            game.pile = list(parse_cards(pile))
            game.stock = list(reversed(parse_cards(stock)))
        except ValueError as error:
            raise SetupError(f"bad position: {error}") from None
        _check_position(game, to_move, finished, waits, direction)
        game.to_move = to_move
        game.direction = direction
        for seat in finished:
            game.record_finish(seat, [])
        if waits is not None:
            game.waits = tuple(waits)
        game.effect = _position_effect(game, effect)
        _position_extras(game, drawn, public)
        everything = [*game.stock, *game.pile, *(card for hand in game.hands for card in hand)]
        distinct = variant.compiled.start.decks_for(game.players) == 1 and len(
            set(everything)
        ) == len(everything)
        how: dict[str, object] = {
            "kind": "position",
            "hands": [" ".join(map(str, hand)) for hand in game.hands],
            "pile": " ".join(map(str, game.pile)),
            "stock": " ".join(map(str, reversed(game.stock))),
            "to_move": to_move,
            "effect": None if game.effect is None else game.effect.to_text(),
            "finished": list(finished),
            "waits": list(game.waits),
            "direction": direction,
            "seed": seed,
        }
        if drawn is not None:
            how["drawn"] = str(game.drawn)
        if game.rule_states != game.compiled.initial_state:
            how["public"] = [list(pair) for pair in game.public_state()]
        game.beginning = Beginning(seed, how, (), distinct)
        return game

    @classmethod
    def _blank(cls, variant: Variant, players: int, seed: int) -> Game:
        game = object.__new__(cls)
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
        game._log = None
        game.beginning = Beginning(seed, {})
        return game

    def __reduce__(self) -> tuple[object, tuple[dict[str, object]]]:
        """Pickle support: the record is kept as a linked list (cheap clones), which is
        too deep for pickle in long games, so it is saved flat."""
        skip = ("_log", "compiled", "_legal", "next_seat")
        state = {name: getattr(self, name) for name in State.__slots__ if name not in skip}
        state["_log"] = self.record
        return (_restore_game, (state,))

    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> Game:
        return self.clone()

    # ------------------------------------------------------------------ queries

    @property
    def top(self) -> Card:
        """The top card of the pile."""
        return self.pile[-1]

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds."""
        return len(self.stock)

    if TYPE_CHECKING:

        @property
        def is_over(self) -> bool:
            """Whether the game has ended."""

    else:
        # read by a C getter: no Python call per read (every game loop asks it per move)
        is_over = property(attrgetter("over"), doc="Whether the game has ended.")

    @property
    def active_count(self) -> int:
        """How many players still hold cards."""
        return self.players - len(self.finished)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in the order they were received."""
        return self.hands[self._seat(seat)]

    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        """Every move legal now: the turn moves of `to_move` and any seat's
        out-of-turn actions (a late makao call, "stop makao", …). Empty once over.

        With ``seat`` (the host-facing form), only the moves that seat may make: its turn
        moves if it is to move, and its own out-of-turn actions
        ([`SeatError`][makao.errors.SeatError] for a seat not at the table)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _movegen.legal_moves(self)
        if seat is None:
            return legal
        seat = self._seat(seat)
        return tuple(move for move in legal if _movegen.actor(self, move) == seat)

    def is_legal(self, move: Move | str, seat: int | None = None) -> bool:
        """Whether ``move`` (an object or its text) is legal now -- and, with ``seat``,
        whether that seat may make it ("may seat 2 play ``7h`` now?"; turn moves carry no
        seat: they are the seat to move's). A multi-card play in another order of the same
        cards counts as the listed one; a move that `play` takes only to penalise it (a
        Mao misplay, UM-27) is not legal. Malformed text raises
        [`InvalidMoveError`][makao.errors.InvalidMoveError]; a bad seat
        [`SeatError`][makao.errors.SeatError]."""
        if isinstance(move, str):
            move = parse_move(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError(f"not a move: {move!r:.60} (pass a Move or its text)")
        legal = self.legal_moves(seat)
        return _movegen.listed(self, move, legal) is not None

    def actor(self, move: Move) -> int | None:
        """The seat that makes ``move``: the seat an out-of-turn action names
        (``"2: stop 1"``), ``None`` for a report of the host (``"host: timeout 2"``, UM-6),
        else -- a turn move -- the seat to move."""
        return None if move.by_host else _movegen.actor(self, move)

    def legal_moves_text(self, seat: int | None = None) -> list[str]:
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
        order = (*self.finished, *([] if self.over else _unfinished_by_cards(self)))
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
        moves: list[Move] = []
        node = self._log
        while node is not None:
            moves.append(node[0])  # type: ignore[arg-type]
            node = node[1]  # type: ignore[assignment]
        moves.reverse()
        return tuple(moves)

    @property
    def origin(self) -> dict[str, object]:
        """How the game began: a deal (players, seed) or a position; JSON-ready."""
        how = self.beginning.how
        if isinstance(how, int):  # a deal: its dealer
            return {"kind": "deal", "players": self.players, "seed": self.seed, "dealer": how}
        return dict(how)  # a position

    # ------------------------------------------------------------------ saving

    def to_json(self) -> str:
        """Save the game as JSON: variant, origin, moves and a checked summary
        ([`makao.serialize`][makao.serialize])."""
        from makao.serialize import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str, variant: Variant | None = None) -> Game:
        """Load a game saved by [`to_json`][makao.engine.Game.to_json] (pass ``variant`` for a
        custom variant); raises [`StateError`][makao.errors.StateError] for corrupt input."""
        from makao.serialize import game_from_json

        return game_from_json(text, variant)

    @classmethod
    def replay(
        cls, variant: Variant, origin: dict[str, object], moves: Iterable[Move | str]
    ) -> Game:
        """Rebuild a game from [`origin`][makao.engine.Game.origin] and
        [`record`][makao.engine.Game.record] (moves or their text)."""
        from makao.serialize import replay

        return replay(variant, origin, moves)

    def view(self, seat: int) -> View:
        """What ``seat`` may know: their hand, the pile, counts, public effects."""
        if type(seat) is not int or not 0 <= seat < self.players:
            self._seat(seat)  # raises the error
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
            ),
        )

    def public_state(self) -> tuple[tuple[str, object], ...]:
        """What every seat may know of the rules' own state (who owes a "makao", an open
        question period), as sorted ``(name, value)`` pairs; `View.public`."""
        key = (self.rule_states, self.opening)
        cache = self.compiled.public_cache
        found = cache.get(key)
        if found is None:
            pairs = [pair for rule in self.compiled.stateful for pair in rule.public_state(self)]
            found = tuple(sorted(pairs, key=_name))
            if len(cache) >= _PUBLIC_CACHE_SIZE:
                cache.clear()  # many distinct deals (Mao openings): keep memory bounded
            cache[key] = found
        return found

    # ------------------------------------------------------------------ playing

    def play(self, move: Move | str) -> tuple[Event, ...]:
        """Play ``move`` (an object or its text) and return what happened.

        Raises [`InvalidMoveError`][makao.errors.InvalidMoveError] for malformed moves and
        [`IllegalMoveError`][makao.errors.IllegalMoveError] for moves the rules forbid now; in both
        cases the game is unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = _movegen.legal_moves(self)
        # a move taken from legal_moves() is found by identity (a loop: about a third of
        # the instructions of any(map(is_, legal, repeat(move))))
        listed: Move
        for listed in legal:
            if listed is move:
                break
        else:
            listed = self._admitted(move, legal)
        events: list[Event] = []
        self._legal = None
        self._log = (listed, self._log)
        rules = self.compiled
        kind = type(listed)
        if kind in rules.handlers:  # a lookup, not a method call per move
            rules.handlers[kind].apply(self, listed, events)
            return tuple(events)
        # the idle before-move rules do nothing in the initial rule state
        busy = self.rule_states != rules.initial_state
        for rule in rules.before_move_rules if busy else rules.busy_before_move_rules:
            rule.before_move(self, listed, events)
        if kind is Play:
            self._play_cards(self.to_move, listed, events)  # type: ignore[arg-type]  # a Play
        elif kind is Draw:  # a listed draw: no card drawn yet this turn
            effect = self.effect
            if effect is not None:
                effect.on_draw(self, self.to_move, events)
            else:
                self.draw_then_maybe_play(self.to_move, events)
        else:
            self._pass(self.to_move, events)
        return tuple(events)

    def _admitted(self, move: object, legal: tuple[Move, ...]) -> Move:
        """``move`` (an object or its text) checked against ``legal``: the listed move it
        stands for, or a typed error (malformed, game over, illegal now)."""
        if isinstance(move, str):
            move = parse_move(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError(f"not a move: {move!r} (pass a Move or its text)")
        if self.over:
            raise GameOverError(f"the game is over; {move} cannot be played")
        return _movegen.canonical(self, move, legal)

    def _play_cards(self, seat: int, move: Play, events: list[Event]) -> None:
        rules = self.compiled
        hand = self.hands[seat]
        cards = move.cards
        claimed = _movegen.claiming_rule(self, cards) if rules.claim_rules else None
        if len(cards) == 1:  # the usual play: `without_card`'s loop, inline
            card = cards[0]
            index = 0
            for held in hand:
                if held is card:
                    break
                index += 1  # a counter: cheaper than enumerate's pairs
            else:
                raise ValueError(f"{card} is not in the cards")
            hand = hand[:index] + hand[index + 1 :]
        else:
            for card in cards:
                hand = without_card(hand, card)
        self.hands[seat] = hand
        self.pile.extend(cards)
        events.append(_new_tuple(CardsPlayed, (seat, cards, move.choice)))
        self.drawn = None
        self.stuck = 0
        previous = self.effect
        self.effect = None
        self.next_seat = None
        if claimed is None:
            card_rule = rules.card_rule
            acting = card_rule[cards[-1].index]
            if acting is None and len(cards) > 1:
                for card in reversed(cards):
                    acting = card_rule[card.index]
                    if acting is not None:
                        break
        else:
            acting = claimed
        if (
            previous is not None
            and claimed is None
            and (acting is None or previous.answer_overrides)
        ):
            acting = previous.answer_rule
        if hand or rules.finish.last_card_effect_applies:
            if acting is not None:
                acting.on_play(self, seat, cards, move.choice, previous, events)
            elif previous is not None:
                self.effect = previous.on_covered(self, events)
        elif previous is not None:
            self.effect = previous.on_covered(self, events)
        left = len(self.hands[seat])  # re-read: a rule may swap hands
        # with no calls, only the rules that act on this many cards left run
        for rule in (
            rules.after_play_by_left[left if left < 4 else 4]
            if not move.calls
            else rules.after_play_rules
        ):
            rule.after_play(self, seat, cards, move.calls, events)
        if not self.hands[seat] and not self.done[seat]:
            rules.finish.on_finish(self, seat, events)
        if not self.over:
            self.end_turn(seat, previous, events)

    def _pass(self, seat: int, events: list[Event]) -> None:
        effect = self.effect
        if self.drawn is not None:
            self.drawn = None
            events.append(_new_tuple(Passed, (seat,)))
            self.end_turn(seat, effect, events)
        elif effect is not None and effect.may_pass(self, seat):
            effect.on_pass(self, seat, events)
        else:  # stuck: nothing to play and nothing to draw (PL-36)
            events.append(_new_tuple(Passed, (seat,)))
            self.stuck += 1
            if self.stuck >= self.active_count:
                self.blocked = True
                self.end_game(events)
            else:
                self.end_turn(seat, effect, events)

    # ------------------------------------------------------------------ services for rules
    # Game is a makao.rules.Table (and, while dealing, a Setup): these are the only ways
    # a rule changes the game.

    @property
    def claim_rules(self) -> tuple[CardRule, ...]:
        """The card rules that may take over a play
        ([`CardRule.claims`][makao.rules.base.CardRule.claims])."""
        return self.compiled.claim_rules

    def rule_for(self, card: Card) -> CardRule | None:
        """The rule that gives ``card`` its effect in this variant, if any."""
        return self.compiled.card_rule[card.index]

    def is_function(self, card: Card) -> bool:
        """Whether ``card`` has an effect or is wild in this variant (PL-4)."""
        return self.compiled.is_function[card.index]

    def playable_cards(self, seat: int) -> list[Card]:
        """The distinct cards of ``seat``'s hand that may start a play now."""
        return _movegen.first_cards(self, seat)

    def may_start(self, seat: int, card: Card) -> bool:
        """Whether ``card``, were it in ``seat``'s hand, may start a play now (for a seat
        other than the one to move: as if it were their turn). Used to place a drawn card
        when resampling hidden cards."""
        return _movegen.is_first_ok(self, seat, card)

    def rule_state(self, rule: object) -> Any:
        """``rule``'s own state in this game ([`Stateful`][makao.rules.base.Stateful])."""
        return self.rule_states[self.compiled.state_index[id(rule)]]

    def set_rule_state(self, rule: object, value: object) -> None:
        """Replace ``rule``'s own state in this game (an immutable value)."""
        values = list(self.rule_states)
        values[self.compiled.state_index[id(rule)]] = value
        self.rule_states = tuple(values)

    def set_effect(self, effect: Effect | None) -> None:
        """Put ``effect`` in force (``None``: clear it)."""
        self.effect = effect

    def send_turn_to(self, seat: int | None) -> None:
        """The turn that ends now goes to ``seat`` (``None``: back to turn order)."""
        self.next_seat = seat

    def reverse(self) -> int:
        """Turn the direction of play around; return the new direction."""
        self.direction = -self.direction
        return self.direction

    def add_wait(self, seat: int, turns: int) -> None:
        """``seat`` waits ``turns`` more turns (PL-18)."""
        self.waits = replaced(self.waits, seat, self.waits[seat] + turns)

    def play_cards(self, seat: int, play: Play, events: list[Event]) -> None:
        """``seat`` takes the turn and makes ``play`` as if it were theirs (jump-in)."""
        self.to_move = seat
        self.drawn = None
        self.must_play_drawn = False
        for rule in self.compiled.before_move_rules:
            rule.before_move(self, play, events)
        self._play_cards(seat, play, events)

    def swap_hands(self, seat: int, other: int, events: list[Event]) -> None:
        """``seat`` and ``other`` exchange their hands (a ``HandsSwapped`` event)."""
        hands = self.hands
        hands[seat], hands[other] = hands[other], hands[seat]
        events.append(HandsSwapped(seat, other))

    def keep_turn_open(self, card: Card) -> None:
        """After a draw the turn stays open: ``card`` may still be played (UM-5)."""
        self.drawn = card

    def announce(self, events: Sequence[Event]) -> None:
        """Record the deal's announcements as `opening` (Mao, UM-2, UM-4)."""
        self.beginning = attrs.evolve(self.beginning, opening=tuple(events))

    def can_draw(self) -> bool:
        """Whether at least one card can be drawn (stock, or pile cards to reshuffle)."""
        return bool(self.stock) or len(self.pile) > 1

    def draw_cards(
        self, seat: int, count: int, reason: str, events: list[Event]
    ) -> tuple[Card, ...]:
        """Give ``seat`` up to ``count`` cards from the stock, reshuffling the pile but its
        top card when the stock runs out (PL-35); cards that cannot be had are forgiven.
        Returns the cards drawn, in order."""
        stock = self.stock
        if count == 1 and stock:  # the usual draw
            drawn: tuple[Card, ...] = (stock.pop(),)
        else:
            taken: list[Card] = []
            for _ in range(count):
                if not stock and not self.reshuffle(events):
                    break
                taken.append(stock.pop())
            drawn = tuple(taken)
        if drawn:
            self.hands[seat] += drawn
            self.stuck = 0
        events.append(_new_tuple(CardsDrawn, (seat, drawn, reason, len(drawn))))
        return drawn

    def reshuffle(self, events: list[Event]) -> bool:
        """Shuffle the pile but its top card into a new stock (PL-35); False if no cards."""
        if len(self.pile) <= 1:
            return False
        cards = self.pile[:-1]
        del self.pile[:-1]
        self.reshuffles += 1
        self.rng = _random.shuffle(cards, self.rng)
        self.stock[:0] = cards
        events.append(StockReshuffled(len(cards)))
        return True

    def draw_then_maybe_play(self, seat: int, events: list[Event]) -> None:
        """A normal draw (PL-8): draw one card; if it may be played, the turn stays open
        for playing it (or passing); otherwise the turn ends -- or, if the draw rule says
        so, draw again ([`draws_again`][makao.rules.base.DrawRule.draws_again])."""
        draw_rule = self.compiled.draw
        stuck = draw_rule.must_play_drawn_when_stuck and not _movegen.can_start(self, seat)
        drawn = self.draw_cards(seat, 1, "draw", events)
        if drawn and draw_rule.play_any_after_draw and _movegen.can_start(self, seat):
            self.drawn = drawn[0]  # any playable card may follow the draw (UM-5)
            return
        count = 1
        while drawn and draw_rule.play_drawn:
            if _movegen.is_first_ok(self, seat, drawn[0]):
                self.drawn = drawn[0]
                self.must_play_drawn = stuck
                return
            if not draw_rule.draws_again(count):
                break
            drawn = self.draw_cards(seat, 1, "draw", events)
            count += 1
        self.end_turn(seat, self.effect, events)

    def effect_target(self, seat: int, direction: int) -> int | None:
        """The seat an effect from ``seat`` reaches going ``direction`` (+1 next, -1
        previous): waiting and finished players are passed over (PL-19); ``None`` if
        nobody but ``seat`` could receive it (the effect lapses)."""
        players = self.players
        target = seat
        for _ in range(players - 1):
            target = (target + direction) % players
            if not self.done[target] and not self.waits[target]:
                return target
        return None

    def end_turn(self, seat: int, previous: Effect | None, events: list[Event]) -> None:
        """Finish ``seat``'s turn: let a lasting effect count the turn, then hand the move
        to the effect's target (``next_seat``) or the next player in turn order."""
        self.drawn = None
        self.must_play_drawn = False
        effect = self.effect
        if effect is not None and effect is previous:
            self.effect = effect.on_turn_end(self, seat, events)
        target = self.next_seat
        if target is not None:
            self.next_seat = None
            self.to_move = target
            return
        target = (seat + self.direction) % self.players
        if self.done[target] or self.waits[target]:
            target = self.advance(seat, events)  # pass over finished and waiting seats
        self.to_move = target

    def advance(self, seat: int, events: list[Event]) -> int:
        """Move on from ``seat`` in turn order and return the seat that plays next: finished
        seats are passed, waiting seats use up one skipped turn each (PL-18, with a
        ``TurnSkipped`` event). A service for rule objects: it changes the game."""
        players = self.players
        current = (seat + self.direction) % players
        if not self.done[current] and not self.waits[current]:
            return current  # the usual case: the next seat simply plays
        for _ in range(4 * players + sum(self.waits)):  # waits ≤ MAX_WAIT each: bounded
            waits = self.waits  # re-read: passing over a seat may change them
            if self.done[current]:
                self._pass_over(current, events)
            elif waits[current]:
                self.waits = replaced(waits, current, waits[current] - 1)
                self.stuck = 0  # a skipped turn is no pass: the seat may play later (PL-36)
                events.append(_new_tuple(TurnSkipped, (current,)))
                self._pass_over(current, events)
            else:
                return current
            current = (current + self.direction) % players
        return seat

    def _pass_over(self, seat: int, events: list[Event]) -> None:
        effect = self.effect
        if effect is not None:
            self.effect = effect.on_turn_end(self, seat, events)

    def record_finish(self, seat: int, events: list[Event]) -> None:
        """Mark ``seat`` as finished in the next place (PL-32)."""
        self.done = replaced(self.done, seat, True)
        self.finished += (seat,)
        self.waits = replaced(self.waits, seat, 0)
        events.append(PlayerFinished(seat, len(self.finished)))

    def end_game(self, events: list[Event]) -> None:
        """End the game: the remaining players are ranked by fewest cards (PL-32, PL-36)."""
        rest = _unfinished_by_cards(self)
        self.finished += tuple(rest)
        self.done = (True,) * self.players
        self.over = True
        self.effect = None
        events.append(GameOver(tuple(self.finished), self.blocked))

    def _seat(self, seat: int) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise SeatError(f"no seat {seat!r:.40}: seats are 0…{self.players - 1}")
        return seat

    def __repr__(self) -> str:
        state = "over" if self.over else f"to move: {self.to_move}"
        return f"<Game {self.variant.name} {self.players} players, top {self.top}, {state}>"


#: How many (rule states, announcements) keys a rule set caches views' public state for.
_PUBLIC_CACHE_SIZE = 4096


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


def _unfinished_by_cards(game: Game) -> list[int]:
    """The seats still holding cards, fewest cards first, ties in turn order from the
    seat to move (how the end of a game ranks them, PL-32, PL-36)."""
    players, to_move, hands = game.players, game.to_move, game.hands
    rest = [seat for seat in range(players) if not game.done[seat]]
    rest.sort(key=lambda s: (len(hands[s]), (s - to_move) % players))
    return rest


def _restore_game(state: dict[str, object]) -> Game:
    """Rebuild a pickled [`Game`][makao.engine.Game] (see `Game.__reduce__`)."""
    game = object.__new__(Game)
    log: tuple[object, ...] | None = None
    for move in state.pop("_log"):  # type: ignore[attr-defined]
        log = (move, log)
    for name, value in state.items():
        setattr(game, name, value)
    game._log = log
    game.compiled = game.variant.compiled
    game._legal = None
    game.next_seat = None
    return game


def _is_int(value: object) -> bool:
    """An integer that is not a ``bool`` (``True`` is no seat number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_int_list(value: object) -> bool:
    """A list or tuple of integers (not bools)."""
    return isinstance(value, (list, tuple)) and all(map(_is_int, value))


def _check_variant(variant: object) -> None:
    if not isinstance(variant, Variant):
        raise SetupError(
            f"a game needs a Variant (e.g. makao.variants.polish()), not {variant!r:.60}"
        )


def _check_seed(seed: object) -> None:
    if not _is_int(seed):
        raise SetupError(f"seed must be an integer, not {seed!r:.60}")


def _check_position(
    game: Game,
    to_move: int,
    finished: Sequence[int],
    waits: Sequence[int] | None,
    direction: int,
) -> None:
    players = game.players
    game.compiled.start.check_players(players, position=True)
    for rule in game.compiled.table_checks:
        rule.check_table(players)
    if not game.pile:
        raise SetupError("the pile needs at least one card (the top card)")
    if not _is_int(to_move) or not 0 <= to_move < players:
        raise SetupError(f"to_move must be a seat 0…{players - 1}, not {to_move!r:.60}")
    if not _is_int(direction) or direction not in (1, -1):
        raise SetupError(f"direction must be 1 or -1, not {direction!r:.60}")
    if waits is not None and (
        not _is_int_list(waits)
        or len(waits) != players
        or any(not 0 <= w <= MAX_WAIT for w in waits)
    ):
        raise SetupError(f"waits must give {players} integers 0…{MAX_WAIT}, not {waits!r:.60}")
    if not _is_int_list(finished):
        raise SetupError(f"finished must list seat numbers, not {finished!r:.60}")
    _check_cards(game)
    for seat in finished:
        if not 0 <= seat < players or game.hands[seat] or list(finished).count(seat) > 1:
            raise SetupError(f"finished seat {seat!r} must be a distinct seat with no cards")
    if to_move in finished:
        raise SetupError(f"seat {to_move} to move has already finished")


def _check_cards(game: Game) -> None:
    """Refuse cards the variant's deck does not hold (a 32-card pack has no 2s).

    How many copies of a card a position holds is not checked: puzzles and tests often
    give a loose stock that repeats cards of the hands."""
    ranks = game.compiled.start.ranks
    if ranks is None:
        return
    for cards in (*game.hands, game.pile, game.stock):
        for card in cards:
            if card.rank not in ranks:
                raise SetupError(f"bad position: {card} is not in this variant's deck")


def _position_extras(
    game: Game, drawn: str | Card | None, public: Iterable[tuple[str, object]]
) -> None:
    """Set a position's drawn card (PL-8, RU-9) and the rules' public state."""
    if isinstance(public, (str, bytes)) or not isinstance(public, Iterable):
        raise SetupError(f"public must list (name, value) pairs, not {public!r:.60}")
    pairs = list(public)
    if not all(isinstance(p, (tuple, list)) and len(p) == 2 for p in pairs):
        raise SetupError(f"public must list (name, value) pairs, not {pairs!r:.60}")
    if pairs:
        given = {str(name): value for name, value in pairs}
        game.rule_states = tuple(rule.restore_state(given) for rule in game.compiled.stateful)
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
    if game.compiled.draw.must_play_drawn_when_stuck:
        hand = game.hands[game.to_move]
        game.hands[game.to_move] = without_card(hand, card)
        game.must_play_drawn = not _movegen.can_start(game, game.to_move)
        game.hands[game.to_move] = hand
    game.drawn = card


def _position_effect(game: Game, effect: object) -> Effect | None:
    """The effect in force of a position, read from its text and checked."""
    if effect is None:
        return None
    if isinstance(effect, str):
        effect = game.variant.parse_effect(effect)
    if not isinstance(effect, Effect):
        raise SetupError(f"effect must be an effect's text or object, not {effect!r:.60}")
    for name in ("seat", "demander"):
        seat = getattr(effect, name, None)
        if seat is not None and (not _is_int(seat) or not 0 <= seat < game.players):
            raise SetupError(
                f"bad position: the effect's {name} {seat!r} is not a seat 0…{game.players - 1}"
            )
    return effect
