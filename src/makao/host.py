"""Hosting a game for several clients: moves arrive as text with the seat that sent them,
and every seat gets its own redacted events and view, ready to send as JSON.

A [`Host`][makao.host.Host] holds the [`Game`][makao.engine.Game]; clients never see it. The loop of
a server is: a client's text arrives with its seat, [`Host.submit`][makao.host.Host.submit] checks
that the seat may make the move and plays it, and [`Host.updates`][makao.host.Host.updates] gives
every seat what to send it:

    host = Host(Game.new(variants.polish(), players=2, seed=1))
    per_seat = host.submit(0, host.moves(0)[0])   # seat 0's events, seat 1's events
    messages = host.updates(per_seat)             # {seat: JSON-ready update}

Who may send what (the move notation): a turn move (``"7h"``, ``"draw"``, ``"pass"``)
only the seat to move; an action written ``"S: …"`` (``"1: say makao"``, ``"2: stop 1"``)
only seat ``S``, at any time; a host report (``"host: timeout 2"``, UM-6) only the host
itself (seat ``None``). Anything else is refused with
[`WrongSeatError`][makao.errors.WrongSeatError], and the game is unchanged.

The engine keeps no clock; the host decides what takes time. In Ultimate Mao a question
period may be closed ("End of questions", UM-22) only ``question_time`` seconds after it
opened (default [`QUESTION_TIME`][makao.host.QUESTION_TIME], read from ``clock``): until then
the close is not among a seat's moves and a seat's close is refused with
[`IllegalMoveError`][makao.errors.IllegalMoveError] (the host itself, seat ``None``, is not
checked).
"""

from __future__ import annotations

import math
import re
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any, cast

from makao._text import shown
from makao.engine import Game
from makao.errors import (
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    SeatError,
    SetupError,
    StaleMoveError,
    StateError,
    WrongSeatError,
)
from makao.events import Event, redact
from makao.moves import Move, parse_move
from makao.variant import Variant
from makao.variants.mao.moves import HostReport
from makao.variants.mao.talk import HostReports, QuestionPeriods
from makao.wire import VERSION, events_to_list, moves_to_list, view_to_dict

__all__ = ["MAX_MOVE_TEXT", "QUESTION_TIME", "Host", "PerSeat"]

PerSeat = dict[int, tuple[Event, ...]]
"""Per-seat events of one move: ``per_seat[seat]`` is what ``seat`` may see."""

MAX_MOVE_TEXT = 200
"""The longest move text a client may send (longer text is refused unread)."""

QUESTION_TIME = 10.0
"""Seconds a question period stays open before "End of questions" may close it: the
spec's "about ten seconds" (UM-22), the host's default."""

_ACTOR = re.compile(r"^\s*(\d+|host)\s*:")


class Host:
    """A game held by a host: moves from seats, per-seat redacted events and views."""

    def __init__(
        self,
        game: Game,
        question_time: float = QUESTION_TIME,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """Host ``game`` (a new one, or one loaded with
        [`Game.from_json`][makao.engine.Game.from_json]). ``question_time``: the seconds
        (by ``clock``) a question period stays open before it may be closed (UM-22; a
        period open in a loaded game counts from now); 0 lets it close at once."""
        if not isinstance(game, Game):
            raise SetupError(f"a host holds a Game, not {shown(game, 40)}")
        if (
            not isinstance(question_time, (int, float))
            or isinstance(question_time, bool)
            or not 0 <= question_time <= sys.float_info.max  # finite, and as a float
        ):
            raise SetupError(
                f"question_time must be a number of seconds ≥ 0, not {shown(question_time, 40)}"
            )
        if not callable(clock):
            raise SetupError(f"clock must be a function giving seconds, not {shown(clock, 40)}")
        self._game = game
        self._last: tuple[str, int | None] | None = None
        self._question_time = float(question_time)
        self._clock = clock
        self._talk = next(
            (r for r in game.variant.compiled.turn_rules if isinstance(r, QuestionPeriods)), None
        )  # the compiled rule, whose state the game keeps (an equal variant's rules share it)
        self._opened: float | None = None
        self._note_period()

    @property
    def game(self) -> Game:
        """The hosted game (the host's eyes only)."""
        return self._game

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._game.players

    @property
    def version(self) -> int:
        """The number of moves played: a state's number, sent with every update."""
        return self._game.moves_played  # not `len(record)`: no copy of the record

    @property
    def time_limit(self) -> float | None:
        """Seconds the player to move has before the host reports a time-out (UM-6): the
        ``move_time_limit`` of the variant's rule that takes the host's reports
        ([`HostReports`][makao.variants.mao.talk.HostReports]; ``inf`` for one too long
        for a float), also in a variant composed from Mao's (which records no options);
        ``None`` if the variant has no such rule."""
        reports = self._game.variant.compiled.handlers.get(HostReport)
        limit = reports.move_time_limit if isinstance(reports, HostReports) else None
        if not isinstance(limit, (int, float)):
            return None
        try:
            return float(limit)
        except OverflowError:  # a whole number of seconds longer than any float
            return math.inf

    def moves(self, seat: int) -> list[str]:
        """The moves ``seat`` may send now, as text (turn moves only for the seat to move;
        [`Game.legal_moves`][makao.engine.Game.legal_moves] with a seat)."""
        if self._too_early() is None:
            return self._game.legal_moves_text(seat)
        talk = self._talk
        assert talk is not None
        return [str(m) for m in self._game.legal_moves(seat) if not talk.closes(self._game, m)]

    def actor(self, move: Move) -> int | None:
        """The seat that makes ``move``: ``S`` for ``"S: …"``, ``None`` for a host report,
        else the seat to move ([`Game.actor`][makao.engine.Game.actor])."""
        return self._game.actor(move)

    def submit(self, seat: int | None, text: str, version: int | None = None) -> PerSeat:
        """Play ``text`` sent by ``seat`` (``None``: the host itself) and return every seat's
        redacted events. With ``version``, the move is meant for that state only.

        Raises [`SeatError`][makao.errors.SeatError] for a seat not at the table,
        [`WrongSeatError`][makao.errors.WrongSeatError] when the seat may not make the move,
        [`StaleMoveError`][makao.errors.StaleMoveError] when ``version`` is not the current state,
        and the library's move errors for a bad or illegal move; the game is then unchanged."""
        self._check_seat(seat)
        self._check_version(version)
        move = self._parse(text)
        if self._game.is_over:
            raise GameOverError(f"the game is over; {move} cannot be played")
        actor = self.actor(move)
        if seat is not None:
            self._check_actor(seat, move, actor)
            self._check_close(move)
        events = self._game.play(move)
        self._last = (str(self._game.last_move), actor)  # the move just played, as listed
        self._note_period()
        return self.per_seat(events)

    def submit_action(self, seat: int, action: int, version: int) -> PerSeat:
        """Play the move with id ``action`` in the list [`update`][makao.host.Host.update] sent
        ``seat`` for state ``version``; raises [`StaleMoveError`][makao.errors.StaleMoveError] if
        the state has changed since, and [`SeatError`][makao.errors.SeatError] for no seat at
        the table (``None`` too: ids number a seat's own list; the host plays by text,
        [`submit`][makao.host.Host.submit])."""
        if seat is None:
            raise SeatError("an action id needs the seat whose list it numbers, not None")
        self._check_seat(seat)
        if version is None:
            raise StaleMoveError("an action id needs the version of the state it was sent for")
        self._check_version(version)
        moves = self.moves(seat)
        if type(action) is not int or not 0 <= action < len(moves):
            listed = f"ids are 0…{len(moves) - 1}" if moves else "it has no move now"
            raise InvalidMoveError(f"no action {shown(action, 20)} for seat {seat}: {listed}")
        return self.submit(seat, moves[action])

    def timeout(self) -> PerSeat:
        """Report that the player to move ran out of time (UM-6: ``"host: timeout S"``)."""
        return self.submit(None, f"host: timeout {self._game.to_move}")

    def per_seat(self, events: tuple[Event, ...]) -> PerSeat:
        """``events`` as each seat may see them (others' drawn cards hidden)."""
        return {
            seat: cast("tuple[Event, ...]", redact(events, seat)) for seat in range(self.players)
        }

    def update(self, seat: int, events: tuple[Event, ...] | None = None) -> dict[str, Any]:
        """What to send ``seat`` now (JSON-ready, schema ``Update``): its view, the moves
        it may send with their ids, the state's ``version``; after a move (``events``, already
        redacted for the seat), also that move's text and the seat that made it (``None``
        for the host). Without ``events`` (a seat joining), the events are the deal's
        announcements ([`Game.opening`][makao.state.State.opening], redacted for the seat:
        Ultimate Mao's "Dealing begins…" and "The game … begins with…", UM-2, UM-4)."""
        last = self._last if events is not None else None
        last_move, by = last if last is not None else (None, None)
        if events is None:
            events = cast("tuple[Event, ...]", redact(self._game.opening, seat))
        return {
            "type": "Update",
            "schema": VERSION,
            "seat": seat,
            "version": self.version,
            "move": last_move,
            "by": by,
            "events": events_to_list(events),
            "view": view_to_dict(self._game.view(seat)),
            "moves": moves_to_list(self.moves(seat)),
        }

    def updates(self, per_seat: PerSeat) -> dict[int, dict[str, Any]]:
        """Every seat's [`update`][makao.host.Host.update] after a move, from
        [`submit`][makao.host.Host.submit]'s result; raises
        [`StateError`][makao.errors.StateError] if ``per_seat`` is not a mapping."""
        if not isinstance(per_seat, Mapping):
            raise StateError(
                f"per_seat must be a mapping of seats to events, not {shown(per_seat, 60)}"
            )
        return {seat: self.update(seat, events) for seat, events in per_seat.items()}

    def to_json(self) -> str:
        """Save the hosted game ([`Game.to_json`][makao.engine.Game.to_json])."""
        return self._game.to_json()

    @classmethod
    def from_json(
        cls,
        text: str,
        question_time: float = QUESTION_TIME,
        clock: Callable[[], float] = time.monotonic,
        *,
        variant: Variant | None = None,
    ) -> Host:
        """Host a game saved by [`to_json`][makao.host.Host.to_json], with the
        ``question_time`` and ``clock`` of [`Host`][makao.host.Host] (a save keeps neither);
        ``variant`` is the variant of a game of one's own, as for
        [`Game.from_json`][makao.engine.Game.from_json]."""
        return cls(Game.from_json(text, variant), question_time, clock)

    def _check_seat(self, seat: object) -> None:
        if seat is None:
            return
        if type(seat) is not int or not 0 <= seat < self.players:
            raise SeatError(f"no seat {shown(seat, 20)} at a table of {self.players}")

    def _check_version(self, version: object) -> None:
        whole = isinstance(version, int) and not isinstance(version, bool)  # an IntEnum too
        if version is None or (whole and version == self.version):
            return
        wrong = "" if whole else f"a version is an int, not {type(version).__name__}; "
        raise StaleMoveError(
            f"a move for state {shown(version, 20)} is stale: {wrong}the state is now "
            f"{self.version}"
        )

    def _note_period(self) -> None:
        """Note when the question period in progress opened (UM-22)."""
        talk = self._talk
        if talk is None or talk.state(self._game)[0] is None:
            self._opened = None
        elif self._opened is None:
            self._opened = self._clock()

    def _too_early(self) -> float | None:
        """The seconds a question period has been open, while too few to close it."""
        if self._opened is None:
            return None
        elapsed = self._clock() - self._opened
        return elapsed if elapsed < self._question_time else None

    def _check_close(self, move: Move) -> None:
        elapsed = self._too_early()
        if elapsed is not None and self._talk is not None and self._talk.closes(self._game, move):
            raise IllegalMoveError(
                f"a question period may be closed after {self._question_time:g} s (UM-22), "
                f"not after {elapsed:.1f} s: {move}"
            )

    def _parse(self, text: object) -> Move:
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move's text must be a string, not {type(text).__name__}")
        if len(text) > MAX_MOVE_TEXT:
            raise InvalidMoveError(f"a move's text is at most {MAX_MOVE_TEXT} characters")
        return parse_move(text)

    def _check_actor(self, seat: int, move: Move, actor: int | None) -> None:
        if actor is None:
            raise WrongSeatError(f"only the host reports {move}; seat {seat} cannot")
        if actor == seat:
            return
        if _ACTOR.match(str(move)):
            raise WrongSeatError(f"seat {seat} cannot act for seat {actor}: {move}")
        raise WrongSeatError(f"it is seat {actor}'s turn, not seat {seat}'s: {move}", actor)
