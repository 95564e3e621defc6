"""makao: a typed rules engine for the Makao / Mau-Mau family of card games.

```pycon
>>> from makao import Game, variants
>>> game = Game.new(variants.polish(), players=2, seed=7)
>>> game.play(game.legal_moves()[0])  # doctest: +ELLIPSIS
(...)

```
"""

from makao import rules, variants
from makao._build import compiled_modules
from makao.actions import ActionSpace, Stepper
from makao.cards import ALL_CARDS, Card, Rank, Suit, format_cards, parse_cards
from makao.engine import Game
from makao.errors import (
    CardParseError,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    MakaoError,
    SeatError,
    SetupError,
    StateError,
)
from makao.events import redact
from makao.match import Match
from makao.moves import Draw, Move, Pass, Play, Say, Seat, Stop, parse_move
from makao.outcome import Outcome
from makao.rules.base import Pending
from makao.sim import compare, simulate
from makao.tournament import ladder
from makao.variant import Variant
from makao.view import View

__version__ = "0.1.0"
"""The version of this makao release."""

compiled: bool = bool(compiled_modules())
"""Whether this is the compiled build (hot-path modules compiled with mypyc; built with
``MAKAO_COMPILE=1``) rather than the pure-Python one. Both run the same source."""

__all__ = [
    "ALL_CARDS",
    "ActionSpace",
    "Card",
    "CardParseError",
    "Draw",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "MakaoError",
    "Match",
    "Move",
    "Outcome",
    "Pass",
    "Pending",
    "Play",
    "Rank",
    "Say",
    "Seat",
    "SeatError",
    "SetupError",
    "StateError",
    "Stepper",
    "Stop",
    "Suit",
    "Variant",
    "View",
    "__version__",
    "compare",
    "compiled",
    "format_cards",
    "ladder",
    "parse_cards",
    "parse_move",
    "redact",
    "rules",
    "simulate",
    "variants",
]
