"""The engine's hot half: [`Game.play`][makao.engine.Game.play],
[`Game.legal_moves`][makao.engine.Game.legal_moves] and the services rules use
([`makao.rules.Table`][makao.rules.base.Table]).

[`Game`][makao.engine.Game] is a `Core`; its other entry points (`Game.new`, `Game.hand`,
`Game.view`, …) live in [`makao.engine`][makao.engine]. In the compiled build
(docs/builds.md) this module, [`makao.state`][makao.state] and `makao.engine` are
compiled with mypyc, so `Core` and `Game` are native classes whose fields compiled code
reads as C struct members (`Game` adds no fields). mypyc checks an argument typed as a
builtin (an ``int``) before the function's own checks run, so every entry point that
takes raw input types it as something mypyc does not check and checks it itself, so that
bad input raises makao's typed errors on both builds: a seat or a count is a
`SupportsIndex` in `Game`, a seat an `object` here, a move (an interpreted class) or its
text `Move | str`.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, Final, cast

from makao import _movegen, _random
from makao._build import mypyc_attr
from makao._movegen import (
    _ATTACK_EFFECT,
    _BATTLE_CARDS,
    _NOT_PLAYED,
    _PLAY_CLASS,
    _RANK_DEMAND,
    _RANK_DEMAND_CARDS,
    _WAIT_EFFECT,
    _set_played,
)
from makao._text import shown
from makao.cards import Card, Rank, Suit
from makao.errors import GameOverError, InvalidMoveError, SeatError, SetupError
from makao.events import (
    AttackAccepted,
    AttackRaised,
    CardsDrawn,
    CardsPlayed,
    DemandSet,
    Event,
    GameOver,
    HandsSwapped,
    Passed,
    PlayerFinished,
    StockReshuffled,
    SuitNamed,
    TurnSkipped,
    WaitAccepted,
    WaitRaised,
    _intern,
)
from makao.moves import Choice, Draw, Move, Pass, Play, parse_move
from makao.rules import demand as _demand
from makao.rules.attack import AttackEffect, BattleCards
from makao.rules.base import (
    KEEPS_ANSWER_OVERRIDES,
    KEEPS_ANSWER_RULE,
    KEEPS_ON_DRAW,
    CardRule,
    Effect,
)
from makao.rules.demand import RankDemandCards, SuitDemand, SuitDemandCards
from makao.rules.wait import WaitCards, WaitEffect
from makao.state import Earlier, State, record_moves, replaced
from makao.tables import check_rule_states, keep_bounded

__all__ = ["Core", "store_rule_states", "unfinished_by_cards"]

#: ``tuple.__new__`` builds an event without the named tuple's keyword-handling ``__new__``.
_new_tuple: Final = tuple.__new__

#: The move classes `Core.play` tells apart, and the other classes and tables of other
#: modules the engine uses as it plays, as final names: compiled code reads a final name
#: from a C static, and another module's name from this module's globals, a dict lookup
#: at each use (`_PLAY_CLASS` is move generation's, read from its C static). The classes'
#: own names stay for annotations.
_DRAW_CLASS: Final = Draw
_PASS_CLASS: Final = Pass
_EFFECT_CLASS: Final = Effect
_RANK: Final = Rank
_SUIT: Final = Suit
_CARDS_PLAYED: Final = CardsPlayed
_CARDS_DRAWN: Final = CardsDrawn
_TURN_SKIPPED: Final = TurnSkipped
_STOCK_RESHUFFLED: Final = StockReshuffled
_PLAYER_FINISHED: Final = PlayerFinished
_GAME_OVER: Final = GameOver
_RANK_ENDED: Final = _demand._RANK_ENDED
_SUIT_ENDED: Final = _demand._SUIT_ENDED
_SUIT_DEMAND: Final = SuitDemand
#: ``sum``, as a final name: compiled code looks a builtin up by name at each use.
_SUM: Final = sum
#: The built-in rule and effect classes whose hooks are the engine's standard mechanics
#: (`_raise_attack`, `_raise_wait`, `_demand_rank`, `_name_suit`, `_accept_attack`,
#: `_accept_wait`): for these very classes (not subclasses, which may override a hook)
#: the engine applies the mechanic without calling the hook. Those move generation
#: tells apart too are imported from it (compiled, read from its C statics).
_WAIT_CARDS: Final = WaitCards
_SUIT_DEMAND_CARDS: Final = SuitDemandCards

#: The events of the standard mechanics, each made once and kept by its fields, as an
#: [`Interned`][makao.events.Interned] table keeps them, but in plain dicts, read as
#: ``table.get(fields) or _intern(table, kind, fields)``: a subclass of `dict` is
#: subscripted through a Python-level slot (compiled, about 250 instructions a lookup more
#: than dict's own ``get``, a direct C call; interpreted, ``get`` on a dict costs what that
#: subscript did), and dict's ``get`` called on a subclass is not specialised by the
#: interpreter (about 160 more than on a dict). Every event is true (a tuple of fields).
_ATTACK_RAISED: Final[dict[tuple[int, int, int], AttackRaised]] = {}
_ATTACK_ACCEPTED: Final[dict[tuple[int, int], AttackAccepted]] = {}
_WAIT_RAISED: Final[dict[tuple[int, int, int], WaitRaised]] = {}
_WAIT_ACCEPTED: Final[dict[tuple[int, int], WaitAccepted]] = {}
_DEMAND_SET: Final[dict[tuple[int, Rank | None], DemandSet]] = {}
_SUIT_NAMED: Final[dict[tuple[int, Suit], SuitNamed]] = {}
_INTERN: Final = _intern
_ATTACK_RAISED_KIND: Final = AttackRaised  # what a miss makes, as final names
_ATTACK_ACCEPTED_KIND: Final = AttackAccepted
_WAIT_RAISED_KIND: Final = WaitRaised
_WAIT_ACCEPTED_KIND: Final = WaitAccepted
_DEMAND_SET_KIND: Final = DemandSet
_SUIT_NAMED_KIND: Final = SuitNamed

MAX_WAIT: Final = 1_000
"""The most turns a seat may wait in a set-up position (PL-18), and after a rule's
`add_wait`. A wait grows by one per wait card played, so no dealt game comes near it;
the bound keeps the work of skipping turns small whatever a position (or a saved game)
says. Public as `makao.engine.MAX_WAIT`."""

#: The events of the usual plays and draws, made once and shared (events are immutable):
#: making a named tuple and freeing it costs about 1,500 instructions, a lookup a tenth.
#: A play's `CardsPlayed` is kept on the play itself, per seat, with the play's cards,
#: choice and calls (`_Played`, in the slot ``_played`` that `Move` declares: a slot read
#: and an item of a list by seat, where a dict by the play's identity made an int of its
#: address at every play, and a dict by seat hashed the seat; compiled, an item of a tuple
#: is read without the attribute lookup a field of a `Play`, an interpreted class, costs).
#: `_DRAWN[seat]` by the card's index, for one card drawn by a normal draw, and
#: `_PASSED[seat]`, the seat's pass, are kept for the seats below `_KEPT_SEATS`.
_KEPT_SEATS: Final = 256
_Played = tuple[CardsPlayed, tuple[Card, ...], Choice, tuple[str, ...]]
_DRAWN: Final[list[list[CardsDrawn | None]]] = [[None] * 52 for _ in range(_KEPT_SEATS)]
_PASSED: Final = tuple(Passed(seat) for seat in range(_KEPT_SEATS))


@mypyc_attr(allow_interpreted_subclasses=True)
class Core(State):
    """The state with what changes it (see the module): `play`, `legal_moves` and the
    services of [`makao.rules.Table`][makao.rules.base.Table];
    [`makao.Game`][makao.engine.Game] adds the other public entry points."""

    __slots__ = ()

    @property
    def top(self) -> Card:
        """The top card of the pile."""
        return self.pile[-1]

    @property
    def active_count(self) -> int:
        """How many players still hold cards."""
        return self.players - len(self.finished)

    def legal_moves(self, seat: object = None) -> tuple[Move, ...]:
        """`Game.legal_moves` (typed and documented there): the seat is any object here, so
        that a compiled build checks it itself (`SeatError`), as the interpreted one does.
        The listing is made here, kept until the next move, from `makao._movegen`'s parts
        (inline: a call fewer per action in the interpreted build)."""
        legal = self._legal
        if legal is None:  # every legal move now: the turn moves, then out-of-turn actions
            if self.over:
                legal = ()
            else:
                rules = self.compiled
                if self.drawn is None and self.effect is None and rules.plain_tables:
                    legal = _movegen._plain_moves(self, self.hands[self.to_move])
                else:
                    legal = _movegen._turn_moves(self, self.to_move)
                # out-of-turn actions, unless no rule lists any in these rule states (the
                # initial ones, where idle rules list nothing: `RuleSet.quiet_extra_moves`,
                # told by identity here, as in `play`, by value in `_with_extra_moves`)
                if self.rule_states is not rules.quiet_extra_moves:
                    legal = _movegen._with_extra_moves(self, legal)
            self._legal = legal
        if seat is None:
            return legal
        return _movegen.moves_of(self, legal, self._seat(seat))

    def _seat(self, seat: object) -> int:
        """``seat`` if it is a seat at this table, else a `SeatError`."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise SeatError(f"no seat {shown(seat, 40)}: seats are 0…{self.players - 1}")
        return int(seat)  # a plain int, not an IntEnum member a caller numbered seats with

    def play(self, move: Move | str) -> tuple[Event, ...]:
        """`Game.play` (typed and documented there)."""
        legal = self._legal
        if legal is None:  # not listed yet (the usual caller has listed the moves first)
            legal = Core.legal_moves(self)  # the engine's listing, whatever a subclass lists
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
        # the record: this game's own list, appended in place (no new object a move);
        # at a game's first move and the first after a clone (`State.clone` froze it into
        # a shared tuple) a list of this game's own is made. Told by the error, not by a
        # test at every move: interpreted, a tuple has no ``append`` (AttributeError);
        # compiled, the typed local checks its value (TypeError)
        try:
            log: list[object] = self._log  # type: ignore[assignment]  # see above
            log.append(listed)
        except (AttributeError, TypeError):
            self._log = [*self._log, listed]
        rules = self.compiled
        kind = type(listed)
        # a move is made whole or not at all: a rule that raises part way (or refuses
        # the move) has it taken back (`_take_back`). A ``try`` costs nothing until
        # something raises
        try:
            # the idle before-move rules do nothing in the initial rule state
            # (`RuleSet.quiet_before_move`): told by identity here (`store_rule_states` keeps it
            # as the one tuple), by value in `_before_move`
            if kind is _PLAY_CLASS:  # the usual move, first
                if self.rule_states is not rules.quiet_before_move and _before_move(
                    self, listed, events
                ):
                    return tuple(events)  # a rule ended the game first: no play is made
                _play_cards(self, self.to_move, listed, events)  # type: ignore[arg-type]  # a Play
                return tuple(events)
            # out-of-turn actions go to the rule that carries them out (a lookup, not a method
            # call per move); plays and draws never do (`RuleSet.compile` refuses them)
            if kind is not _DRAW_CLASS:
                handler = rules.handlers.get(kind)
                if handler is not None:
                    # the mover's own action (a Mao misplay): the before-move rules first
                    if kind in rules.in_turn_moves and _before_move(self, listed, events):
                        return tuple(events)  # a rule ended the game first
                    handler.apply(self, listed, events)
                    return tuple(events)
                if kind is not _PASS_CLASS:  # listed or admitted by a rule, carried out by none
                    raise _unhandled(listed)
            # the listing tells a draw whether the seat could have played (plays come first,
            # `legal_moves`) -- unless a rule acts first (it may change the hand)
            listing: tuple[Move, ...] | None = legal
            if self.rule_states is not rules.quiet_before_move:
                if _before_move(self, listed, events):
                    return tuple(events)  # a rule ended the game first: no draw or pass
                listing = None
            if kind is _DRAW_CLASS:  # a listed draw: no card drawn yet this turn
                effect = self.effect
                if effect is None:
                    _draw_then_maybe_play(self, self.to_move, events, listing)
                elif type(effect) is _ATTACK_EFFECT:  # its `on_draw`, applied here
                    _accept_attack(self, effect, self.to_move, events)
                elif effect._kept & KEEPS_ON_DRAW:  # `Effect.on_draw`, inline
                    _draw_then_maybe_play(self, self.to_move, events)
                else:
                    effect.on_draw(self, self.to_move, events)
            else:
                _pass(self, self.to_move, events)
            return tuple(events)
        except Exception as error:
            self._take_back(error, listed)
            raise

    def _take_back(self, error: Exception, move: Move) -> None:
        """Take back ``move``, which `play` was making when ``error`` was raised (by a rule
        part way, or refusing it): here the record without it, and without any move a
        rule made in it (against the rule contract: `play` from a hook); `Game._take_back`
        restores the rest."""
        _unrecord(self, move)

    def _admitted(self, move: object, legal: tuple[Move, ...]) -> Move:
        """``move`` (an object or its text) checked against ``legal``: the listed move it
        stands for, or a typed error (malformed, game over, illegal now)."""
        move = as_move(move)
        if self.over:
            raise GameOverError(f"the game is over; {move} cannot be played")
        return _movegen.canonical(self, move, legal)

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
        return _movegen.first_cards(self, _service_seat(self, seat))

    def may_start(self, seat: int, card: Card) -> bool:
        """Whether ``card``, were it in ``seat``'s hand, may start a play now (for a seat
        other than the one to move: as if it were their turn). Used to place a drawn card
        when resampling hidden cards."""
        seat = seat if type(seat) is int else _plain_int(seat, "a seat")
        return _movegen.is_first_ok(self, seat, card)

    def rule_state(self, rule: object) -> Any:
        """``rule``'s own state in this game ([`Stateful`][makao.rules.base.Stateful]); a
        rule equal to one of the variant's will do. Any other is a `SetupError`."""
        try:
            index = self.compiled.state_index[id(rule)]
        except KeyError:
            index = _state_index(self.compiled.stateful, rule)
        return self.rule_states[index]

    def set_rule_state(self, rule: object, value: object) -> None:
        """Replace ``rule``'s own state in this game (an immutable value)."""
        try:
            index = self.compiled.state_index[id(rule)]
        except KeyError:
            index = _state_index(self.compiled.stateful, rule)
        values = list(self.rule_states)
        values[index] = value
        store_rule_states(self, tuple(values))

    def set_effect(self, effect: object) -> None:
        """Put ``effect`` in force (``None``: clear it); anything but an `Effect` is a
        `SetupError` (the engine would crash on it at the next listing)."""
        if effect is not None and not isinstance(effect, _EFFECT_CLASS):
            raise _wrong_argument("set_effect", effect, "an Effect or None", True)
        self.effect = effect

    def send_turn_to(self, seat: int | None) -> None:
        """The turn that ends now goes to ``seat`` (``None``: back to turn order)."""
        self.next_seat = None if seat is None else _service_seat(self, seat)

    def reverse(self) -> int:
        """Turn the direction of play around; return the new direction."""
        self.direction = -self.direction
        return self.direction

    def add_wait(self, seat: int, turns: int) -> None:
        """``seat`` waits ``turns`` more turns (PL-18): 0 or more, a seat's wait at most
        `MAX_WAIT` (else a `SetupError`)."""
        seat = _service_seat(self, seat)
        turns = _service_count(turns, "turns to wait")
        if self.waits[seat] + turns > MAX_WAIT:
            raise SetupError(
                f"a rule made seat {seat} wait {shown(self.waits[seat] + turns, 40)} turns: "
                f"at most {MAX_WAIT}"
            )
        _add_wait(self, seat, turns)

    def play_cards(self, seat: int, play: Play, events: list[Event]) -> None:
        """``seat`` takes the turn and makes ``play`` as if it were theirs (jump-in)."""
        seat = _service_seat(self, seat)
        _check_held(self, seat, play)
        self.to_move = seat
        self.drawn = None
        self.must_play_drawn = False
        for rule in self.compiled.before_move_rules:
            rule.before_move(self, play, events)
        if not self.over:  # unless a rule ended the game first
            _play_cards(self, seat, play, events)

    def swap_hands(self, seat: int, other: int, events: list[Event]) -> None:
        """``seat`` and ``other`` exchange their hands (a ``HandsSwapped`` event)."""
        seat = _service_seat(self, seat)
        other = _service_seat(self, other)
        hands = self.hands
        hands[seat], hands[other] = hands[other], hands[seat]
        events.append(HandsSwapped(seat, other))

    def keep_turn_open(self, card: object) -> None:
        """After a draw the turn stays open: ``card`` may still be played (UM-5); anything
        but a `Card` is a `TypeError` (typed ``object``: compiled, a `Card` argument would be
        checked with mypyc's message, interpreted not at all)."""
        if not isinstance(card, Card):
            raise _wrong_argument("keep_turn_open", card, "a Card", False)
        self.drawn = card

    def announce(self, events: Sequence[Event]) -> None:
        """Record the deal's announcements as `opening` (Mao, UM-2, UM-4)."""
        self.beginning = self.beginning.announced(tuple(events))

    def can_draw(self) -> bool:
        """Whether at least one card can be drawn (stock, or pile cards to reshuffle)."""
        return bool(self.stock) or len(self.pile) > 1

    def draw_cards(
        self, seat: int, count: int, reason: object, events: list[Event]
    ) -> tuple[Card, ...]:
        """Give ``seat`` up to ``count`` cards from the stock, reshuffling the pile but its
        top card when the stock runs out (PL-35); cards that cannot be had are forgiven.
        Returns the cards drawn, in order. A ``reason`` that is not a text is a `TypeError`
        (typed ``object``, as `keep_turn_open`'s card)."""
        seat = _service_seat(self, seat)
        if not isinstance(reason, str):
            raise _wrong_argument("draw_cards", reason, "a text as the reason", False)
        return _draw_cards(self, seat, _service_count(count, "cards to draw"), reason, events)

    def reshuffle(self, events: list[Event]) -> bool:
        """Shuffle the pile but its top card into a new stock (PL-35); False if no cards."""
        return _reshuffle(self, events)

    def draw_then_maybe_play(self, seat: int, events: list[Event]) -> None:
        """A normal draw (PL-8): draw one card; if it may be played, the turn stays open
        for playing it (or passing); otherwise the turn ends -- or, if the draw rule says
        so, draw again ([`draws_again`][makao.rules.base.DrawRule.draws_again])."""
        seat = _service_seat(self, seat)
        _draw_then_maybe_play(self, seat, events)

    def effect_target(self, seat: int, direction: int) -> int | None:
        """The seat an effect from ``seat`` reaches going ``direction`` (+1 next, -1
        previous): waiting and finished players are passed over (PL-19); ``None`` if
        nobody but ``seat`` could receive it (the effect lapses)."""
        seat = _service_seat(self, seat)
        direction = direction if type(direction) is int else _plain_int(direction, "a direction")
        if direction != 1 and direction != -1:
            raise SetupError(f"a rule gave direction {direction}: it is 1 or -1")
        target = _effect_target(self, seat, direction)
        return None if target < 0 else target

    # The standard mechanics ([`Table`][makao.rules.base.Table] documents them): the
    # built-in rules' hooks call these; the engine calls the module functions itself for
    # the built-in classes (`_play_cards`, `play`, `_pass`).

    def raise_attack(
        self,
        rule: CardRule,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: list[Event],
    ) -> None:
        """The standard attack of ``rule``, a `BattleCards` (PL-12, PL-14, PL-16, PL-19)."""
        seat = _service_seat(self, seat)
        _raise_attack(self, cast(BattleCards, rule), seat, cards, choice, previous, events)

    def raise_wait(
        self,
        rule: CardRule,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: list[Event],
    ) -> None:
        """The standard wait of ``rule``, a `WaitCards` (PL-17, PL-19)."""
        seat = _service_seat(self, seat)
        _raise_wait(self, cast(WaitCards, rule), seat, cards, choice, previous, events)

    def demand_rank(
        self,
        rule: CardRule,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: list[Event],
    ) -> None:
        """The standard demand of ``rule``, a `RankDemandCards` (PL-21, PL-23)."""
        seat = _service_seat(self, seat)
        _demand_rank(self, cast(RankDemandCards, rule), seat, cards, choice, previous, events)

    def name_suit(
        self,
        rule: CardRule,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: list[Event],
    ) -> None:
        """The standard named suit of ``rule``, a `SuitDemandCards` (PL-26, PL-27, RU-8)."""
        seat = _service_seat(self, seat)
        _name_suit(self, cast(SuitDemandCards, rule), seat, cards, choice, previous, events)

    def accept_attack(self, effect: Effect, seat: int, events: list[Event]) -> None:
        """The standard acceptance of ``effect``, an `AttackEffect` (PL-13, PL-15, PL-35)."""
        seat = _service_seat(self, seat)
        _accept_attack(self, cast(AttackEffect, effect), seat, events)

    def accept_wait(self, effect: Effect, seat: int, events: list[Event]) -> None:
        """The standard acceptance of ``effect``, a `WaitEffect` (PL-18, PL-20)."""
        seat = _service_seat(self, seat)
        _accept_wait(self, cast(WaitEffect, effect), seat, events)

    def end_turn(self, seat: int, previous: Effect | None, events: list[Event]) -> None:
        """Finish ``seat``'s turn: let a lasting effect count the turn, then hand the move
        to the effect's target (``next_seat``) or the next player in turn order."""
        _end_turn(self, seat, previous, events)

    def advance(self, seat: int, events: list[Event]) -> int:
        """Move on from ``seat`` in turn order and return the seat that plays next: finished
        seats are passed, waiting seats use up one skipped turn each (PL-18, with a
        ``TurnSkipped`` event). A service for rule objects: it changes the game."""
        return _advance(self, _service_seat(self, seat), events)

    def record_finish(self, seat: int, events: list[Event]) -> None:
        """Mark ``seat`` as finished in the next place (PL-32)."""
        seat = _service_seat(self, seat)
        self.done = replaced(self.done, seat, True)
        self.finished += (seat,)
        self.waits = replaced(self.waits, seat, 0)
        events.append(_new_tuple(_PLAYER_FINISHED, (seat, len(self.finished))))

    def end_game(self, events: list[Event]) -> None:
        """End the game: the remaining players are ranked by fewest cards (PL-32, PL-36)."""
        rest = unfinished_by_cards(self)
        self.finished += tuple(rest)
        self.done = (True,) * self.players
        self.over = True
        self.effect = None
        events.append(_new_tuple(_GAME_OVER, (tuple(self.finished), self.blocked)))


def as_move(move: object) -> Move:
    """``move`` as a `Move`: itself, or the move its text names (`parse_move`); anything
    else is an `InvalidMoveError`."""
    if isinstance(move, str):
        return parse_move(move)
    if not isinstance(move, Move):
        raise InvalidMoveError(f"not a move: {shown(move, 60)} (pass a Move or its text)")
    return move


def _state_index(stateful: Sequence[object], rule: object) -> int:
    """Where the state of ``rule``, not one of the ``stateful`` rules the variant's tables
    were compiled from, sits: that of the first equal one (equal rule tuples share their
    compiled tables, which index the states by the first tuple's objects: `RuleSet`); else
    a `SetupError`."""
    for index, own in enumerate(stateful):
        if own == rule:
            return index
    raise SetupError(
        f"{shown(rule, 80)} keeps no state in this game: not a Stateful rule of its variant"
    )


def store_rule_states(game: Core, states: tuple[object, ...]) -> None:
    """Set ``game``'s rule states to ``states`` -- as the rule set's own
    `RuleSet.initial_state` tuple when they equal it, which `Core.play` and
    `legal_moves` tell by identity (a tuple compared by value costs more on every move);
    other states must be hashable (`check_rule_states`)."""
    initial = game.compiled.initial_state
    if states == initial:
        game.rule_states = initial
    else:
        try:
            hash(states)  # one C call; a state that is not hashable is a `SetupError`:
        except TypeError:
            check_rule_states(game.compiled.stateful, states)  # which names the rule
        game.rule_states = states


def _play_cards(game: Core, seat: int, move: Play, events: list[Event]) -> None:
    """Play ``move``'s cards from ``seat``'s hand: the engine's part of `Core.play` and of
    the `play_cards` service. A module function, not a method: compiled code calls it
    directly, where it calls a method of `Core` (which `Game` subclasses) through mypyc's
    glue, a Python-level lookup and call (docs/builds.md)."""
    rules = game.compiled
    hand = game.hands[seat]
    known: _Played | None
    try:
        known = move._played[seat]  # an item of a list: no hash lookup
    except IndexError:  # a seat past those its list holds (kept from games of fewer seats)
        known = None
    if known is None:
        known = _played(seat, move, game.players)
    cards = known[1]
    claimed = _movegen.claiming_rule(game, cards) if rules.claim_rules else None
    for card in cards:  # `without_card` for each card, inline: no call per card
        index = 0
        try:  # the hand read by index: no iterator made and freed per card
            while hand[index] is not card:
                index += 1
        except IndexError:  # never for a play the engine listed: a rule's `extra_moves` made it
            raise _unheld(seat, card) from None  # the move taken back (`Core.play`)
        hand = hand[:index] + hand[index + 1 :]
    game.hands[seat] = hand
    game.pile.extend(cards)
    events.append(known[0])
    game.drawn = None
    game.stuck = 0
    previous = game.effect
    game.effect = None
    game.next_seat = None
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
    if previous is not None and claimed is None:
        if type(previous) is _ATTACK_EFFECT:  # `AttackEffect.answer_rule`, read (RU-11)
            if acting is None:
                acting = previous.rule
        else:
            kept = previous._kept  # the hooks it keeps: their defaults, without a call
            if acting is None or (not kept & KEEPS_ANSWER_OVERRIDES and previous.answer_overrides):
                acting = None if kept & KEEPS_ANSWER_RULE else previous.answer_rule
    if acting is not None and (hand or rules.last_card_effect_applies):
        # `acting.on_play`, or for a built-in rule class itself the standard mechanic its
        # `on_play` calls, applied here
        choice = known[2]
        kind = type(acting)
        if kind is _BATTLE_CARDS:
            _raise_attack(game, acting, seat, cards, choice, previous, events)  # type: ignore[arg-type]
        elif kind is _SUIT_DEMAND_CARDS:
            _name_suit(game, acting, seat, cards, choice, previous, events)  # type: ignore[arg-type]
        elif kind is _RANK_DEMAND_CARDS:
            _demand_rank(game, acting, seat, cards, choice, previous, events)  # type: ignore[arg-type]
        elif kind is _WAIT_CARDS:
            _raise_wait(game, acting, seat, cards, choice, previous, events)  # type: ignore[arg-type]
        else:
            acting.on_play(game, seat, cards, choice, previous, events)
        if previous is not None and isinstance(previous, _SUIT_DEMAND):
            _end_named_suit(game, previous, events)  # reads the new effect itself
    elif previous is not None:  # covered by cards that act as plain ones
        covered: object = previous.on_covered(game, events)  # checked (see `_end_turn`)
        game.effect = (
            previous if covered is previous else _effect_given(previous, "on_covered", covered)
        )
    left = len(game.hands[seat])  # re-read: a rule may swap hands
    # with no calls, only the rules that act on this many cards left run
    calls = known[3]
    after = (
        rules.after_play_by_left[left if left < 4 else 4] if not calls else rules.after_play_rules
    )
    if after:  # mostly none: no iterator made and freed for nothing
        for rule in after:
            rule.after_play(game, seat, cards, calls, events)
    if not game.hands[seat] and not game.done[seat]:
        rules.finish.on_finish(game, seat, events)
    if not game.over:
        _end_turn(game, seat, previous, events)


def _end_named_suit(game: Core, named: SuitDemand, events: list[Event]) -> None:
    """A named suit that a card with an effect of its own covered is over (PL-28, RU-8),
    as one a plain card covers: ``DemandEnded``, unless the card named the same suit again.
    (``game.effect`` is read here, not by the caller: there mypy, and so mypyc, take it
    for the ``None`` the caller set before the card's rule ran.)"""
    effect = game.effect
    if not (isinstance(effect, _SUIT_DEMAND) and effect.suit is named.suit):
        events.append(_SUIT_ENDED[(named.suit,)])


def _end_turn(game: Core, seat: int, previous: Effect | None, events: list[Event]) -> None:
    """`Core.end_turn`, as a module function (see `_play_cards`): the engine ends every
    turn through it (mypyc's glue for the method cost about 500 instructions per action
    compiled)."""
    game.drawn = None
    game.must_play_drawn = False
    effect = game.effect
    if effect is not None and effect is previous:
        # typed ``object``: what a rule's hook gave is checked here, in both builds alike
        lasting: object = effect.on_turn_end(game, seat, events)
        game.effect = effect if lasting is effect else _effect_given(effect, "on_turn_end", lasting)
    # the seat a rule sent the turn to, if any, under a name of its own: compiled, an
    # optional int is a boxed object at every use (``target`` below is a plain int)
    chosen = game.next_seat
    if chosen is not None:
        game.next_seat = None
        game.to_move = chosen
        return
    target = (seat + game.direction) % game.players
    if game.done[target] or game.waits[target]:
        target = _passing_over(game, seat, target, events)  # finished and waiting seats
    game.to_move = target


def _effect_target(game: Core, seat: int, direction: int) -> int:
    """`Core.effect_target` (PL-19), as a module function (see `_play_cards`), -1 for
    nobody (compiled, an int, where an optional int is boxed and unboxed again)."""
    players = game.players
    target = (seat + direction) % players
    if target != seat and not game.done[target] and not game.waits[target]:
        return target  # the usual case, the next seat: no range and iterator made
    for _ in range(players - 2):
        target = (target + direction) % players
        if not game.done[target] and not game.waits[target]:
            return target
    return -1


def _unlike(game: Core, effect: Effect) -> Effect:
    """A copy of ``effect``, for a play that would put in force the very effect in force
    before it (its callers ask only then: a call fewer at every other play). The engine
    tells the effect in force when a turn began from one put in force during it by
    identity (only the first counts the turn, `_end_turn`), so a shared effect
    ([`Interned`][makao.events.Interned]) equal to the one in force must not be that
    object. The copy is made once per effect (``copy.copy`` of an attrs effect costs about
    35,000 instructions) and handed out again (`RuleSet.twins`: the rule set's, freed
    with its rules): an effect is immutable, so one copy serves every game."""
    twins = game.compiled.twins
    pair = twins.get(id(effect))
    if pair is None:
        pair = keep_bounded(twins, id(effect), (effect, copy.copy(effect)))
    twin: Effect = pair[1]
    return twin


def _raise_attack(
    game: Core,
    rule: BattleCards,
    seat: int,
    cards: tuple[Card, ...],
    choice: Choice,
    previous: Effect | None,
    events: list[Event],
) -> None:
    """`Core.raise_attack` (PL-12, PL-14, PL-16, PL-19): `BattleCards.on_play`, which the
    engine applies itself for that class."""
    penalties = rule.penalty_table
    total = previous.total if isinstance(previous, _ATTACK_EFFECT) else 0
    last_battle = None  # the last battle card played
    for card in cards:
        penalty = penalties.get(card)
        if penalty is not None:
            total += penalty
            last_battle = card
    backwards = last_battle is not None and last_battle in rule.backwards
    target = _effect_target(game, seat, -game.direction if backwards else game.direction)
    if target < 0:
        return  # nobody can receive the attack: it lapses (PL-19)
    if type(rule) is _BATTLE_CARDS:  # `BattleCards.attack`, read from its table
        attack = rule._attacks[total, seat, backwards]
    else:  # a subclass may make its own attacks (Mao's)
        attack = rule.attack(total, seat, backwards)
    game.effect = attack if attack is not previous else _unlike(game, attack)
    game.next_seat = target
    raised = (seat, target, total)
    events.append(
        _ATTACK_RAISED.get(raised) or _INTERN(_ATTACK_RAISED, _ATTACK_RAISED_KIND, raised)
    )


def _raise_wait(
    game: Core,
    rule: WaitCards,
    seat: int,
    cards: tuple[Card, ...],
    choice: Choice,
    previous: Effect | None,
    events: list[Event],
) -> None:
    """`Core.raise_wait` (PL-17, PL-19): `WaitCards.on_play`, which the engine applies
    itself for that class."""
    turns = previous.turns if isinstance(previous, _WAIT_EFFECT) else 0
    wait_cards = rule.cards
    for card in cards:  # one turn per wait card
        if card in wait_cards:
            turns += 1
    if not rule.stacks:
        turns = 1
    target = _effect_target(game, seat, game.direction)
    if target < 0:
        return  # nobody can receive it: it lapses (PL-19)
    effect = rule._waits[turns, seat]
    game.effect = effect if effect is not previous else _unlike(game, effect)
    game.next_seat = target
    raised = (seat, target, turns)
    events.append(_WAIT_RAISED.get(raised) or _INTERN(_WAIT_RAISED, _WAIT_RAISED_KIND, raised))


def _demand_rank(
    game: Core,
    rule: RankDemandCards,
    seat: int,
    cards: tuple[Card, ...],
    choice: Choice,
    previous: Effect | None,
    events: list[Event],
) -> None:
    """`Core.demand_rank` (PL-21, PL-23): `RankDemandCards.on_play`, which the engine
    applies itself for that class."""
    demanded = choice if isinstance(choice, _RANK) else None
    demand = (seat, demanded)
    events.append(_DEMAND_SET.get(demand) or _INTERN(_DEMAND_SET, _DEMAND_SET_KIND, demand))
    if isinstance(previous, _RANK_DEMAND) and previous.rank is not choice:
        events.append(_RANK_ENDED[(previous.rank,)])
    if demanded is not None:
        effect = rule._demands[demanded, seat]
        game.effect = effect if effect is not previous else _unlike(game, effect)


def _name_suit(
    game: Core,
    rule: SuitDemandCards,
    seat: int,
    cards: tuple[Card, ...],
    choice: Choice,
    previous: Effect | None,
    events: list[Event],
) -> None:
    """`Core.name_suit` (PL-19, PL-26, PL-27, RU-8): `SuitDemandCards.on_play`, which the
    engine applies itself for that class."""
    suit = choice if isinstance(choice, _SUIT) else cards[-1].suit
    named = (seat, suit)
    events.append(_SUIT_NAMED.get(named) or _INTERN(_SUIT_NAMED, _SUIT_NAMED_KIND, named))
    if rule.binds == "next":
        target = _effect_target(game, seat, game.direction)
        if target < 0:
            return  # nobody can be bound: the suit lapses (PL-19)
        game.next_seat = target
    effect = rule._named[(suit,)]
    game.effect = effect if effect is not previous else _unlike(game, effect)


def _accept_wait(game: Core, effect: WaitEffect, seat: int, events: list[Event]) -> None:
    """`Core.accept_wait` (PL-18, PL-20): `WaitEffect.on_pass`, which the engine applies
    itself for that class. This turn is the first one sat out; the others follow."""
    accepted = (seat, effect.turns)
    events.append(
        _WAIT_ACCEPTED.get(accepted) or _INTERN(_WAIT_ACCEPTED, _WAIT_ACCEPTED_KIND, accepted)
    )
    game.effect = None
    _add_wait(game, seat, effect.turns - 1)
    _end_turn(game, seat, None, events)


def _add_wait(game: Core, seat: int, turns: int) -> None:
    """`Core.add_wait` (PL-18), as a module function (see `_play_cards`)."""
    game.waits = replaced(game.waits, seat, game.waits[seat] + turns)


def _accept_attack(game: Core, effect: AttackEffect, seat: int, events: list[Event]) -> None:
    """`Core.accept_attack` (PL-13, PL-15, PL-35): `AttackEffect.on_draw`, which the
    engine applies itself for that class."""
    total = effect.total
    accepted = (seat, total)
    events.append(
        _ATTACK_ACCEPTED.get(accepted) or _INTERN(_ATTACK_ACCEPTED, _ATTACK_ACCEPTED_KIND, accepted)
    )
    game.effect = None
    _draw_cards(game, seat, total, "attack", events)
    if not effect.rule.accept_ends_turn:
        return
    if effect.backwards and effect.seat != seat:
        resume = _advance(game, effect.seat, events)
        game.next_seat = resume if resume != seat else None
    _end_turn(game, seat, None, events)


def _advance(game: Core, seat: int, events: list[Event]) -> int:
    """`Core.advance` (PL-18), as a module function (see `_play_cards`)."""
    current = (seat + game.direction) % game.players
    if not game.done[current] and not game.waits[current]:
        return current  # the usual case: the next seat simply plays
    return _passing_over(game, seat, current, events)


def _passing_over(game: Core, seat: int, current: int, events: list[Event]) -> int:
    """`_advance` from ``current``, the seat after ``seat``, finished or waiting: the next
    seat that is neither, each passed over on the way (a waiting one waits a turn less).
    `_end_turn` calls it whenever such seats are passed over (every turn, once a seat of
    several has finished)."""
    players = game.players
    if game.effect is None:  # the usual case: finished seats, nothing to count, the next
        done = game.done
        direction = game.direction
        after = current
        for _ in range(players):
            if not done[after]:
                if not game.waits[after]:  # not waiting either: it moves
                    return after
                break  # a waiting seat: counted below
            after = (after + direction) % players
    for _ in range(4 * players + _SUM(game.waits)):  # waits ≤ MAX_WAIT each: bounded
        waits = game.waits  # re-read: passing over a seat may change them
        if game.done[current]:
            if game.effect is not None:  # `_pass_over`'s test, inline: mostly none
                _pass_over(game, current, events)
        elif waits[current]:
            game.waits = replaced(waits, current, waits[current] - 1)
            game.stuck = 0  # a skipped turn is no pass: the seat may play later (PL-36)
            events.append(_new_tuple(_TURN_SKIPPED, (current,)))
            _pass_over(game, current, events)
        else:
            return current
        current = (current + game.direction) % players
    return seat


def _pass_over(game: Core, seat: int, events: list[Event]) -> None:
    """Let a lasting effect count ``seat``'s turn, passed over (finished or waiting)."""
    effect = game.effect
    if effect is not None:
        lasting: object = effect.on_turn_end(game, seat, events)  # checked (see `_end_turn`)
        game.effect = effect if lasting is effect else _effect_given(effect, "on_turn_end", lasting)


def _effect_given(effect: Effect, hook: str, given: object) -> Effect | None:
    """``given``, what ``effect``'s ``hook`` (`on_turn_end`, `on_covered`) gave as the
    effect in force from now on, if it is an `Effect` or ``None``; anything else is a
    `SetupError` naming them (kept, it would break the next listing)."""
    if given is None or isinstance(given, _EFFECT_CLASS):
        return given
    raise SetupError(
        f"{type(effect).__name__}.{hook} must give an Effect or None, not {shown(given, 60)}"
    )


def _before_move(game: Core, move: Move, events: list[Event]) -> bool:
    """Let the rules that act before a move act (those not idle while every rule's state
    is initial, or all of them); return whether one of them ended the game (`end_game`),
    when the move is not made."""
    rules = game.compiled
    busy = game.rule_states != rules.initial_state
    for rule in rules.before_move_rules if busy else rules.busy_before_move_rules:
        rule.before_move(game, move, events)
    return game.over


def _pass(game: Core, seat: int, events: list[Event]) -> None:
    """A listed pass (PL-36): after a draw, under an effect that may be passed, or stuck."""
    effect = game.effect
    if game.drawn is not None:
        game.drawn = None
        events.append(_passed(seat))
        _end_turn(game, seat, effect, events)
    elif type(effect) is _WAIT_EFFECT:  # its `may_pass` (always) and `on_pass`, applied here
        _accept_wait(game, effect, seat, events)
    elif effect is not None and effect.may_pass(game, seat):
        effect.on_pass(game, seat, events)
    else:  # stuck: nothing to play and nothing to draw (PL-36)
        events.append(_passed(seat))
        game.stuck += 1
        if game.stuck >= game.active_count:
            game.blocked = True
            game.end_game(events)
        else:
            _end_turn(game, seat, effect, events)


def _draw_cards(
    game: Core, seat: int, count: int, reason: str, events: list[Event]
) -> tuple[Card, ...]:
    """`Core.draw_cards` (PL-35), as a module function (see `_play_cards`)."""
    stock = game.stock
    if 0 < count <= len(stock):  # nothing to reshuffle: the stock's last cards, top first
        drawn: tuple[Card, ...] = tuple(stock[: -count - 1 : -1])
        del stock[-count:]
    else:
        taken: list[Card] = []
        for _ in range(count):
            if not stock and not _reshuffle(game, events):
                break
            taken.append(stock.pop())
        drawn = tuple(taken)
    if drawn:
        game.hands[seat] = game.hands[seat] + drawn
        game.stuck = 0
    events.append(_new_tuple(_CARDS_DRAWN, (seat, drawn, reason, len(drawn))))
    return drawn


def _reshuffle(game: Core, events: list[Event]) -> bool:
    """`Core.reshuffle` (PL-35), as a module function (see `_play_cards`)."""
    if len(game.pile) <= 1:
        return False
    cards = game.pile[:-1]
    del game.pile[:-1]
    game.reshuffles += 1
    game.rng = _random.shuffle(cards, game.rng)
    game.stock[:0] = cards
    events.append(_new_tuple(_STOCK_RESHUFFLED, (len(cards),)))
    return True


def _draw_then_maybe_play(
    game: Core, seat: int, events: list[Event], listing: tuple[Move, ...] | None = None
) -> None:
    """`Core.draw_then_maybe_play` (PL-8), as a module function (see `_play_cards`).
    ``listing``: the moves listed for ``seat`` before the draw, if the caller has them
    (`Core.play`): a play among them comes first, so the first tells whether ``seat``
    could have played (RU-9's stuck draw); without them that is worked out when needed."""
    rules = game.compiled
    stuck = rules.must_play_drawn_when_stuck and not (
        _movegen.can_start(game, seat) if listing is None else type(listing[0]) is _PLAY_CLASS
    )
    stock = game.stock
    if stock and seat < _KEPT_SEATS:  # the usual draw, here (a call fewer per draw): a card
        card = stock.pop()  # off the stock, its event made once per seat and card (`_DRAWN`)
        event = _DRAWN[seat][card.index]
        if event is None:
            event = _drawn(seat, card)
        drawn = event[1]  # its cards: an item, not a named tuple's attribute lookup
        game.hands[seat] = game.hands[seat] + drawn  # `+`, not `+=` (see `_plain_moves`)
        game.stuck = 0
        events.append(event)
    else:  # the pile reshuffled first (PL-35), or a seat past those kept
        drawn = _draw_cards(game, seat, 1, "draw", events)
    if drawn and rules.play_any_after_draw and _movegen.can_start(game, seat):
        game.drawn = drawn[0]  # any playable card may follow the draw (UM-5)
        return
    count = 1
    while drawn and rules.play_drawn:
        if _movegen.is_first_ok(game, seat, drawn[0]):
            game.drawn = drawn[0]
            game.must_play_drawn = stuck
            return
        if not (rules.draws_again and rules.draw.draws_again(count)) or not game.can_draw():
            break  # no draw again, or nothing left to draw: no empty draw is reported
        drawn = _draw_cards(game, seat, 1, "draw", events)
        count += 1
    _end_turn(game, seat, game.effect, events)


def _played(seat: int, move: Play, players: int) -> _Played:
    """The event of ``seat`` playing ``move``, with its cards, choice and calls, kept on
    the play (its ``_played`` slot: a list by seat, first made for ``players`` seats)."""
    cards, choice = move.cards, move.choice
    event: CardsPlayed = _new_tuple(_CARDS_PLAYED, (seat, cards, choice))
    played = (event, cards, choice, move.calls)
    kept = move._played
    if kept is _NOT_PLAYED:  # its first play: a list of its own
        kept = [None] * (players if seat < players else seat + 1)
        _set_played(move, kept)
    elif seat >= len(kept):  # first played in games of fewer seats
        kept.extend([None] * (seat + 1 - len(kept)))
    kept[seat] = played
    return played


def _check_held(game: Core, seat: int, play: object) -> None:
    """Refuse, before anything changes, a `play_cards` of anything but a `Play` or of
    cards ``seat`` does not hold (a `SetupError`: it was a bare ``AttributeError`` or
    ``ValueError`` halfway through the play, the turn already taken)."""
    if not isinstance(play, Play):
        raise _wrong_argument("play_cards", play, "a Play", True)
    card = _movegen.unheld_card(game.hands[seat], play.cards)
    if card is not None:
        raise SetupError(
            f"a rule made seat {seat} play {card} with `play_cards`: the seat does not hold it"
        )


def _wrong_argument(service: str, given: object, wanted: str, setup: bool) -> Exception:
    """The error for a rule that gave ``given`` to ``service``, which takes ``wanted``:
    a `SetupError` (``setup``), else a `TypeError`."""
    message = f"a rule gave {shown(given, 60)} to `{service}`: it takes {wanted}"
    return SetupError(message) if setup else TypeError(message)


def _unrecord(game: Core, move: Move) -> None:
    """Take ``move``, which `Core.play` appended to the record, back out, with any move
    after it (the record is a list once a move is appended; an `Earlier` heads it). A
    record frozen since the move was appended (a clone made in the move: a rule's look
    ahead) is made again without them, the frozen one left to the clone."""
    log = game._log
    if isinstance(log, list):
        while log and type(log[-1]) is not Earlier:
            if log.pop() is move:
                return
    moves = record_moves(game._log)
    for index in range(len(moves) - 1, -1, -1):
        if moves[index] is move:
            game._log = moves[:index]
            return


def _unheld(seat: int, card: Card) -> SetupError:
    """The error for a play of ``card``, which ``seat`` does not hold: never a listed
    play of the engine's own, nor one a rule admitted (`_movegen.canonical` checks those),
    so a play a rule listed (`TurnRule.extra_moves`)."""
    return SetupError(
        f"seat {seat} does not hold {card}: a rule listed a play of cards the seat does not hold"
    )


def _unhandled(move: Move) -> SetupError:
    """The error for a move that a rule listed (`TurnRule.extra_moves`) or admitted
    (`TurnRule.admit`) but no rule carries out (it was taken for a pass)."""
    return SetupError(
        f"no rule carries out {shown(move, 60)}: a rule that lists or admits a move of "
        "its own names its class in `handles`"
    )


def _service_seat(game: Core, seat: int) -> int:
    """``seat``, given to a rule service (`Core.send_turn_to`, `draw_cards`, ...), as a
    plain `int` seat of ``game``'s table; a seat the table lacks is a `SeatError` naming it
    (unchecked, a rule's seat -1 grew the per-seat tuples by the whole table, and a seat
    beyond the table was made the seat to move and crashed a later call). Plain: a rule
    that numbers seats with an `IntEnum` (or gives a `bool`) must not leave the member in
    the game (the seat to move, a finished seat, an effect) nor in the events and moves the
    engine makes once and shares with every later game (the compiled build's typed
    services convert it already); the engine's own seats are plain. Anything that is no
    integer (a float, a text) is a `TypeError`, as the compiled build's typed services
    raise: ``int()`` would take ``1.5`` and ``"1"`` as seat 1."""
    seat = seat if type(seat) is int else _plain_int(seat, "a seat")
    if not 0 <= seat < game.players:
        raise SeatError(
            f"a rule gave seat {shown(seat, 40)} to a service: seats are 0…{game.players - 1}"
        )
    return seat


def _service_count(count: int, what: str) -> int:
    """``count``, given to a rule service, as a plain `int` 0 or more, else a `SetupError`
    saying ``what`` it counts (a `TypeError` if it is no integer, as for a seat)."""
    count = count if type(count) is int else _plain_int(count, what)
    if count < 0:
        raise SetupError(f"a rule gave {count} {what}: it is 0 or more")
    return count


def _plain_int(value: object, what: str) -> int:
    """``value``, an `int` or one of a subclass (an `IntEnum` member, a `bool`) given to a rule
    service, as a plain `int`; anything else a `TypeError` naming ``what`` -- as the
    compiled build's services, typed `int`, refuse it at the call (`operator.index`, used
    before took any object with an ``__index__``, which the compiled build refuses)."""
    if isinstance(value, int):
        return int(value)
    raise TypeError(f"a rule gave {what} of type {type(value).__name__}: an int is expected")


def _passed(seat: int) -> Passed:
    """The event of ``seat`` passing (kept in `_PASSED` for the seats it keeps)."""
    return _PASSED[seat] if seat < _KEPT_SEATS else _new_tuple(Passed, (seat,))


def _drawn(seat: int, card: Card) -> CardsDrawn:
    """The event of ``seat`` drawing ``card`` by a normal draw, kept in `_DRAWN`."""
    event: CardsDrawn = _new_tuple(_CARDS_DRAWN, (seat, (card,), "draw", 1))
    _DRAWN[seat][card.index] = event
    return event


def unfinished_by_cards(game: Core) -> list[int]:
    """The seats still holding cards, fewest cards first, ties in turn order from the
    seat to move (how the end of a game ranks them, PL-32, PL-36)."""
    players, to_move, hands = game.players, game.to_move, game.hands
    rest = [seat for seat in range(players) if not game.done[seat]]
    rest.sort(key=lambda s: (len(hands[s]), (s - to_move) % players))
    return rest
