"""A rule-of-thumb player: shed cards, keep changers and battle cards for defence."""

from __future__ import annotations

from collections.abc import Sequence

from makao.bots.policy import Situation, best_moves, is_talk
from makao.bots.protocol import BaseBot
from makao.errors import IllegalMoveError
from makao.moves import Move
from makao.view import View

__all__ = ["HeuristicBot"]


class HeuristicBot(BaseBot):
    """Plays the move [`score_move`][makao.bots.policy.score_move] likes best (ties at random).

    It always says its calls ("makao") and takes every out-of-turn action ("stop" on a
    player who forgot theirs, closing a question period) but never makes table talk
    ([`is_talk`][makao.bots.policy.is_talk]: a Mao "question" or "remark"); it finishes when
    it can; it prefers to shed several and high cards; it keeps wild, demanding and
    battle cards for defence unless an opponent is close to going out (then it attacks)
    or its own hand is nearly empty; it demands a rank and names a suit it holds itself;
    it draws or passes only when nothing else is worth it.
    """

    name = "heuristic"

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """The best-scored move, ties broken by the bot's seeded ``rng``
        ([`IllegalMoveError`][makao.errors.IllegalMoveError] if ``moves`` is empty)."""
        best = best_moves(moves, Situation.of_view(view))
        if not best:
            raise IllegalMoveError(f"seat {view.seat} has no move to choose from")
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        """Take any out-of-turn action but table talk (say a late call, call "stop")."""
        return next((move for move in moves if not is_talk(move)), None)
