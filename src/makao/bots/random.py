"""The uniformly random player: the baseline of every experiment."""

from __future__ import annotations

from collections.abc import Sequence

from makao.bots.protocol import BaseBot
from makao.moves import Move
from makao.view import View

__all__ = ["RandomBot"]


class RandomBot(BaseBot):
    """Picks uniformly among the legal moves; out of turn, among its actions and silence."""

    name = "random"

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """A uniformly random legal move."""
        return moves[int(self.rng.random() * len(moves))]

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        """Each action, or saying nothing, equally likely."""
        index = int(self.rng.random() * (len(moves) + 1))
        return moves[index] if index < len(moves) else None
