"""The public API's static types, as a typed user's code sees them (``mypy --strict``).

Each test uses the API as the docs show it and pins the types with ``assert_type``: the
project's ``mypy --strict src tests examples`` run fails when a public signature widens
(for instance back to ``tuple[object, ...]``), and pytest runs the same code.
"""

from __future__ import annotations

from typing_extensions import assert_type

from makao import Game, redact, variants
from makao.banking import BankingGame, Bot, DrawBelow, OptimalPunter, macao, play_out
from makao.events import CardsDrawn, Event


def test_redact_keeps_the_event_type() -> None:
    game = Game.from_position(
        variants.polish(), hands=["2h 5c 5d", "3h 9d Kd"], pile="7h", stock="Kc 5s 6s 7s"
    )
    game.play("2h")
    events = game.play("draw")
    seen = redact(events, 0)
    assert_type(seen, tuple[Event, ...])
    drawn = seen[1]
    assert isinstance(drawn, CardsDrawn) and drawn.cards == ()
    assert_type(redact((drawn,), 1), tuple[CardsDrawn, ...])


def test_banking_bots_are_banking_bots() -> None:
    game = BankingGame(["Ann", "Bo", "Cy"], macao(fixed_stake=10), seed=7)
    bots: list[Bot] = [DrawBelow(5), DrawBelow(5), OptimalPunter()]  # docs/banking.md
    play_out(game, bots)
    assert game.is_over
