"""Calls said with a play: "makao" with one card left (PL-29, PL-30, RU-14) and
"po makale" with the last card (PL-31)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from makao._text import shown
from makao.cards import Card
from makao.errors import SetupError
from makao.events import CallMade, Penalised
from makao.moves import Move, Say, Stop
from makao.rules._util import public_seat, whole_number
from makao.rules.base import MOST_CARDS_LEFT, Events, Stateful, Table, TurnRule

__all__ = ["FinishCall", "LastCardCall"]

#: The out-of-turn moves `LastCardCall.extra_moves` lists, made once (moves are immutable
#: values) per what they depend on: the call, whether it may be said late, whether "stop"
#: may be called, the liable seat and the number of players. Emptied once it holds
#: `_KEPT_LATE_MOVES` entries (many calls, or tables of hundreds of seats, each seat's
#: entry holding a "stop" per other seat).
_LATE_MOVES: dict[tuple[str, bool, bool, int, int], tuple[Move, ...]] = {}
_KEPT_LATE_MOVES = 1_024


@attrs.frozen
class LastCardCall(Stateful["int | None"], TurnRule):
    """A player left with ``cards_left`` card(s) after a play must say ``call``.

    ``enforcement="challenge"`` (PL-30): until the next move, the player may still say it
    (unless ``with_move_only``), and any other player may call "stop" on them, which costs
    them ``penalty`` cards. ``enforcement="automatic"`` (RU-14): if it has not been said
    when the next move is made, the player draws ``penalty`` cards.

    Its state is the seat that owes the call until the next move (public, named ``call``).

    Moves tell apart at most four cards left ("four or more"), so a call owed at five or
    more cards is said late only, never with the play; ``with_move_only`` is refused then
    (a call nobody could make).
    """

    handles = (Say, Stop)
    call: str = "makao"
    penalty: int = attrs.field(default=5, validator=whole_number(0))
    enforcement: str = "challenge"
    with_move_only: bool = False
    cards_left: int = attrs.field(default=1, validator=whole_number(None))
    rule_id: str = "PL-30"
    idle_in_initial_state = True

    def __attrs_post_init__(self) -> None:
        if self.enforcement not in ("challenge", "automatic"):
            raise SetupError(
                f"enforcement is 'challenge' or 'automatic': {shown(self.enforcement, 200)}"
            )
        if self.with_move_only and self.cards_left > MOST_CARDS_LEFT:
            raise SetupError(
                f"cards_left must be at most {MOST_CARDS_LEFT} with with_move_only (moves tell "
                f"apart at most {MOST_CARDS_LEFT} cards left), not {self.cards_left}"
            )

    def call_options(self, cards: tuple[Card, ...], cards_left: int) -> tuple[str, ...]:
        """A play leaving ``cards_left`` cards may carry the call."""
        return (self.call,) if cards_left == self.cards_left else ()

    def same_calls_from(self) -> int:
        """Any number of cards left above the call's gives the same calls: none (1…4,
        whatever ``cards_left`` is: a call at no number the engine lists changes nothing)."""
        return max(1, min(self.cards_left + 1, MOST_CARDS_LEFT))

    def after_play_applies(self, cards_left: int) -> bool:
        """Only a play leaving the player the call's number of cards owes it."""
        return cards_left == min(self.cards_left, MOST_CARDS_LEFT)

    def liable(self, game: Table) -> int | None:
        """The seat that owes the call now, if any (a seat a set-up position named but
        the table lacks owes nothing)."""
        seat = self.state(game)
        return seat if seat is None or seat < game.players else None

    def public_state(self, table: Table) -> tuple[tuple[str, object], ...]:
        """Everyone sees who owes the call (the rule's state as it is: the engine caches
        views' public state by the rules' states, so this reads nothing else)."""
        seat = self.state(table)
        return () if seat is None else ((self.call, seat),)

    def check_public(self, public: Mapping[str, object], players: int) -> None:
        """A position's call is owed by a seat of the table, or by nobody (PL-29)."""
        public_seat(public, self.call, players, "the seat that owes the call")

    def restore_state(self, public: Mapping[str, object]) -> int | None:
        """The seat a view says owes the call (a flag or a negative number names none)."""
        seat = public.get(self.call)
        return seat if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0 else None

    def before_move(self, game: Table, move: Move, events: Events) -> None:
        """The next move closes the window; automatic enforcement charges now (RU-14)."""
        seat = self.state(game)
        if seat is not None:
            self.set_state(game, None)
        if seat is not None and seat < game.players and self.enforcement == "automatic":
            self._penalise(game, seat, "did not say " + self.call, events)

    def after_play(
        self, game: Table, seat: int, cards: tuple[Card, ...], calls: Iterable[str], events: Events
    ) -> None:
        """Record the call, or that it is owed (PL-29)."""
        if self.call in calls:
            events.append(CallMade(seat, self.call))
        elif len(game.hands[seat]) == self.cards_left:
            self.set_state(game, seat)

    def extra_moves(self, game: Table) -> Iterable[Move]:
        """A late call by the liable player; "stop" by any other player (PL-29, PL-30),
        made once per call, liable seat and table size (`_LATE_MOVES`)."""
        seat = self.liable(game)
        if seat is None:
            return ()
        key = (self.call, self.with_move_only, self.enforcement == "challenge", seat, game.players)
        found = _LATE_MOVES.get(key)
        if found is None:
            moves: list[Move] = [] if self.with_move_only else [Say(seat, self.call)]
            if self.enforcement == "challenge":
                moves.extend(Stop(other, seat) for other in range(game.players) if other != seat)
            found = tuple(moves)
            if len(_LATE_MOVES) >= _KEPT_LATE_MOVES:
                _LATE_MOVES.clear()
            _LATE_MOVES[key] = found
        return found

    def action_templates(self, players: int) -> tuple[Move, ...]:
        """A late call per seat; a "stop" per pair of seats (challenge enforcement)."""
        says: list[Move] = (
            [] if self.with_move_only else [Say(s, self.call) for s in range(players)]
        )
        if self.enforcement == "challenge":
            says += [Stop(s, t) for s in range(players) for t in range(players) if s != t]
        return tuple(says)

    def apply(self, game: Table, move: Move, events: Events) -> None:
        """Carry out a late call or a "stop"."""
        seat = self.state(game)
        assert seat is not None
        self.set_state(game, None)
        if isinstance(move, Say):
            events.append(CallMade(seat, self.call))
        elif isinstance(move, Stop):
            events.append(CallMade(move.seat, "stop-" + self.call))
            self._penalise(game, seat, f"stop {self.call} called by seat {move.seat}", events)

    def _penalise(self, game: Table, seat: int, reason: str, events: Events) -> None:
        events.append(Penalised(seat, self.rule_id, reason, self.penalty))
        if self.penalty:  # a penalty of 0 is reported, with no empty draw (as `FinishCall`)
            game.draw_cards(seat, self.penalty, "penalty", events)


@attrs.frozen
class FinishCall(TurnRule):
    """A player who plays their last card says ``call`` ("po makale", PL-31). Forgetting
    it is recorded; with ``penalty`` > 0 the player draws that many and plays on."""

    call: str = "po-makale"
    penalty: int = attrs.field(default=0, validator=whole_number(0))
    rule_id: str = "PL-31"

    def call_options(self, cards: tuple[Card, ...], cards_left: int) -> tuple[str, ...]:
        """The finishing play may carry the call."""
        return (self.call,) if cards_left == 0 else ()

    def same_calls_from(self) -> int:
        """Every play that leaves cards gives the same calls: none."""
        return 1

    def after_play_applies(self, cards_left: int) -> bool:
        """Only the finishing play."""
        return cards_left == 0

    def after_play(
        self, game: Table, seat: int, cards: tuple[Card, ...], calls: Iterable[str], events: Events
    ) -> None:
        """Record the call, or charge its absence."""
        if game.hands[seat]:
            return
        if self.call in calls:
            events.append(CallMade(seat, self.call))
            return
        events.append(Penalised(seat, self.rule_id, "did not say " + self.call, self.penalty))
        if self.penalty:
            game.draw_cards(seat, self.penalty, "penalty", events)
