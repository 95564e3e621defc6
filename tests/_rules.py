"""A user's rule that does something of the test's choosing after each play, shared by the
tests of the rule contract and of moves a rule stops part way."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from makao import Card
from makao.events import Event
from makao.rules.base import Table, TurnRule

Service = Callable[[Table, list[Event]], object]
"""What a `Slip` does: given the game and the move's events."""


@attrs.frozen
class Slip(TurnRule):
    """A user's rule that calls ``service`` after each play (a service called wrongly, a
    rule that raises)."""

    service: Service

    def after_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        calls: Iterable[str],
        events: list[Event],
    ) -> None:
        """The call."""
        self.service(game, events)
