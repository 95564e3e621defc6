"""A game's record: its setup and moves, which replay to the very same game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from makao.banking.options import BankingOptions
from makao.cards import Card

if TYPE_CHECKING:
    from makao.banking.game import BankingGame

__all__ = ["BankingRecord"]


@attrs.frozen(kw_only=True)
class BankingRecord:
    """Seed, players (in arriving order), options, stacked cards, balances and moves."""

    players: tuple[str, ...]
    options: BankingOptions
    seed: int
    stack: tuple[Card, ...] = ()
    balances: tuple[int, ...] | None = None
    moves: tuple[str, ...] = ()

    def replay(self) -> BankingGame:
        """Build the game again and play every move (same seed, same moves, same events)."""
        from makao.banking.game import BankingGame

        game = BankingGame(
            self.players, self.options, seed=self.seed, stack=self.stack, balances=self.balances
        )
        for move in self.moves:
            game.play(move)
        return game
