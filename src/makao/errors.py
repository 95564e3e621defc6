"""The library's exception hierarchy.

Every error the library raises on bad input is a [`MakaoError`][makao.errors.MakaoError]; a seat
that is not at the table is a [`SeatError`][makao.errors.SeatError]. The two move errors are also
`ValueError` subclasses, so ``except ValueError`` keeps working:

* [`InvalidMoveError`][makao.errors.InvalidMoveError] -- the text or object is not a move at all
  (syntax).
* [`IllegalMoveError`][makao.errors.IllegalMoveError] -- a well-formed move that the rules forbid
  now.
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "MakaoError",
    "SeatError",
    "SetupError",
    "StaleMoveError",
    "StateError",
    "WrongSeatError",
]


class MakaoError(Exception):
    """Base class of every error raised by makao."""


class CardParseError(MakaoError, ValueError):
    """A card's text (``7h``, ``10s``, ``K♥``) could not be read."""


class InvalidMoveError(MakaoError, ValueError):
    """A move's text or object is malformed (a syntax error, not a rules question)."""


class IllegalMoveError(MakaoError, ValueError):
    """A well-formed move that the rules do not allow in the current position."""


class GameOverError(IllegalMoveError):
    """A move was played after the game ended."""


class SeatError(MakaoError, ValueError, IndexError):
    """A seat number that is not a seat of the table (``game.view(5)`` at a table of 4, a
    ``bool``, a string): a question about a seat, not a move, so no move error. Also a
    `ValueError` and an `IndexError`, for callers that catch those."""


class SetupError(MakaoError, ValueError):
    """A game, position or variant could not be built from the given arguments."""


class StateError(MakaoError, ValueError):
    """A saved game or record is corrupt or does not fit its variant."""


class WrongSeatError(IllegalMoveError):
    """A move sent by a seat that may not make it: a turn move from a seat other than
    `to_move` (the seat to move, named in the message), or an action written for
    another seat (``"2: say makao"`` sent by seat 1)."""

    def __init__(self, message: str, to_move: int | None = None) -> None:
        super().__init__(message)
        #: The seat whose turn it is (``None`` when the error is not about the turn).
        self.to_move = to_move


class StaleMoveError(IllegalMoveError):
    """A move sent by action id for a state (``version``) that is no longer current."""
